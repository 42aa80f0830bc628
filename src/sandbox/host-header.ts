// DNS rebinding: a hostile page can make its own name resolve to 127.0.0.1 and then reach the
// sandbox from the browser, with the public demo credentials. Its requests still name that page's
// host in `Host`, so only our own names pass: loopback names and addresses, and the address we
// were told to listen on (any IP literal when that is a wildcard). An IP literal cannot be
// rebound; a name other than `localhost` can. The port is not compared: a browser always names the
// port it connects to, so it tells nothing about the page, and a local TCP proxy in front of the
// sandbox (the tests' holding proxy) names its own.
import { isIP } from 'node:net';

const WILDCARDS = new Set(['0.0.0.0', '::', '']);

function isLoopback(hostname: string): boolean {
  if (hostname === 'localhost' || hostname === '::1') return true;
  return isIP(hostname) === 4 && hostname.startsWith('127.');
}

/** The host name of `name[:port]` / `[v6][:port]`; null when the form is broken. */
function hostnameOf(header: string): string | null {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]]+))(?::([0-9]{1,5}))?$/.exec(header);
  if (!match || Number(match[3] ?? 0) > 65535) return null;
  const hostname = (match[1] ?? match[2] ?? '').toLowerCase();
  if (match[1] !== undefined && isIP(hostname) !== 6) return null;
  return hostname;
}

export function hostHeaderIsOurs(header: string | undefined, listenHost: string): boolean {
  const hostname = hostnameOf(header ?? '');
  if (hostname === null) return false;
  if (isLoopback(hostname)) return true;
  const listen = listenHost.toLowerCase().replace(/^\[|\]$/g, '');
  if (WILDCARDS.has(listen)) return isIP(hostname) !== 0;
  return hostname === listen;
}
