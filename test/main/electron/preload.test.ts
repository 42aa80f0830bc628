import { describe, expect, it, vi } from 'vitest';
import { CHANNEL_NAMES, EVENT_CHANNEL } from '../../../src/shared/ipc/contract';
import { createElectronMock, type ElectronMock } from './electron-mock';

vi.mock('electron', () => createElectronMock());

async function loadPreload(): Promise<{ electron: ElectronMock; desk: Record<string, unknown> }> {
  vi.resetModules();
  const electron = (await import('electron')) as unknown as ElectronMock;
  await import('../../../src/preload/index');
  return { electron, desk: electron.contextBridge.exposed.get('desk') as Record<string, unknown> };
}

const contractDomains = () => {
  const domains = new Map<string, Set<string>>();
  for (const channel of CHANNEL_NAMES) {
    const [domain, method] = channel.split('.') as [string, string];
    (domains.get(domain) ?? domains.set(domain, new Set()).get(domain)!).add(method);
  }
  return domains;
};

describe('the preload', () => {
  it('exposes exactly one key, desk', async () => {
    const { electron } = await loadPreload();
    expect([...electron.contextBridge.exposed.keys()]).toEqual(['desk']);
  });

  it('gives desk exactly the domains and methods of the contract, plus on()', async () => {
    const { desk } = await loadPreload();
    const domains = contractDomains();
    expect(Object.keys(desk).sort()).toEqual([...domains.keys(), 'on'].sort());
    for (const [domain, methods] of domains) {
      expect(Object.keys(desk[domain] as object).sort(), domain).toEqual([...methods].sort());
    }
    expect(Object.isFrozen(desk)).toBe(true);
  });

  it('invokes the contract channel of each method and nothing else', async () => {
    const { electron, desk } = await loadPreload();
    await (desk['stock'] as { lookup: (i: unknown) => Promise<unknown> }).lookup({ code: 'WD-1' });
    await (desk['sync'] as { now: () => Promise<unknown> }).now();
    expect(electron.ipcRenderer.invoked).toEqual([['stock.lookup', { code: 'WD-1' }], ['sync.now', undefined]]);
  });

  it('listens on the one event channel, drops malformed envelopes, never passes Electron’s event object', async () => {
    const { electron, desk } = await loadPreload();
    const seen: unknown[] = [];
    const off = (desk['on'] as (e: string, l: (p: unknown) => void) => () => void)('app.notice', (p) => seen.push(p));
    expect([...electron.ipcRenderer.listeners.keys()]).toEqual([EVENT_CHANNEL]);
    const [forward] = electron.ipcRenderer.listeners.get(EVENT_CHANNEL)!;
    const notice = { level: 'info', code: 'demo_started', message: 'hello', at: '2026-11-21T10:00:00.000Z' };
    for (const message of [null, 'x', 42, { event: 7 }, { payload: notice }]) forward!({ sender: 'secret' }, message);
    forward!({ sender: 'secret' }, { event: 'app.notice', payload: notice });
    off();
    expect(seen).toEqual([notice]);
  });
});
