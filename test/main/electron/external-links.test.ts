import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allowedExternalUrl, EXTERNAL_HOSTS, parseAllowlist } from '../../../src/main/electron/external-links';

const allowed = new Set(['allowed.com', 'docs.allowed.com']);

describe('external links allowlist', () => {
  it('opens an https link to an allowlisted host, normalised', () => {
    expect(allowedExternalUrl('https://allowed.com/help?q=1#top', allowed)).toBe('https://allowed.com/help?q=1#top');
    expect(allowedExternalUrl('HTTPS://ALLOWED.COM/x', allowed)).toBe('https://allowed.com/x');
    expect(allowedExternalUrl('https://docs.allowed.com', allowed)).toBe('https://docs.allowed.com/');
    // Fullwidth letters are the same host after IDNA mapping: what opens is the normalised allowed.com.
    expect(allowedExternalUrl('https://ａｌｌｏｗｅｄ.com/', allowed)).toBe('https://allowed.com/');
  });

  it.each([
    ['javascript:', 'javascript:alert(document.cookie)'],
    ['javascript: with whitespace', ' javascript:alert(1)'],
    ['file:', 'file:///etc/passwd'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['http:', 'http://allowed.com/'],
    ['ftp:', 'ftp://allowed.com/'],
    ['a custom scheme', 'ms-msdt:/id PCWDiagnostic'],
    ['userinfo trick', 'https://allowed.com@evil.com/'],
    ['userinfo trick with path', 'https://allowed.com:443@evil.com/allowed.com'],
    ['credentials on an allowed host', 'https://user:pass@allowed.com/'],
    ['suffix trick', 'https://allowed.com.evil.com/'],
    ['prefix trick', 'https://evilallowed.com/'],
    ['a subdomain not on the list', 'https://evil.allowed.com/'],
    ['a trailing dot', 'https://allowed.com./'],
    ['an explicit port', 'https://allowed.com:8443/'],
    ['a Cyrillic lookalike (IDN)', 'https://аllowed.com/'],
    ['a punycode lookalike', 'https://xn--llowed-6ve.com/'],
    ['backslash trick', 'https://evil.com\\@allowed.com/'],
    ['an encoded host', 'https://%61llowed.com.evil.com/'],
    ['an IP address', 'https://192.0.2.1/'],
    ['a protocol-relative URL', '//allowed.com/'],
    ['a relative path', '/help'],
    ['empty', ''],
    ['not a string', { href: 'https://allowed.com/' }],
    ['oversized', `https://allowed.com/${'a'.repeat(5000)}`],
  ])('refuses %s', (_name, url) => {
    expect(allowedExternalUrl(url, allowed)).toBeNull();
  });

  it('ships a valid allowlist file (currently empty: nothing external opens)', () => {
    const file = JSON.parse(readFileSync(join(import.meta.dirname, '../../../src/main/electron/external-allowlist.json'), 'utf8'));
    expect([...parseAllowlist(file)]).toEqual([...EXTERNAL_HOSTS]);
    for (const host of EXTERNAL_HOSTS) expect(allowedExternalUrl(`https://${host}/`)).toBe(`https://${host}/`);
    expect(allowedExternalUrl('https://example.com/')).toBeNull();
  });

  it.each([
    [{ hosts: ['*.allowed.com'] }],
    [{ hosts: ['Allowed.com'] }],
    [{ hosts: ['аllowed.com'] }],
    [{ hosts: ['allowed.com/path'] }],
    [{ hosts: ['https://allowed.com'] }],
    [{ hosts: ['localhost'] }],
    [{ hosts: [42] }],
    [{ hosts: 'allowed.com' }],
    [null],
  ])('refuses an allowlist file that would widen or blur the list: %j', (file) => {
    expect(() => parseAllowlist(file)).toThrow(TypeError);
  });
});
