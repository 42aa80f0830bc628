import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../../src/main/kernel/cache/migrate';
import { MIGRATIONS } from '../../../src/main/kernel/cache/migrations';
import { PrintQueue, retryDelayMs } from '../../../src/main/printers/print-queue';
import { thermalTransport } from '../../../src/main/printers/transport';
import type { PrinterProfile } from '../../../src/shared/ipc/printer-records';
import { FakeZplPrinter } from '../../support/fake-zpl-printer';
import { tempDir } from '../composition/support/temp-dir';

const ZPL = '^XA^CI28^PW496^LL232^FO16,12^A0N,32,32^FH_^FDUPC-1^FS^PQ3,0,1,N^XZ\n';

describe('the print queue, in a real SQLite file, sending to a fake network printer', () => {
  const dir = tempDir('print-queue-');
  const printer = new FakeZplPrinter();
  let clock = new Date('2026-11-27T10:00:00.000Z');
  const now = () => clock;
  const later = (ms: number) => (clock = new Date(clock.getTime() + ms));
  let file = 0;
  let db: Database.Database;
  let profile: PrinterProfile;
  const transport = (sendMs = 10_000) => thermalTransport((id) => (id === profile.id ? profile : null), { sendMs, statusMs: 10_000 });
  const open = (path: string) => {
    const opened = new Database(path);
    migrate(opened, MIGRATIONS);
    return opened;
  };

  beforeEach(async () => {
    if (printer.port === 0) await printer.start();
    db = open(join(dir.path, `cache-${++file}.sqlite`));
    profile = { id: 'dock-3', name: 'Dock 3', kind: 'zpl-network', host: '127.0.0.1', port: printer.port, dpi: 203, size: '62x29' };
    printer.flags = { paperOut: false, paused: false, headOpen: false };
  });
  afterAll(async () => {
    await printer.stop();
    dir.remove();
  });

  it('a job for a printer that is off waits, retried with backoff, and goes out once the printer answers', async () => {
    const queue = new PrintQueue(db, transport(), now);
    await printer.stop();
    const job = queue.add({ profileId: 'dock-3', labelKind: 'shelf', labels: 3, worker: 'Ana', zpl: ZPL });
    const [waiting] = await queue.runDue();
    expect(waiting).toMatchObject({ state: 'waiting', attempts: 1, lastError: 'printer_refused', nextAttemptAt: new Date(clock.getTime() + 5_000).toISOString(), worker: 'Ana' });
    expect(await queue.runDue()).toEqual([]);
    await printer.start();
    const before = printer.received().length;
    later(5_000);
    const [done] = await queue.runDue();
    expect(done).toMatchObject({ id: job.id, state: 'done', attempts: 2, lastError: null });
    expect(printer.received().slice(before)).toBe(ZPL);
  });

  it('a printer out of paper keeps the job waiting with what it said, and nothing is sent', async () => {
    const queue = new PrintQueue(db, transport(), now);
    printer.flags = { paperOut: true, paused: false, headOpen: false };
    const before = printer.received().length;
    queue.add({ profileId: 'dock-3', labelKind: 'shipment', labels: 1, worker: null, zpl: ZPL });
    const [waiting] = await queue.runDue();
    expect(waiting).toMatchObject({ state: 'waiting', lastError: 'printer_not_ready', printerStatus: { paperOut: true } });
    expect(printer.received().length).toBe(before);
    printer.flags = { paperOut: false, paused: false, headOpen: false };
    expect((await queue.retry(waiting!.id)).state).toBe('waiting');
    const [done] = await queue.runDue();
    expect(done).toMatchObject({ state: 'done', printerStatus: { paperOut: false } });
  });

  it('a job the desk was sending when it stopped is reported as one that may have printed, and only a worker sends it again', async () => {
    const path = join(dir.path, 'crash.sqlite');
    const first = open(path);
    const queue = new PrintQueue(first, transport(), now);
    const job = queue.add({ profileId: 'dock-3', labelKind: 'product', labels: 1, worker: 'Ana', zpl: ZPL });
    // What a crash after the job was claimed and before it was marked done leaves in the file.
    first.prepare("UPDATE print_jobs SET state = 'sending', attempts = 1 WHERE id = ?").run(job.id);
    first.close();

    const restarted = new PrintQueue(open(path), transport(), now);
    expect(restarted.get(job.id)).toMatchObject({ state: 'may_have_printed', worker: 'Ana' });
    const before = printer.received().length;
    later(600_000);
    expect(await restarted.runDue()).toEqual([]);
    expect(printer.received().length).toBe(before);
    restarted.retry(job.id);
    expect((await restarted.runDue())[0]).toMatchObject({ state: 'done' });
    expect(printer.received().slice(before)).toBe(ZPL);
  });

  it('a printer that takes the job and goes silent leaves it as one that may have printed, not resent', async () => {
    const queue = new PrintQueue(db, thermalTransport(() => profile, { sendMs: 300, statusMs: 10_000 }), now);
    const job = queue.add({ profileId: 'dock-3', labelKind: 'shelf', labels: 1, worker: null, zpl: ZPL });
    // Answers its status, then holds the connection the job goes out on without closing it.
    printer.holdJobs = true;
    const [result] = await queue.runDue();
    printer.holdJobs = false;
    expect(result).toMatchObject({ id: job.id, state: 'may_have_printed', lastError: 'printer_timeout' });
    later(600_000);
    expect(await queue.runDue()).toEqual([]);
  });

  it('cancels a waiting job, never sending it; a done job can be neither cancelled nor retried', async () => {
    const queue = new PrintQueue(db, transport(), now);
    await printer.stop();
    const waiting = queue.add({ profileId: 'dock-3', labelKind: 'shelf', labels: 1, worker: null, zpl: ZPL });
    await queue.runDue();
    expect(queue.cancel(waiting.id).state).toBe('cancelled');
    await printer.start();
    later(600_000);
    expect(await queue.runDue()).toEqual([]);
    const done = queue.add({ profileId: 'dock-3', labelKind: 'shelf', labels: 1, worker: null, zpl: ZPL });
    await queue.runDue();
    const reason = (f: () => unknown) => {
      try {
        f();
      } catch (error) {
        return (error as { error: { reason: string } }).error.reason;
      }
      return null;
    };
    expect(reason(() => queue.cancel(done.id))).toBe('print_job_not_cancellable');
    expect(reason(() => queue.retry(done.id))).toBe('print_job_not_retryable');
    expect(queue.list().map((j) => j.state)).toEqual(['cancelled', 'done']);
  });

  it('backs off from 5 seconds, doubling, to at most 5 minutes', () => {
    expect([1, 2, 3, 4, 7, 20].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000, 300_000, 300_000]);
  });
});
