// The built dashboard as files over HTTP, read-only, from one folder. When the address carried the
// token or a one-time code, index.html gets the page's credential written into a <meta> (the page
// keeps it in sessionStorage and sends it on the WebSocket), so index.html is never cached.
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, resolve, sep, isAbsolute } from 'node:path';
import { TOKEN_META_NAME } from '../shared/ws-protocol';
import { createIndexPage, type IndexPage } from './index-page';

const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};

export interface StaticOptions {
  rendererDir: string;
  /** The page's credential, or null: index.html without it (the page reads sessionStorage). */
  credential: string | null;
  headers: Record<string, string>;
}

/** The token as a <meta> just before </head>; base64url needs no escaping, but escape anyway. */
export function injectToken(html: string, token: string): string {
  const safe = token.replace(/[^A-Za-z0-9_-]/g, '');
  const meta = `<meta name="${TOKEN_META_NAME}" content="${safe}" />`;
  return html.includes('</head>') ? html.replace('</head>', `    ${meta}\n  </head>`) : `${meta}\n${html}`;
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, body: string): void {
  res.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(body);
}

/**
 * The file a URL path names inside `root`, or null. Paths that climb out (`..`, encoded or not),
 * carry NUL bytes, or resolve through a link to outside the folder are refused.
 */
export async function resolveStaticPath(root: string, pathname: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const base = await realpath(root);
  const candidate = resolve(base, `.${decoded}`);
  const inside = relative(base, candidate);
  if (inside.startsWith('..') || isAbsolute(inside)) return null;
  try {
    const real = await realpath(candidate);
    if (real !== base && !real.startsWith(base + sep)) return null;
    return (await stat(real)).isFile() ? real : null;
  } catch {
    return null;
  }
}

/** One kept index.html per dashboard folder (serve has one). */
const indexPages = new Map<string, IndexPage>();

function indexPage(file: string): IndexPage {
  let page = indexPages.get(file);
  if (!page) indexPages.set(file, (page = createIndexPage(file)));
  return page;
}

export async function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  options: StaticOptions,
): Promise<void> {
  const { rendererDir, credential, headers } = options;
  // Paths without an extension are the app's own pages (client-side routes): the app answers.
  const wantsIndex = pathname === '/' || pathname === '/index.html' || extname(pathname) === '';
  const file = wantsIndex ? join(rendererDir, 'index.html') : await resolveStaticPath(rendererDir, pathname);
  if (file === null) {
    send(res, 404, headers, `Not found: ${pathname.slice(0, 200)}`);
    return;
  }
  const head = req.method === 'HEAD';
  if (wantsIndex) {
    const page = await indexPage(file).text();
    const html = credential === null ? page : injectToken(page, credential);
    res.writeHead(200, {
      ...headers,
      'Content-Type': MIME_TYPES['.html'],
      'Cache-Control': 'no-store',
      'Content-Length': String(Buffer.byteLength(html)),
    });
    res.end(head ? undefined : html);
    return;
  }
  const size = (await stat(file)).size;
  res.writeHead(200, {
    ...headers,
    'Content-Type': MIME_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Cache-Control': 'private, no-cache',
    'Content-Length': String(size),
  });
  if (head) {
    res.end();
    return;
  }
  const stream = createReadStream(file);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}
