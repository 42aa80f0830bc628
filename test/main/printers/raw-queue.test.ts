import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrate } from '../../../src/main/kernel/cache/migrate';
import { EventHub } from '../../../src/main/kernel/ipc/event-hub';
import { MIGRATIONS } from '../../../src/main/kernel/cache/migrations';
import { labelContents } from '../../../src/main/labels/label-content';
import { LABEL_GEOMETRY } from '../../../src/main/labels/label-sizes';
import { PrintQueue } from '../../../src/main/printers/print-queue';
import { PrintService } from '../../../src/main/printers/print-service';
import { PrinterSetupStore } from '../../../src/main/printers/printer-setup-store';
import { sendToQueue } from '../../../src/main/printers/raw-queue';
import { thermalTransport } from '../../../src/main/printers/transport';
import { zplDocument } from '../../../src/main/printers/zpl/zpl-document';
import type { PrinterProfile } from '../../../src/shared/ipc/printer-records';
import { CupsServer } from '../../support/cups-server';
import { FakeZplPrinter } from '../../support/fake-zpl-printer';
import { decodePng } from '../labels/support/decode';
import { fakeReads, SHIPMENT } from '../labels/support/fake-reads';
import { tempDir } from '../composition/support/temp-dir';
import { renderZpl, savePng } from './support/render-zpl';

/** Bounds a wait for the system to pass a job on; CUPS hands it to the printer within a second or two. */
const ARRIVES_MS = 20_000;

/**
 * A real CUPS (a private cupsd, see test/support/cups-server.ts) with a raw queue to a fake ZPL
 * printer: what the desk hands to `lp -o raw` must reach the printer exactly as the network
 * transport would have sent it.
 */
