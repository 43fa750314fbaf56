// The dashboard's index.html, kept in memory and read again only when the file changed (its size,
// modification time or inode). Read whole on every GET /, the page cost four trips through libuv's
// thread pool (open, fstat, read, close), and under load (bench/serve-load.ts) each trip waits a
// turn of serve's event loop behind a slice of WebSocket work: that was most of GET /'s time. One
// stat a request still notices a rebuilt dashboard at once. The file is ours but on disk: bounded.
import { readFile, stat } from 'node:fs/promises';

/** A built index.html is a few KB; anything near this is not our page. */
export const MAX_INDEX_PAGE_BYTES = 1024 * 1024;

export interface IndexPageFs {
  stat(file: string): Promise<{ size: number; mtimeMs: number; ino: number; isFile(): boolean }>;
  readFile(file: string): Promise<Buffer>;
}

export interface IndexPage {
  /** The page's text, read from disk only when it changed since the last read. */
  text(): Promise<string>;
}

export function createIndexPage(file: string, fs: IndexPageFs = { stat, readFile }): IndexPage {
  let kept: { key: string; text: string } | null = null;
  return {
    async text() {
      const info = await fs.stat(file);
      if (!info.isFile()) throw new Error(`${file} is not a file`);
      if (info.size > MAX_INDEX_PAGE_BYTES)
        throw new Error(`${file} is ${info.size} bytes, more than a dashboard page can be`);
      const key = `${info.ino}:${info.size}:${info.mtimeMs}`;
      if (kept?.key === key) return kept.text;
      const bytes = await fs.readFile(file);
      if (bytes.byteLength > MAX_INDEX_PAGE_BYTES)
        throw new Error(`${file} grew past ${MAX_INDEX_PAGE_BYTES} bytes while it was read`);
      kept = { key, text: bytes.toString('utf8') };
      return kept.text;
    },
  };
}
