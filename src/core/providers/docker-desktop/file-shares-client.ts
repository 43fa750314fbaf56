// Docker Desktop's synchronized file shares, through the app's own API on the socket the engine
// names in its `com.docker.desktop.address` label. The requests and answers are the ones Docker
// Compose sent and read from March 2024 to April 2025 (docs/product-facts.md, "Docker Desktop
// synchronized file shares"); Docker documents no such API, so every answer is checked against
// that shape and anything else is an error that says what came back.
import { z } from 'zod';
import { MountbenchError } from '../../../shared/errors';
import { describeIssues } from '../../../shared/describe-issue';
import { parseUntrustedJson } from '../../../shared/json-limits';
import { desktopRequest, type DesktopAnswer } from './desktop-api-http';

/** The label Docker Desktop puts on a listed share: the id DELETE takes. */
export const SHARE_ID_LABEL = 'com.docker.desktop.mutagen.file-share.id';

const text = z.string().max(4096);
const labels = z
  .record(z.string().max(256), z.string().max(1024))
  .refine((l) => Object.keys(l).length <= 200, 'more than 200 labels');
const endpoint = z.object({
  path: text,
  totalFileSize: z.number().int().nonnegative().optional(),
  stagingProgress: z
    .object({ totalReceivedSize: z.number().int().nonnegative().optional() })
    .nullable()
    .optional(),
});
const shareSchema = z.object({
  identifier: text.optional(),
  alpha: endpoint,
  beta: endpoint,
  labels: labels.nullable().optional(),
  status: z.string().max(200),
});
const listSchema = z.array(shareSchema).max(1000);
const configSchema = z.object({
  active: z.boolean(),
  compose: z.object({ manageBindMounts: z.boolean().optional() }).optional(),
});
const createdSchema = z.object({ fileShareID: z.string().min(1).max(256) });

export interface FileShare {
  /** What DELETE takes: the share-id label, else the listed identifier. */
  id: string;
  hostPath: string;
  /** Where Docker Desktop keeps the synchronized copy. */
  targetPath: string;
  labels: Record<string, string>;
  status: string;
  totalBytes: number | null;
  receivedBytes: number | null;
}

export interface FileSharesConfig {
  active: boolean;
}

/** Parses an answer against `schema`; names the request and what was wrong. */
export function parseAnswer<T>(what: string, answer: DesktopAnswer, schema: z.ZodType<T>): T {
  let parsed: ReturnType<typeof parseUntrustedJson>;
  try {
    parsed = parseUntrustedJson(answer.body);
  } catch {
    throw badAnswer(what, 'it is not JSON');
  }
  if ('refused' in parsed) throw badAnswer(what, parsed.refused);
  const checked = schema.safeParse(parsed.value);
  if (!checked.success) throw badAnswer(what, describeIssues(checked.error.issues));
  return checked.data;
}

function badAnswer(what: string, reason: string): MountbenchError {
  return new MountbenchError(
    'ENGINE_UNREACHABLE',
    `Docker Desktop's answer to ${what} is not what Mountbench knows (${reason}); this Docker Desktop may have changed its file-share API`,
  );
}

function refused(what: string, answer: DesktopAnswer): MountbenchError {
  return new MountbenchError(
    'ENGINE_UNREACHABLE',
    `Docker Desktop refused ${what} (HTTP ${answer.status}): ${answer.body.slice(0, 500).trim()}`,
  );
}

export function shareFromAnswer(s: z.infer<typeof shareSchema>): FileShare | null {
  const l = s.labels ?? {};
  const id = l[SHARE_ID_LABEL] ?? s.identifier;
  if (!id) return null;
  return {
    id,
    hostPath: s.alpha.path,
    targetPath: s.beta.path,
    labels: l,
    status: s.status,
    totalBytes: s.alpha.totalFileSize ?? null,
    receivedBytes: s.beta.stagingProgress?.totalReceivedSize ?? null,
  };
}

export function parseShareList(answer: DesktopAnswer): FileShare[] {
  if (answer.status !== 200) throw refused('the list of file shares', answer);
  return parseAnswer('the list of file shares', answer, listSchema).flatMap((s) => {
    const share = shareFromAnswer(s);
    return share ? [share] : [];
  });
}

export function parseConfig(answer: DesktopAnswer): FileSharesConfig {
  // Compose took any status but 200 as "off" (pkg/compose/desktop.go).
  if (answer.status !== 200) return { active: false };
  const c = parseAnswer('the file-shares config', answer, configSchema);
  return { active: c.active };
}

export function parseCreated(answer: DesktopAnswer): string {
  if (answer.status !== 200) throw refused('creating a file share', answer);
  return parseAnswer('creating a file share', answer, createdSchema).fileShareID;
}

/** What a share's status means for a wait: Compose's eventHandler in file_shares.go. */
export function shareState(status: string): 'ready' | 'failed' | 'copying' {
  if (status === 'watching') return 'ready';
  if (status.startsWith('halted')) return 'failed';
  return 'copying';
}

export class FileSharesClient {
  constructor(readonly socketPath: string) {}

  async config(signal?: AbortSignal): Promise<FileSharesConfig> {
    return parseConfig(
      await desktopRequest(this.socketPath, 'GET', '/mutagen/file-shares/config', { signal }),
    );
  }

  async list(signal?: AbortSignal): Promise<FileShare[]> {
    return parseShareList(await desktopRequest(this.socketPath, 'GET', '/mutagen/file-shares', { signal }));
  }

  async create(hostPath: string, shareLabels: Record<string, string>, signal?: AbortSignal): Promise<string> {
    const answer = await desktopRequest(this.socketPath, 'POST', '/mutagen/file-shares', {
      body: { hostPath, labels: shareLabels },
      signal,
    });
    return parseCreated(answer);
  }

  /** Removes a share. Callers that must be safe to repeat list first and delete what is listed. */
  async delete(id: string, signal?: AbortSignal): Promise<void> {
    const answer = await desktopRequest(
      this.socketPath,
      'DELETE',
      `/mutagen/file-shares/${encodeURIComponent(id)}`,
      { signal },
    );
    if (answer.status < 200 || answer.status > 299) throw refused(`removing the file share ${id}`, answer);
  }
}
