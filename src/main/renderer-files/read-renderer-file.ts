import { readFile, realpath } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
};

export type StaticAnswer = { status: 200; body: Buffer; contentType: string } | { status: 400 | 404; reason: string };

/**
 * Reads one file of the built renderer for a raw request path. Traversal is refused before the
 * file system is touched (`..` segments, encoded or not, backslashes, NUL), and the real path of
 * what is found must still lie inside the folder, so a symlink cannot lead out either.
 */
export async function readRendererFile(root: string, rawPath: string): Promise<StaticAnswer> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { status: 400, reason: 'malformed path' };
  }
  if (!decoded.startsWith('/') || /[\\\0]/.test(decoded) || decoded.split('/').some((s) => s === '..' || s === '.')) {
    return { status: 400, reason: 'path traversal refused' };
  }
  const relative = decoded === '/' ? 'index.html' : decoded.slice(1);
  const rootReal = await realpath(root);
  const candidate = resolve(rootReal, relative);
  if (!candidate.startsWith(rootReal + sep)) return { status: 400, reason: 'path traversal refused' };
  let real: string;
  try {
    real = await realpath(candidate);
  } catch {
    return { status: 404, reason: 'not found' };
  }
  if (!real.startsWith(rootReal + sep)) return { status: 400, reason: 'path traversal refused' };
  try {
    return { status: 200, body: await readFile(real), contentType: CONTENT_TYPES[extname(real)] ?? 'application/octet-stream' };
  } catch {
    return { status: 404, reason: 'not found' };
  }
}
