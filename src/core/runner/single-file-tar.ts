// Reads the one regular file of a tar stream (what the engine's archive endpoint returns for a
// single path), bounded in size: the engine's answer is input like any other.
import { MountbenchError } from '../../shared/errors';

const BLOCK = 512;

function octal(header: Buffer, offset: number, length: number): number {
  const text = header
    .subarray(offset, offset + length)
    .toString('latin1')
    .replace(/\0.*$/s, '')
    .trim();
  const value = parseInt(text || '0', 8);
  if (!Number.isFinite(value) || value < 0)
    throw new MountbenchError('INTERNAL', 'a tar header has a bad size');
  return value;
}

/** The contents of the first regular file in `tar`; PAX and GNU extension headers are skipped. */
export function firstTarFile(tar: Buffer, maxBytes: number): Buffer {
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((b) => b === 0)) break;
    const size = octal(header, 124, 12);
    const type = String.fromCharCode(header[156] || 0x30);
    const start = offset + BLOCK;
    if (type === '0') {
      if (size > maxBytes)
        throw new MountbenchError('INTERNAL', `the archived file is over ${maxBytes} bytes`);
      if (start + size > tar.length) throw new MountbenchError('INTERNAL', 'the tar stream ends mid-file');
      return Buffer.from(tar.subarray(start, start + size));
    }
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  throw new MountbenchError('INTERNAL', 'the tar stream holds no regular file');
}

/** Collects a stream into memory, refusing past `maxBytes`. */
export async function readBounded(stream: NodeJS.ReadableStream, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) throw new MountbenchError('INTERNAL', `the archive is over ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
