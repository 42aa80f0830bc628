// DNS rebinding: a hostile page can make its own name resolve to 127.0.0.1 and then reach the
// sandbox from the browser, with the public demo credentials. Its requests still name that page's
// host in `Host`, so only our own names pass: loopback names and addresses with our port, and the
// address we were told to listen on (any IP literal when that is a wildcard). An IP literal cannot
// be rebound; a name other than `localhost` can.
import { isIP } from 'node:net';

const WILDCARDS = new Set(['0.0.0.0', '::', '']);

function isLoopback(hostname: string): boolean {
  if (hostname === 'localhost' || hostname === '::1') return true;
  return isIP(hostname) === 4 && hostname.startsWith('127.');
}

/** Splits `name:port` / `[v6]:port`; null when there is no port or the form is broken. */
function parseHost(header: string): { hostname: string; port: number } | null {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]]+)):([0-9]{1,5})$/.exec(header);
  if (!match) return null;
  const hostname = (match[1] ?? match[2] ?? '').toLowerCase();
  if (match[1] !== undefined && isIP(hostname) !== 6) return null;
  return { hostname, port: Number(match[3]) };
}

export function hostHeaderIsOurs(header: string | undefined, listenHost: string, port: number): boolean {
  const parsed = parseHost(header ?? '');
  if (!parsed || parsed.port !== port) return false;
  const { hostname } = parsed;
  if (isLoopback(hostname)) return true;
  const listen = listenHost.toLowerCase().replace(/^\[|\]$/g, '');
  if (WILDCARDS.has(listen)) return isIP(hostname) !== 0;
  return hostname === listen;
}
