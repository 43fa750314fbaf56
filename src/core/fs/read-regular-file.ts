// Reads a file that must be a plain file of bounded size, without ever blocking: a FIFO, socket or
// device planted where a journal, backup or result file should be would make a plain open() wait
// for a writer forever. O_NONBLOCK makes that open return at once; fstat on the open handle then
// decides (no window between a stat and the open for the path to be swapped).
import { constants, promises as fs, type BigIntStats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { MountbenchError } from '../../shared/errors';

export interface ReadRegularOptions {
  /** Refuse anything larger, before and while reading. */
  maxBytes: number;
  /** Refuse a symbolic link instead of following it (backups, journals: only our own files). */
  noFollow?: boolean;
}

function kindOf(stat: { isFIFO(): boolean; isSocket(): boolean; isDirectory(): boolean }): string {
  if (stat.isFIFO()) return 'a FIFO (named pipe)';
  if (stat.isSocket()) return 'a socket';
  if (stat.isDirectory()) return 'a folder';
  return 'a device or other special file';
}

export function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Thrown for a path that exists but is not a plain file, or is too large: callers name it. */
export class NotReadableFile extends MountbenchError {
  /** Set when the file was refused for its size: the bytes seen. */
  constructor(
    message: string,
    readonly size?: number,
  ) {
    super('FILE_INVALID', message);
  }
}

/** An open handle on a file checked to be plain and within the cap, with what fstat said of it. */
export interface OpenRegularFile {
  handle: FileHandle;
  /** From the open handle (nanosecond times: a cache key can tell two writes in one millisecond). */
  stat: BigIntStats;
}

/**
 * Opens `file` and checks, on the open handle, that it is a plain file within the cap; the caller
 * reads it (readOpenFile) or not, and closes the handle. Errors as readRegularFile's.
 */
export async function openRegularFile(file: string, options: ReadRegularOptions): Promise<OpenRegularFile> {
  const flags =
    constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (options.noFollow ? (constants.O_NOFOLLOW ?? 0) : 0);
  const handle = await fs.open(file, flags);
  try {
    const stat = await handle.stat({ bigint: true });
    if (!stat.isFile()) throw new NotReadableFile(`${file} is not a regular file (it is ${kindOf(stat)})`);
    if (stat.size > BigInt(options.maxBytes))
      throw new NotReadableFile(
        `${file} is ${megabytes(Number(stat.size))}; more than the ${megabytes(options.maxBytes)} allowed`,
        Number(stat.size),
      );
    return { handle, stat };
  } catch (err) {
    await handle.close();
    throw err;
  }
}

/** The bytes of a file opened by openRegularFile, the cap enforced on what is actually read. */
export async function readOpenFile(opened: OpenRegularFile, file: string, maxBytes: number): Promise<Buffer> {
  const { handle } = opened;
  const size = Number(opened.stat.size);
  // The file may grow after the fstat, so the cap is enforced on what is actually read.
  const chunks: Buffer[] = [];
  let total = 0;
  // Chunks sized by the file (a zeroed 1 MiB per read cost a 1,000-file team dataset seconds of
  // memset: bench/team-dataset.ts); unsafe is fine, only the bytes read are ever kept.
  const chunkBytes = Math.min(1024 * 1024, maxBytes + 1, Math.max(size + 1, 16 * 1024));
  for (;;) {
    const chunk = Buffer.allocUnsafe(chunkBytes);
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
    if (bytesRead === 0) break;
    total += bytesRead;
    if (total > maxBytes)
      throw new NotReadableFile(`${file} grew past the ${megabytes(maxBytes)} allowed while read`, total);
    chunks.push(chunk.subarray(0, bytesRead));
    // A short read once all fstat promised has come is the end (read(2)): asking again only to
    // hear 0 was one more trip through the thread pool per file, a fifth of a team dataset's
    // reading. Short of that size, a short read (a network file system) reads on.
    if (bytesRead < chunk.length && total >= size) break;
  }
  return Buffer.concat(chunks, total);
}

/**
 * The bytes of `file`. Errors from the file system (ENOENT, EACCES, ELOOP for a refused link) are
 * thrown as they are, so callers can tell "missing" from "unreadable"; a file that is not plain or
 * is too large throws NotReadableFile with a message that names it.
 */
export async function readRegularFile(file: string, options: ReadRegularOptions): Promise<Buffer> {
  const opened = await openRegularFile(file, options);
  try {
    return await readOpenFile(opened, file, options.maxBytes);
  } finally {
    await opened.handle.close();
  }
}
