// Plain http only to this computer: the rule itself, and the sign-in contract that main parses
// every account.signIn argument with.
import { describe, expect, it } from 'vitest';
import { channels } from '../../src/shared/ipc/contract';
import { isAllowedServiceUrl, SERVICE_URL_PROBLEM } from '../../src/shared/ipc/service-url';

const ALLOWED = ['https://api.example.com', 'https://api.example.com:8443/base/', 'https://192.0.2.10', 'http://127.0.0.1:8787', 'http://127.8.9.10', 'http://localhost:3000', 'http://LOCALHOST', 'http://[::1]:8787', 'http://0x7f.0.0.1/'];
const REFUSED = [
  'http://example.com',
  'http://api.example.com:8787',
  'http://192.168.1.10:8787',
  'http://10.0.0.1',
  'http://[::2]',
  'http://localhost.example.com',
  'http://127.0.0.1.nip.io',
  'http://localhost@example.com',
  'http://0.0.0.0:8787',
  'ftp://127.0.0.1',
  'ws://localhost',
  'file:///etc/passwd',
  'javascript:alert(1)',
  'not a url',
  '',
];

describe('the service URL rule', () => {
  it.each(ALLOWED)('allows %s', (url) => expect(isAllowedServiceUrl(url)).toBe(true));
  it.each(REFUSED)('refuses %j', (url) => expect(isAllowedServiceUrl(url)).toBe(false));
});

describe('account.signIn input', () => {
  const signIn = channels['account.signIn'].input;

  it('refuses plain http to another computer with a problem on baseUrl that says why', () => {
    const parsed = signIn.safeParse({ baseUrl: 'http://example.com', clientId: 'c', clientSecret: 's' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['baseUrl', SERVICE_URL_PROBLEM]]);
  });

  it('takes https anywhere and http on loopback', () => {
    for (const baseUrl of ['https://api.example.com', 'http://127.0.0.1:8787']) {
      expect(signIn.safeParse({ baseUrl, clientId: 'c', clientSecret: 's' }).success, baseUrl).toBe(true);
    }
  });
});
