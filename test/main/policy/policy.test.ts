// The machine-wide policy file, read by the real core from a real file: presets apply once,
// locked settings refuse every change over IPC with `setting_locked`, the service address locks
// sign-in and the demo, and a bad or hostile file is reported (policy.get, the journal) while its
// valid part applies and the desk starts.
import { mkdirSync, openSync, closeSync, ftruncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDeskCore, type DeskCore } from '../../../src/main/composition/desk-core';
import { createKeytarStore } from '../../../src/main/kernel/secrets';
import { policyFilePath } from '../../../src/main/policy';
import { ipcClient } from '../composition/support/ipc';
import { tempDir } from '../composition/support/temp-dir';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function folder(): string {
  const dir = tempDir('desk-policy-');
  cleanups.push(() => dir.remove());
  return dir.path;
}

function policyFile(content: unknown): string {
  const file = join(folder(), 'policy.json');
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

async function start(policyFile: string, dataDir = folder(), demoByDefault = false): Promise<{ core: DeskCore; ipc: ReturnType<typeof ipcClient>; dataDir: string }> {
  const core = await createDeskCore({ dataDir, secrets: createKeytarStore(), demoByDefault, syncIntervalMs: 600_000, policyFile });
  cleanups.push(() => core.close());
  return { core, ipc: ipcClient(core), dataDir };
}

const FULL_POLICY = {
  settings: {
    serviceUrl: 'https://logistics.example.com',
    deskName: 'Dock 3',
    deskWarehouseId: 'wh_dock3',
    language: 'de',
    scanner: { maxInterKeyMs: 40, suffix: 'Tab' },
    confirmAdjustmentsFrom: 20,
    journalRetentionDays: 365,
  },
  locked: ['serviceUrl', 'deskName', 'deskWarehouseId', 'scanner', 'confirmAdjustmentsFrom'],
};

describe('a policy file presets and locks settings', () => {
  it('applies every value, says what is locked, and journals that it applied', async () => {
    const file = policyFile(FULL_POLICY);
    const { ipc } = await start(file);
    expect(await ipc.call('settings.get')).toMatchObject({
      deskName: 'Dock 3',
      deskWarehouseId: 'wh_dock3',
      language: 'de',
      scanner: { maxInterKeyMs: 40, suffix: 'Tab', minLength: 4 },
      confirmAdjustmentsFrom: 20,
      journalRetentionDays: 365,
    });
    const status = await ipc.call('policy.get');
    expect(status).toEqual({ file, locked: FULL_POLICY.locked, serviceUrl: 'https://logistics.example.com', problems: [] });
    const journal = await ipc.call('journal.search', { kind: 'settings' });
    expect(journal.entries.map((e) => e.details?.what)).toEqual(['policy_applied']);
    expect(journal.entries[0]?.summary).toBe(`IT policy ${file} applied: 5 settings locked, 2 preset`);
  });

  it('refuses a change of a locked setting with setting_locked, and takes the same value again or an unlocked one', async () => {
    const { ipc } = await start(policyFile(FULL_POLICY));
    for (const patch of [{ deskName: 'Dock 4' }, { deskName: null }, { deskWarehouseId: 'wh_other' }, { confirmAdjustmentsFrom: 500 }, { scanner: { prefix: '#' } }]) {
      const refused = await ipc.raw('settings.update', patch);
      expect(refused, JSON.stringify(patch)).toMatchObject({ ok: false, error: { code: 'setting_locked' } });
    }
    expect(await ipc.call('settings.get')).toMatchObject({ deskName: 'Dock 3', confirmAdjustmentsFrom: 20, scanner: { prefix: '' } });
    // The same value is no change, and a preset (not locked) is the worker's to change.
    expect(await ipc.call('settings.update', { deskName: 'Dock 3', scanner: { suffix: 'Tab' }, language: 'fr', journalRetentionDays: 30 })).toMatchObject({ language: 'fr', journalRetentionDays: 30 });
  });

  it('applies a preset once: the worker\'s later choice stands at the next start, until IT changes the preset', async () => {
    const file = policyFile({ settings: { language: 'de' } });
    const first = await start(file);
    await first.ipc.call('settings.update', { language: 'pl' });
    await first.core.close();
    const again = await start(file, first.dataDir);
    expect((await again.ipc.call('settings.get')).language).toBe('pl');
    await again.core.close();
    writeFileSync(file, JSON.stringify({ settings: { language: 'nl' } }));
    const changed = await start(file, first.dataDir);
    expect((await changed.ipc.call('settings.get')).language).toBe('nl');
  });

  it('with the service address locked: a sign-in elsewhere and the demo are refused before anything is sent, and the desk does not start the demo', async () => {
    const { ipc } = await start(policyFile(FULL_POLICY), folder(), true);
    expect(await ipc.call('account.status')).toMatchObject({ mode: 'signed_out' });
    const elsewhere = await ipc.raw('account.signIn', { baseUrl: 'https://elsewhere.example.com', clientId: 'desk-1', clientSecret: 'not-sent' });
    expect(elsewhere).toMatchObject({ ok: false, error: { code: 'setting_locked', params: { setting: 'serviceUrl' } } });
    expect(await ipc.raw('account.startDemo')).toMatchObject({ ok: false, error: { code: 'setting_locked' } });
  });
});

describe('a bad or hostile policy file', () => {
  const HOSTILE: Array<[string, unknown, Array<{ reason: string; entry: string | null }>, Record<string, unknown>]> = [
    ['wrong types', { settings: { confirmAdjustmentsFrom: '20', language: 'de', deskName: 7 } }, [{ reason: 'invalid_value', entry: 'settings.confirmAdjustmentsFrom' }, { reason: 'invalid_value', entry: 'settings.deskName' }], { language: 'de', confirmAdjustmentsFrom: 50, deskName: null }],
    ['a plain-http service address', { settings: { serviceUrl: 'http://logistics.example.com', language: 'fr' } }, [{ reason: 'invalid_value', entry: 'settings.serviceUrl' }], { language: 'fr' }],
    ['a javascript: service address', { settings: { serviceUrl: 'javascript:alert(1)', language: 'fr' } }, [{ reason: 'invalid_value', entry: 'settings.serviceUrl' }], { language: 'fr' }],
    ['huge numbers', { settings: { confirmAdjustmentsFrom: 1e300, journalRetentionDays: 99999999, scanner: { maxInterKeyMs: 1e9 } } }, [{ reason: 'invalid_value', entry: 'settings.confirmAdjustmentsFrom' }, { reason: 'invalid_value', entry: 'settings.journalRetentionDays' }, { reason: 'invalid_value', entry: 'settings.scanner' }], { confirmAdjustmentsFrom: 50, journalRetentionDays: 90 }],
    ['unknown keys', { settings: { language: 'nl', clientSecret: 'x', __proto__x: 1 }, locked: ['language', 'everything'], extra: true }, [{ reason: 'unknown_setting', entry: 'extra' }, { reason: 'unknown_setting', entry: 'settings.clientSecret' }, { reason: 'unknown_setting', entry: 'settings.__proto__x' }, { reason: 'unknown_setting', entry: 'locked' }], { language: 'nl' }],
    ['invalid JSON', '{"settings": {"language": "de"', [{ reason: 'not_json', entry: null }], { language: 'system' }],
    ['not an object', '["language", "de"]', [{ reason: 'not_an_object', entry: null }], { language: 'system' }],
  ];

  it.each(HOSTILE)('with %s: the desk starts, says what was refused, and applies the rest', async (_what, content, problems, applied) => {
    const { ipc } = await start(policyFile(content));
    const status = await ipc.call('policy.get');
    expect(status.problems.map(({ reason, entry }) => ({ reason, entry }))).toEqual(problems);
    expect(await ipc.call('settings.get')).toMatchObject(applied);
    const journal = await ipc.call('journal.search', { kind: 'settings', outcome: 'failed' });
    expect(journal.entries).toHaveLength(problems.length);
  });

  it('a folder where the file should be is reported, not read', async () => {
    const dir = join(folder(), 'policy.json');
    mkdirSync(dir);
    const { ipc } = await start(dir);
    expect((await ipc.call('policy.get')).problems).toMatchObject([{ reason: 'not_a_file', entry: null }]);
  });

  it('a 50 MB file is refused unread', async () => {
    const file = join(folder(), 'policy.json');
    const fd = openSync(file, 'w');
    ftruncateSync(fd, 50 * 1024 * 1024);
    closeSync(fd);
    const { ipc } = await start(file);
    expect((await ipc.call('policy.get')).problems).toMatchObject([{ reason: 'too_large', entry: null }]);
  });

  it('a lock whose value was refused still locks: the desk keeps its value, never opens the setting', async () => {
    const { ipc } = await start(policyFile({ settings: { confirmAdjustmentsFrom: -5, serviceUrl: 'http://plain.example.com' }, locked: ['confirmAdjustmentsFrom', 'serviceUrl'] }));
    expect(await ipc.raw('settings.update', { confirmAdjustmentsFrom: 7 })).toMatchObject({ ok: false, error: { code: 'setting_locked' } });
    expect(await ipc.raw('account.signIn', { baseUrl: 'https://any.example.com', clientId: 'desk-1', clientSecret: 'not-sent' })).toMatchObject({ ok: false, error: { code: 'setting_locked' } });
  });

  it('a file broken after a usable one keeps that one\'s locks; a file taken away lifts them', async () => {
    const file = policyFile(FULL_POLICY);
    const first = await start(file);
    await first.core.close();
    writeFileSync(file, '{"settings": ');
    const broken = await start(file, first.dataDir);
    expect(await broken.ipc.raw('settings.update', { confirmAdjustmentsFrom: 7 })).toMatchObject({ ok: false, error: { code: 'setting_locked' } });
    expect(await broken.ipc.raw('account.signIn', { baseUrl: 'https://elsewhere.example.com', clientId: 'desk-1', clientSecret: 'not-sent' })).toMatchObject({ ok: false, error: { code: 'setting_locked' } });
    expect(await broken.ipc.call('policy.get')).toMatchObject({ locked: FULL_POLICY.locked, serviceUrl: 'https://logistics.example.com', problems: [{ reason: 'not_json' }] });
    await broken.core.close();
    const gone = await start(join(folder(), 'absent.json'), first.dataDir);
    expect(await gone.ipc.call('settings.update', { confirmAdjustmentsFrom: 7 })).toMatchObject({ confirmAdjustmentsFrom: 7 });
  });

  it('no file is no policy and no problem', async () => {
    const { ipc } = await start(join(folder(), 'absent.json'));
    expect(await ipc.call('policy.get')).toEqual({ file: null, locked: [], serviceUrl: null, problems: [] });
  });
});

describe('where the policy file is looked for', () => {
  it('the path WAREHOUSE_DESK_POLICY names, else the system-wide place of each OS', () => {
    expect(policyFilePath({ WAREHOUSE_DESK_POLICY: '/tmp/p.json' }, 'linux')).toBe('/tmp/p.json');
    expect(policyFilePath({}, 'linux')).toBe('/etc/warehouse-desk/policy.json');
    expect(policyFilePath({}, 'darwin')).toBe('/Library/Application Support/Warehouse Desk/policy.json');
    expect(policyFilePath({ ProgramData: 'C:\\ProgramData' }, 'win32')).toBe(join('C:\\ProgramData', 'Warehouse Desk', 'policy.json'));
  });
});
