// Through main's real router and the real core: a sign-in to a plain-http service on another
// computer is refused with a typed error before anything is stored or sent, and the desk stays
// in the account it had. Loopback http (the demo sandbox) still signs in.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../src/shared/ipc/defaults';
import { DEMO_OWNERS } from '../../src/sandbox';
import { SERVICE_URL_PROBLEM } from '../../src/shared/ipc/service-url';
import { startCore, type TestCore } from './support/core';

let core: TestCore;
beforeAll(async () => {
  core = await startCore({ demoSandbox: { demo: { skus: 20, shipments: 4, seed: 3 }, rateLimit: false } });
}, 60_000);
afterAll(async () => {
  await core?.call('account.signOut');
  await core?.close();
});

describe('account.signIn and clear-text service URLs', () => {
  it.each(['http://example.com', 'http://192.168.1.10:8787', 'http://localhost.example.com'])('refuses %s with invalid_argument on baseUrl, sending nothing', async (baseUrl) => {
    const before = await core.value('account.status');
    const sent = core.network.requests.length;
    const result = await core.call('account.signIn', { baseUrl, clientId: 'desk-demo', clientSecret: 'desk-demo-secret' });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_argument', details: [{ field: 'baseUrl', problem: SERVICE_URL_PROBLEM }] } });
    expect(core.network.requests.length).toBe(sent);
    expect(await core.value('account.status')).toEqual(before);
    expect(core.recorded.internalErrors).toEqual([]);
  });

  it('signs in over http to this computer (the demo sandbox)', async () => {
    const baseUrl = core.core.sandbox()!.baseUrl;
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:/);
    const status = await core.value('account.signIn', { baseUrl, clientId: DEMO_OWNERS.desk.clientId, clientSecret: DEMO_OWNERS.desk.clientSecret });
    expect(status).toMatchObject({ mode: 'signed_in', clientId: DEMO_OWNERS.desk.clientId });
  });
});

describe('an account saved with a clear-text service URL (by an older version)', () => {
  it('is not used at start: signed out, a notice says why, nothing sent to it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wd-insecure-'));
    writeFileSync(
      join(dataDir, 'settings.json'),
      JSON.stringify({ version: 1, account: { baseUrl: 'http://logistics.example.com', clientId: 'desk-demo' }, demo: false, preferences: DEFAULT_SETTINGS }),
    );
    const restored = await startCore({ dataDir, demoByDefault: false });
    try {
      expect(await restored.value('account.status')).toMatchObject({ mode: 'signed_out' });
      const info = await restored.value<{ notices: Array<{ code: string; message: string }> }>('app.info');
      expect(info.notices.find((n) => n.code === 'account_insecure_url')?.message).toMatch(/http:\/\/logistics\.example\.com.*https:\/\//);
      expect(restored.network.requests.filter((r) => r.url.includes('example.com'))).toEqual([]);
    } finally {
      await restored.close();
    }
  });
});
