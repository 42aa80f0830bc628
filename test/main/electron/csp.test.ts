import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCsp, RENDERER_CSP, RENDERER_CSP_HEADER, withCspHeader } from '../../../src/main/renderer-files/response-headers';

const root = join(import.meta.dirname, '../../..');

function metaCsp(html: string): string | null {
  const tag = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(html);
  return tag?.[1] ?? null;
}

describe('the renderer CSP', () => {
  const policy = parseCsp(RENDERER_CSP_HEADER);

  it('allows no eval, no inline code and no remote source', () => {
    const everySource = [...policy.values()].flat();
    expect(RENDERER_CSP_HEADER).not.toMatch(/unsafe-eval|unsafe-inline|wasm-unsafe-eval|unsafe-hashes|strict-dynamic/);
    for (const source of everySource) {
      expect(["'self'", "'none'", 'data:']).toContain(source);
    }
    expect(everySource.some((s) => /^(https?|wss?):|\*/.test(s))).toBe(false);
  });

  it('denies by default and closes the classic holes', () => {
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    // data: only for images (the favicon), never for scripts, styles or connections.
    for (const [directive, sources] of policy) if (directive !== 'img-src') expect(sources).not.toContain('data:');
  });

  it('is the same policy as the meta tag of src/renderer/index.html', () => {
    const meta = metaCsp(readFileSync(join(root, 'src/renderer/index.html'), 'utf8'));
    expect(meta).not.toBeNull();
    expect(parseCsp(meta!)).toEqual(parseCsp(RENDERER_CSP));
  });

  it('survives the build: out/renderer/index.html carries it too', () => {
    const meta = metaCsp(readFileSync(join(root, 'out/renderer/index.html'), 'utf8'));
    expect(parseCsp(meta ?? '')).toEqual(parseCsp(RENDERER_CSP));
  });

  it('replaces a looser policy a server sends, under any spelling of the header', () => {
    const headers = withCspHeader({ 'content-security-policy': ["default-src *"], 'CONTENT-SECURITY-POLICY': ['script-src * '], 'x-other': ['1'] });
    expect(headers).toEqual({ 'x-other': ['1'], 'Content-Security-Policy': [RENDERER_CSP_HEADER] });
    expect(withCspHeader(undefined)).toEqual({ 'Content-Security-Policy': [RENDERER_CSP_HEADER] });
  });
});
