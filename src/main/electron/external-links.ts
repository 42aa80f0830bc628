import allowlistFile from './external-allowlist.json';

/**
 * External links: the renderer never navigates away and never opens a window; a link to an
 * allowlisted https host is handed to the user's browser instead. The URL is parsed, never
 * prefix-matched, so `https://allowed.com@evil.com`, `https://allowed.com.evil.com`,
 * `javascript:`, `file:`, `data:` and punycode lookalikes all fail.
 */

const HOSTNAME = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/;

/** Validates the allowlist file: lowercase ASCII host names only, so a typo cannot widen it. */
export function parseAllowlist(file: unknown): ReadonlySet<string> {
  const hosts = (file as { hosts?: unknown } | null)?.hosts;
  if (!Array.isArray(hosts)) throw new TypeError('external-allowlist.json: "hosts" must be an array');
  for (const host of hosts) {
    if (typeof host !== 'string' || !HOSTNAME.test(host)) {
      throw new TypeError(`external-allowlist.json: ${JSON.stringify(host)} is not a lowercase ASCII host name`);
    }
  }
  return new Set(hosts as string[]);
}

export const EXTERNAL_HOSTS: ReadonlySet<string> = parseAllowlist(allowlistFile);

/** The normalised URL to open, or null when the link must not leave the app. */
export function allowedExternalUrl(raw: unknown, allowedHosts: ReadonlySet<string> = EXTERNAL_HOSTS): string | null {
  if (typeof raw !== 'string' || raw.length > 2048) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '') return null;
  if (url.port !== '') return null;
  // WHATWG URL parsing lowercases and punycodes the host ("аpple.com" becomes "xn--pple-43d.com"),
  // so an IDN lookalike can only match if its punycode form is on the list.
  if (!allowedHosts.has(url.hostname)) return null;
  return url.href;
}