describe('a label printer through a raw queue of the system (a private CUPS)', () => {
  const dir = tempDir('raw-queue-');
  const cups = new CupsServer();
  const printer = new FakeZplPrinter();
  const direct = new FakeZplPrinter();
  let clock = new Date('2026-11-28T10:00:00.000Z');
  const now = () => clock;
  const later = (ms: number) => (clock = new Date(clock.getTime() + ms));
  const profiles: Record<string, PrinterProfile> = {};
  let queue: PrintQueue;

  beforeAll(async () => {
    await Promise.all([printer.start(), direct.start(), cups.start()]);
    await cups.addRawQueue('Zebra_Dock3', printer.port);
    profiles['dock-3'] = { id: 'dock-3', name: 'Dock 3', kind: 'zpl-queue', queue: 'Zebra_Dock3', dpi: 203, size: '62x29' };
    profiles['nowhere'] = { id: 'nowhere', name: 'Nowhere', kind: 'zpl-queue', queue: 'No_Such_Queue', dpi: 203, size: '62x29' };
    profiles['direct'] = { id: 'direct', name: 'Direct', kind: 'zpl-network', host: '127.0.0.1', port: direct.port, dpi: 203, size: '62x29' };
    const db = new Database(join(dir.path, 'cache.sqlite'));
    migrate(db, MIGRATIONS);
    queue = new PrintQueue(db, thermalTransport((id) => profiles[id] ?? null, { sendMs: 10_000, statusMs: 10_000 }), now);
  }, 30_000);
  afterAll(async () => {
    await cups.stop();
    await Promise.all([printer.stop(), direct.stop()]);
    dir.remove();
  });

  const arrived = (fake: FakeZplPrinter, length: number) => vi.waitFor(() => expect(fake.received().length).toBeGreaterThanOrEqual(length), { timeout: ARRIVES_MS, interval: 50 });

  it('a shelf label and a parcel label reach the printer byte for byte as over the network, and render to labels that scan', async () => {
    const { reads, records } = fakeReads();
    const upc = records.get('UPC-1');
    if (upc) records.set('UPC-1', { ...upc, name: 'Opaski kablowe, czarne — Łódź' });
    const labels = labelContents(reads, [
      { template: 'shelf', sku: 'UPC-1' },
      { template: 'shipment', token: SHIPMENT.token },
    ]);
    const { zpl } = zplDocument(labels, { size: '62x29', dpi: 300, copies: 1 });
    queue.add({ profileId: 'direct', labelKind: 'shelf', labels: 2, worker: 'Ana', zpl });
    queue.add({ profileId: 'dock-3', labelKind: 'shelf', labels: 2, worker: 'Ana', zpl });
    const sent = await queue.runDue();
    const overNetwork = sent.find((job) => job.profileId === 'direct');
    const throughQueue = sent.find((job) => job.profileId === 'dock-3');
    expect(overNetwork).toMatchObject({ state: 'done' });
    // The system's own id of the job, for its print log.
    expect(throughQueue).toMatchObject({ state: 'done', lastError: null, systemJob: expect.stringMatching(/^Zebra_Dock3-\d+$/) as string });

    await arrived(printer, zpl.length);
    expect(printer.received()).toBe(direct.received());
    expect(printer.received()).toBe(zpl);

    const g = LABEL_GEOMETRY['62x29'];
    const pngs = await renderZpl(printer.received(), g.width, g.height, 12);
    expect(pngs).toHaveLength(2);
    const decoded = (await Promise.all(pngs.map((png, i) => decodePng(savePng(join(dir.path, `${i}.png`), png))))).flat();
    expect(decoded.map((d) => d.text).sort()).toEqual(['UPC-1', SHIPMENT.token, SHIPMENT.trackingNumber].sort());
  });

  it('a queue stopped at the system keeps the job waiting in the desk, and it prints once the queue is started again', async () => {
    const before = printer.received().length;
    const zpl = '^XA^CI28^FO20,20^A0N,30,30^FDwaits for the queue^FS^XZ\n';
    await cups.disable('Zebra_Dock3');
    const job = queue.add({ profileId: 'dock-3', labelKind: 'shipment', labels: 1, worker: null, zpl });
    const [waiting] = await queue.runDue();
    expect(waiting).toMatchObject({ id: job.id, state: 'waiting', attempts: 1, lastError: 'print_queue_stopped' });

    await cups.enable('Zebra_Dock3');
    later(5_000);
    const [done] = await queue.runDue();
    expect(done).toMatchObject({ id: job.id, state: 'done', attempts: 2 });
    await arrived(printer, before + zpl.length);
    expect(printer.received().slice(before)).toBe(zpl);
  });

  it('a queue the system does not have gives its own reason, and nothing is printed', async () => {
    const before = printer.received().length;
    const job = queue.add({ profileId: 'nowhere', labelKind: 'shelf', labels: 1, worker: null, zpl: '^XA^FDnowhere^FS^XZ' });
    const [waiting] = await queue.runDue();
    expect(waiting).toMatchObject({ id: job.id, state: 'waiting', lastError: 'print_queue_unknown' });
    expect(await cups.cups('lpstat', ['-o'])).not.toContain('No_Such_Queue');
    expect(printer.received().length).toBe(before);
  });

  it('a computer without the system\'s printing, or a queue name that could be read as an option, gives a typed error and starts nothing', async () => {
    const path = process.env.PATH;
    process.env.PATH = dir.path;
    try {
      await expect(sendToQueue({ queue: 'Zebra_Dock3' }, '^XA^XZ', 10_000)).rejects.toMatchObject({ error: { code: 'print_failed', reason: 'print_system_missing' } });
    } finally {
      process.env.PATH = path;
    }
    for (const queue of ['-o', 'Zebra Dock', 'a/b', '']) {
      await expect(sendToQueue({ queue }, '^XA^XZ', 10_000)).rejects.toMatchObject({ error: { code: 'invalid_argument', reason: 'print_queue_name' } });
    }
  });

  it('the system\'s own id of the job is in the desk\'s job list and on its journal line', async () => {
    const db = new Database(join(dir.path, 'service.sqlite'));
    migrate(db, MIGRATIONS);
    const setup = new PrinterSetupStore(dir.path);
    setup.save(profiles['dock-3']!);
    const lines: unknown[] = [];
    const service = new PrintService({ db, setup, reads: fakeReads().reads, events: new EventHub(), record: (line) => lines.push(line), worker: () => 'Ana', now, tickMs: 600_000 });
    try {
      const job = service.testPrint('dock-3');
      await service.runDue();
      const listed = service.jobs().find((j) => j.id === job.id);
      expect(listed).toMatchObject({ state: 'done', systemJob: expect.stringMatching(/^Zebra_Dock3-\d+$/) as string });
      expect(JSON.stringify(lines)).toContain(listed?.systemJob);
    } finally {
      await service.close();
      db.close();
    }
  });
});
