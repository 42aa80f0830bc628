import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDeskCore, type DeskCore } from '../../../src/main/composition/desk-core';
import { createKeytarStore } from '../../../src/main/kernel/secrets';
import type { PrintJob } from '../../../src/shared/ipc/printer-records';
import { ipcClient } from '../composition/support/ipc';
import { tempDir } from '../composition/support/temp-dir';
import { FakeZplPrinter } from '../../support/fake-zpl-printer';

const occurrences = (text: string, part: string) => text.split(part).length - 1;

/**
 * The thermal printing channels on the whole core in demo mode, through the real IPC router, to a
 * fake network printer on 127.0.0.1: the desk's clock is moved by the test, so the queue's retry
 * comes when the test says, and the queue's timer looks for due jobs every few milliseconds.
 */
describe('thermal printing through the core', () => {
  const dir = tempDir('printers-channels-');
  const printer = new FakeZplPrinter();
  let clock = Date.parse('2026-11-27T10:00:00.000Z');
  let core: DeskCore;
  let ipc: ReturnType<typeof ipcClient>;
  let sku: string;
  let token: string;

  const job = async (id: string): Promise<PrintJob> => {
    const jobs = await ipc.call('printers.jobs');
    const found = jobs.find((j) => j.id === id);
    if (!found) throw new Error(`no job ${id}`);
    return found;
  };
  const settled = (id: string, state: PrintJob['state']) => vi.waitFor(async () => expect(await job(id)).toMatchObject({ state }), { timeout: 5_000, interval: 10 });

  beforeAll(async () => {
    await printer.start();
    core = await createDeskCore({
      dataDir: dir.path,
      secrets: createKeytarStore(),
      demoSandbox: { demo: { skus: 20, shipments: 5 }, rateLimit: false },
      syncIntervalMs: 600_000,
      now: () => new Date(clock),
      printQueueTickMs: 5,
    });
    ipc = ipcClient(core);
    await ipc.call('sync.now');
    sku = (await ipc.call('stock.search', {})).rows[0]!.sku;
    token = (await ipc.call('shipments.list', {})).shipments[0]!.token;
    const ana = await ipc.call('workers.add', { name: 'Ana' });
    await ipc.call('workers.switch', { id: ana.workers.find((w) => w.name === 'Ana')!.id });
    await ipc.call('printers.save', { id: 'dock-3', name: 'Dock 3', kind: 'zpl-network', host: '127.0.0.1', port: printer.port, dpi: 203, size: '100x150' });
    await ipc.call('printers.route', { label: 'shelf', profileId: 'dock-3' });
    await ipc.call('printers.route', { label: 'shipment', profileId: 'dock-3' });
  });
  afterAll(async () => {
    await core?.close();
    await printer.stop();
    dir.remove();
  });

  it('prints a shelf label and a parcel label to the printer their kind is routed to, journalled with the worker', async () => {
    const before = printer.received().length;
    const shelf = await ipc.call('printers.print', { items: [{ template: 'shelf', sku }], copies: 2 });
    expect(shelf).toMatchObject({ printer: 'Dock 3', job: { labelKind: 'shelf', labels: 2, worker: 'Ana' } });
    await settled(shelf.job.id, 'done');
    const parcel = await ipc.call('printers.print', { items: [{ template: 'shipment', token }], copies: 1 });
    await settled(parcel.job.id, 'done');
    const sent = printer.received().slice(before);
    expect(sent).toContain(sku);
    expect(sent).toContain('^PQ2,0,1,N');
    expect(occurrences(sent, '^XA')).toBe(2);
    const journal = await ipc.call('journal.search', { kind: 'print' });
    expect(journal.entries.filter((l) => l.outcome === 'done')).toHaveLength(2);
    expect(journal.entries[0]).toMatchObject({ worker: 'Ana', details: { what: 'labels_printed', params: { printer: 'Dock 3' } } });
  });

  it('refuses a label kind with no printer chosen, before anything is queued', async () => {
    const answer = await ipc.raw('printers.print', { items: [{ template: 'product', sku }], copies: 1 });
    expect(answer).toMatchObject({ ok: false, error: { reason: 'no_printer_route' } });
  });

  it('with the printer off the job waits and the desk keeps answering; back on, it goes out once', async () => {
    await printer.stop();
    const { job: queued } = await ipc.call('printers.print', { items: [{ template: 'shelf', sku }], copies: 1 });
    await vi.waitFor(async () => expect(await job(queued.id)).toMatchObject({ state: 'waiting', attempts: 1, lastError: 'printer_refused' }), { timeout: 5_000, interval: 10 });
    expect((await ipc.call('stock.lookup', { code: sku })).kind).toBe('stock');
    const failedLines = (await ipc.call('journal.search', { kind: 'print' })).entries.filter((l) => l.outcome === 'failed');
    expect(failedLines, JSON.stringify(failedLines)).toHaveLength(1);
    await printer.start();
    const before = printer.received().length;
    clock += 5_000;
    await settled(queued.id, 'done');
    // Time enough for a second send, had the queue made one.
    clock += 600_000;
    await core.handlers['printers.jobs'](undefined);
    expect(occurrences(printer.received().slice(before), '^XA')).toBe(1);
  });

  it('a test print carries the printer settings and its id as a barcode; retry and cancel act on a waiting job', async () => {
    const test = await ipc.call('printers.testPrint', { id: 'dock-3' });
    await settled(test.id, 'done');
    expect(printer.received()).toContain('dock-3');
    await printer.stop();
    const { job: waiting } = await ipc.call('printers.print', { items: [{ template: 'shelf', sku }], copies: 1 });
    await vi.waitFor(async () => expect(await job(waiting.id)).toMatchObject({ state: 'waiting', attempts: 1 }), { timeout: 5_000, interval: 10 });
    expect(await ipc.call('printers.cancel', { id: waiting.id })).toMatchObject({ state: 'cancelled' });
    expect(await ipc.raw('printers.retry', { id: waiting.id })).toMatchObject({ ok: false, error: { reason: 'print_job_not_retryable' } });
    await printer.start();
  });
});
