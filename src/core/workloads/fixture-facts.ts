// For tests: walks a fixture spec once, the way both fixture writers do, and sums up what a test
// needs to check about it. Throws where a writer would fail: an unsafe path, a file before its
// folder, content of the wrong length.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { assertSafeFixturePath, type FixtureSpec } from '../fixtures/fixture-spec';

export interface FixtureFacts {
  entries: number;
  files: number;
  dirs: number;
  bytes: number;
  paths: string[];
  /** sha256 over every path, size, mtime and byte: equal digests, equal fixtures. */
  digest: string;
}

export function fixtureFacts(spec: FixtureSpec): FixtureFacts {
  const hash = createHash('sha256');
  const dirs = new Set<string>();
  const paths: string[] = [];
  const seen = new Set<string>();
  let files = 0;
  let bytes = 0;
  for (const entry of spec.entries()) {
    assertSafeFixturePath(entry.path);
    const parent = entry.path.includes('/') ? entry.path.slice(0, entry.path.lastIndexOf('/')) : null;
    if (parent !== null && !dirs.has(parent)) throw new Error(`${entry.path} comes before its folder`);
    if (seen.has(entry.path)) throw new Error(`${entry.path} is listed twice`);
    seen.add(entry.path);
    paths.push(entry.path);
    hash.update(`${entry.type} ${entry.path}\n`);
    if (entry.type === 'dir') {
      dirs.add(entry.path);
      continue;
    }
    files++;
    bytes += entry.size;
    hash.update(`${entry.size} ${entry.mtime ?? '-'}\n`);
    if (entry.source) {
      const content = readFileSync(entry.source);
      if (content.length !== entry.size) throw new Error(`${entry.path}: source is not ${entry.size} bytes`);
      hash.update(content);
    } else if (entry.content) {
      const content = entry.content();
      if (content.length !== entry.size) throw new Error(`${entry.path}: content is not ${entry.size} bytes`);
      hash.update(content);
    }
  }
  return { entries: paths.length, files, dirs: dirs.size, bytes, paths, digest: hash.digest('hex') };
}
