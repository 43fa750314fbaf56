// The last look before a run leaves the machine: the sanitized copy must not hold this machine's
// host name, the user's name or home folder, or anything identifying the original run carried in
// fields the copy drops (the engine's socket path, the custom workload's project, an imported
// file's name). The allow-list copy should never hold them; this check is what proves it for every
// run that is published, and a run that fails it is not sent at all.
import os from 'node:os';
import path from 'node:path';
import type { RunFile } from '../../shared/result-schema';
import { BENCH_IMAGES } from './bench-images';

/** Shorter words match too much by chance ("dev" in "/dev/...", "m1" in a chip name). */
const MIN_TOKEN_LENGTH = 4;

export interface IdentityFacts {
  hostName: string;
  userName: string;
  home: string;
}

export function thisMachine(): IdentityFacts {
  let userName = '';
  try {
    userName = os.userInfo().username;
  } catch {
    userName = process.env.USER ?? '';
  }
  return { hostName: os.hostname(), userName, home: os.homedir() };
}

function pathWords(text: string): string[] {
  // `/Users/alice/...`, `/home/alice/...`: the folder after the users' folder is the user name.
  const words: string[] = [];
  for (const m of text.matchAll(/\/(?:Users|home)\/([^/\s"']+)/g)) words.push(m[1]);
  return words;
}

/**
 * `registry.corp.example:5000/alice/app:dev` → its name without the tag (`…/alice/app`) and its
 * registry host (`registry.corp.example`), so a copy that kept part of it is caught too. Only the
 * host by Docker's rule (the first part holds a `.` or a `:`, or is `localhost`): shorter parts
 * such as `bench` or `tools` would match Mountbench's own words and refuse every publish.
 */
function imageWords(image: string): string[] {
  const words: string[] = [];
  const name = image.split('@')[0].replace(/:[^/:]*$/, '');
  words.push(name);
  const first = name.split('/')[0];
  if (name.includes('/') && (first.includes('.') || first.includes(':') || first === 'localhost'))
    words.push(first.split(':')[0]);
  return words;
}

/** The strings that must not appear in the shared copy of `original`. */
export function identifyingStrings(original: RunFile, facts: IdentityFacts): string[] {
  const found = new Set<string>();
  const add = (value: string | undefined) => {
    const v = value?.trim();
    if (v && v.length >= MIN_TOKEN_LENGTH) found.add(v);
  };
  add(facts.hostName);
  add(facts.hostName.split('.')[0]);
  add(facts.userName);
  add(facts.home !== '/' ? facts.home : undefined);
  for (const word of pathWords(facts.home)) add(word);
  if (original.engine) for (const word of pathWords(original.engine.endpoint)) add(word);
  add(original.engine?.endpoint.replace(/^unix:\/\//, ''));
  add(original.machine.label);
  if (original.origin) add(path.basename(original.origin.file).replace(/\.json$/i, ''));
  for (const result of original.results) {
    if (result.workload.id !== 'custom') continue;
    const { project, command, image } = result.workload.params;
    for (const value of [project, command, image]) if (typeof value === 'string') add(value);
  }
  if (original.image && !BENCH_IMAGES.includes(original.image)) add(original.image);
  for (const result of original.results) {
    const image = result.image;
    if (image === undefined || BENCH_IMAGES.includes(image)) continue;
    add(image);
    for (const word of imageWords(image)) add(word);
  }
  return [...found];
}

/** The first place in `value` where one of `words` appears, as `path: word`, or null. */
export function findLeak(
  value: unknown,
  words: readonly string[],
  skip: ReadonlySet<string> = new Set(),
): string | null {
  const lowered = words.map((w) => w.toLowerCase());
  const walk = (node: unknown, at: string): string | null => {
    if (typeof node === 'string') {
      const text = node.toLowerCase();
      const hit = lowered.findIndex((w) => text.includes(w));
      return hit === -1 ? null : `${at || '(top level)'} holds "${words[hit]}"`;
    }
    if (typeof node !== 'object' || node === null) return null;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i += 1) {
        if (typeof node[i] === 'number') continue;
        const found = walk(node[i], `${at}[${i}]`);
        if (found) return found;
      }
      return null;
    }
    for (const [key, child] of Object.entries(node)) {
      const where = at ? `${at}.${key}` : key;
      if (skip.has(where)) continue;
      // Keys are ours or the schema's, but a params key is free text too.
      const inKey = walk(key, `${where} (key)`);
      if (inKey) return inKey;
      const found = walk(child, where);
      if (found) return found;
    }
    return null;
  };
  return walk(value, '');
}
