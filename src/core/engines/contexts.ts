// Reads the docker CLI's context store: contexts/meta/<id>/meta.json, TLS under contexts/tls/<id>/docker/,
// where <id> is the sha256 of the context name. One bad file is reported and the others still load.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { EngineTls } from '../../shared/engine';
import { DEFAULT_CONTEXT } from './current-context';
import { isNotFound, messageOf, readConfigText } from './docker-config';
import { findTlsMaterial } from './tls-material';
import { jsonErrorText } from '../../shared/json-error-text';

export interface DockerContext {
  name: string;
  host: string;
  tls?: EngineTls;
  metaPath: string;
}

export interface ContextProblem {
  /** The context's name when the file got far enough to say it, else the store folder's name. */
  name: string;
  metaPath: string;
  message: string;
}

const metaSchema = z.object({
  Name: z.string().min(1),
  Endpoints: z.object({
    docker: z
      .object({
        Host: z.string().min(1),
        SkipTLSVerify: z.boolean().optional(),
      })
      .optional(),
  }),
});

/**
 * The object with its keys spelled as `fields` spell them, matched as Go's encoding/json matches a
 * struct's fields: exactly or ignoring case, a later key overwriting an earlier one. The docker CLI
 * decodes meta.json into structs (`cli/context/store` `Metadata`, `EndpointMetaBase`), so "name" and
 * "Name" are the same key to it; the endpoint map's own keys ("docker") are case-sensitive.
 */
function goFieldKeys(value: unknown, fields: readonly string[]): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const field = fields.find((f) => f === key) ?? fields.find((f) => f.toLowerCase() === key.toLowerCase());
    if (field) out[field] = v;
  }
  return out;
}

function asDockerCliReadsIt(json: unknown): unknown {
  const meta = goFieldKeys(json, ['Name', 'Metadata', 'Endpoints']);
  if (typeof meta !== 'object' || meta === null) return meta;
  const endpoints = (meta as { Endpoints?: unknown }).Endpoints;
  if (typeof endpoints !== 'object' || endpoints === null || !('docker' in endpoints)) return meta;
  return {
    ...meta,
    Endpoints: {
      ...endpoints,
      docker: goFieldKeys((endpoints as { docker: unknown }).docker, ['Host', 'SkipTLSVerify']),
    },
  };
}

export function contextStoreId(name: string): string {
  return createHash('sha256').update(name).digest('hex');
}

export async function readContexts(
  configDir: string,
): Promise<{ contexts: DockerContext[]; problems: ContextProblem[] }> {
  const metaRoot = path.join(configDir, 'contexts', 'meta');
  let entries: string[];
  try {
    entries = await fs.readdir(metaRoot);
  } catch (err) {
    if (isNotFound(err)) return { contexts: [], problems: [] };
    return {
      contexts: [],
      problems: [
        { name: metaRoot, metaPath: metaRoot, message: `Cannot list ${metaRoot}: ${messageOf(err)}` },
      ],
    };
  }
  const results = await Promise.all(entries.sort().map((entry) => readOne(configDir, metaRoot, entry)));
  const contexts: DockerContext[] = [];
  const problems: ContextProblem[] = [];
  for (const result of results) {
    if (result === undefined) continue;
    if ('message' in result) problems.push(result);
    else contexts.push(result);
  }
  contexts.sort((a, b) => a.name.localeCompare(b.name));
  return { contexts, problems };
}

async function readOne(
  configDir: string,
  metaRoot: string,
  entry: string,
): Promise<DockerContext | ContextProblem | undefined> {
  const dir = path.join(metaRoot, entry);
  try {
    if (!(await fs.stat(dir)).isDirectory()) return undefined;
  } catch {
    return undefined;
  }
  const metaPath = path.join(dir, 'meta.json');
  const problem = (message: string, name = entry): ContextProblem => ({ name, metaPath, message });

  let text: string;
  try {
    text = await readConfigText(metaPath);
  } catch (err) {
    return problem(`Cannot read the context file ${metaPath}: ${messageOf(err)}`);
  }
  let json: unknown;
  try {
    json = asDockerCliReadsIt(JSON.parse(text));
  } catch (err) {
    return problem(`The context file ${metaPath} is not valid JSON: ${jsonErrorText(err, text)}`);
  }
  const parsed = metaSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') || '(top level)';
    const declared = (json as { Name?: unknown } | null)?.Name;
    const name = typeof declared === 'string' && declared !== '' ? declared : entry;
    return problem(
      `The context file ${metaPath} is not in Docker's format: ${where}: ${issue?.message}`,
      name,
    );
  }
  const { Name: name, Endpoints } = parsed.data;
  if (name === DEFAULT_CONTEXT) {
    // Listed under a name of its own so it cannot be mistaken for the implicit `default` context.
    return problem(
      `The context file ${metaPath} names "${DEFAULT_CONTEXT}", which the docker CLI reserves; it is ignored.`,
      `${DEFAULT_CONTEXT}@${entry.slice(0, 12)}`,
    );
  }
  if (!Endpoints.docker) {
    return problem(`The context "${name}" (${metaPath}) has no docker endpoint.`, name);
  }
  const tlsDir = path.join(configDir, 'contexts', 'tls', contextStoreId(name), 'docker');
  const tls = await findTlsMaterial(tlsDir, Endpoints.docker.SkipTLSVerify === true);
  return { name, host: Endpoints.docker.Host, metaPath, ...(tls ? { tls } : {}) };
}
