/**
 * The renderer's Content Security Policy. src/renderer/index.html carries the same policy as a
 * meta tag (test/main/electron/csp.test.ts keeps the two equal); the Electron session and the harness
 * also send it as a response header, which adds what a meta tag cannot say (`frame-ancestors`).
 * No 'unsafe-eval', no 'unsafe-inline', no remote source: only the app's own files.
 */
export const RENDERER_CSP_DIRECTIVES: ReadonlyArray<readonly [string, string]> = [
  ['default-src', "'none'"],
  ['script-src', "'self'"],
  ['style-src', "'self'"],
  ['img-src', "'self' data:"],
  ['font-src', "'self'"],
  ['connect-src', "'self'"],
  ['media-src', "'self'"],
  ['base-uri', "'none'"],
  ['form-action', "'none'"],
  ['object-src', "'none'"],
];

/** The policy as the meta tag states it. */
export const RENDERER_CSP = RENDERER_CSP_DIRECTIVES.map(([name, value]) => `${name} ${value}`).join('; ');

/** The policy as a response header: the meta policy plus no framing by anyone. */
export const RENDERER_CSP_HEADER = `${RENDERER_CSP}; frame-ancestors 'none'`;

/** Parses a policy into directive -> sorted source list, for comparisons that ignore order and spacing. */
export function parseCsp(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources.sort());
  }
  return directives;
}

/**
 * Response headers with our CSP set, replacing whatever the server sent under any spelling of the
 * header name (a dev server could send its own, looser one).
 */
export function withCspHeader(headers: Record<string, string | string[]> | undefined): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() !== 'content-security-policy') out[name] = value;
  }
  out['Content-Security-Policy'] = [RENDERER_CSP_HEADER];
  return out;
}

/**
 * Headers every answer carrying our renderer's files gets, from the app:// scheme handler and from
 * the harness alike: our CSP, no sniffing, no referrer, no cross-origin use or framing.
 */
export const RENDERER_RESPONSE_HEADERS = {
  'Content-Security-Policy': RENDERER_CSP_HEADER,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
} as const;
