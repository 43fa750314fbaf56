import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotReadableFile, readRegularFile } from './read-regular-file';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mountbench-read-regular-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('readRegularFile', () => {
  it('reads a file whole, small or larger than one chunk, byte for byte', async () => {
    const small = Buffer.from('{"a":1}');
    const large = Buffer.alloc(3 * 1024 * 1024 + 17, 0);
    for (let i = 0; i < large.length; i++) large[i] = i % 251;
    await writeFile(join(dir, 'small.json'), small);
    await writeFile(join(dir, 'large.bin'), large);
    await writeFile(join(dir, 'empty'), '');
    expect((await readRegularFile(join(dir, 'small.json'), { maxBytes: 1024 })).equals(small)).toBe(true);
    expect((await readRegularFile(join(dir, 'large.bin'), { maxBytes: 4 * 1024 * 1024 })).equals(large)).toBe(
      true,
    );
    expect((await readRegularFile(join(dir, 'empty'), { maxBytes: 10 })).length).toBe(0);
  });

  it('refuses a file over the cap, naming its size', async () => {
    await writeFile(join(dir, 'big.json'), Buffer.alloc(2048, 32));
    const err = await readRegularFile(join(dir, 'big.json'), { maxBytes: 1024 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotReadableFile);
    expect((err as NotReadableFile).size).toBe(2048);
  });
});
