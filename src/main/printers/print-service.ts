import type Database from 'better-sqlite3';
import type { PrintJob, PrintToRouteInput, PrinterProfile } from '../../shared/ipc/printer-records';
import { failure } from '../../shared/ipc/result';
import type { EventHub } from '../kernel/ipc/event-hub';
import { details, type JournalLine } from '../journal';
import { labelContents, type LabelContent, type LabelReads } from '../labels';
import { PrintQueue, type AttemptedJob, type PrintJobKind } from './print-queue';
import type { PrinterSetupStore } from './printer-setup-store';
import { thermalTransport } from './transport';
import { zplDocument } from './zpl/zpl-document';

/** How often the queue looks for a job that is due: a retry is never sooner than 5 s, so a second is soon enough. */
const TICK_MS = 1_000;

export interface PrintServiceDeps {
  db: Database.Database;
  setup: PrinterSetupStore;
  reads: LabelReads;
  events: EventHub;
  record: (line: JournalLine) => void;
  worker: () => string | null;
  now?: () => Date;
  tickMs?: number;
}

type ThermalProfile = Extract<PrinterProfile, { kind: 'zpl-network' | 'zpl-queue' }>;

function thermal(profile: PrinterProfile | null, id: string): ThermalProfile {
  if (!profile) throw failure('invalid_argument', `No printer profile ${id}.`, { reason: 'printer_profile_not_found' });
  if (profile.kind === 'system') throw failure('invalid_argument', `${profile.name} prints through the system dialog, not as ZPL.`, { reason: 'printer_kind_not_supported' });
  return profile;
}

/** The printer's settings as text and its id as a Code 128: what a worker checks a new printer with. */
function testLabel(profile: ThermalProfile): LabelContent {
  const where = profile.kind === 'zpl-network' ? `${profile.host}:${profile.port}` : profile.queue;
  return {
    template: 'scanner-test',
    number: 1,
    title: `${profile.name} · ${where} · ${profile.dpi} dpi · ${profile.size} mm`,
    barcode: { symbology: 'code128', data: profile.id, reads: profile.id },
  };
}

/**
 * The desk's thermal printing, in the core's thread: labels made into ZPL for the printer a
 * label kind is routed to, queued in the desk's database and sent by a timer that runs while the
 * core runs. Every job's outcome is a line in the journal, with the worker who printed it.
 */
const MAX_SYSTEM_JOBS = 500;

export class PrintService {
  readonly #queue: PrintQueue;
  readonly #deps: PrintServiceDeps;
  readonly #timer: NodeJS.Timeout;
  #running: Promise<void> | null = null;
  #closed = false;
  /**
   * The system queue's own id of each job it took (`lp`'s "request id is ..."), for the job list:
   * kept while the core runs (the database has no place for it); the journal line keeps it for good.
   */
  readonly #systemJobs = new Map<string, string>();

  constructor(deps: PrintServiceDeps) {
    this.#deps = deps;
    this.#queue = new PrintQueue(deps.db, thermalTransport((id) => deps.setup.profile(id)), deps.now);
    this.#timer = setInterval(() => void this.runDue(), deps.tickMs ?? TICK_MS);
    this.#timer.unref();
  }

  jobs(): PrintJob[] {
    return this.#queue.list().reverse().map((job) => this.#withSystemJob(job));
  }

  print(input: PrintToRouteInput): { job: PrintJob; printer: string } {
    const kind = input.items[0]?.template ?? 'shelf';
    if (kind === 'scanner-test' || input.items.some((item) => item.template !== kind)) {
      throw failure('invalid_argument', 'One print job holds labels of one kind.', { reason: 'mixed_label_kinds' });
    }
    const routed = this.#deps.setup.setup.routes[kind];
    if (!routed) throw failure('invalid_argument', `No printer is chosen for ${kind} labels.`, { reason: 'no_printer_route' });
    const profile = thermal(this.#deps.setup.profile(routed), routed);
    // Built before it is queued: a label that cannot be made fails the call, nothing waits.
    const document = zplDocument(labelContents(this.#deps.reads, input.items), { ...profile, size: profile.size, copies: input.copies });
    return { job: this.#add(profile, kind, document.labels, document.zpl), printer: profile.name };
  }

  testPrint(id: string): PrintJob {
    const profile = thermal(this.#deps.setup.profile(id), id);
    const document = zplDocument([testLabel(profile)], { ...profile, copies: 1 });
    return this.#add(profile, 'test-print', document.labels, document.zpl);
  }

  retry(id: string): PrintJob {
    const job = this.#queue.retry(id);
    this.#changed(job);
    void this.runDue();
    return job;
  }

  cancel(id: string): PrintJob {
    const job = this.#queue.cancel(id);
    this.#changed(job);
    return job;
  }

  /** A removed printer's jobs can go nowhere: those not yet out are cancelled. */
  cancelJobsOf(profileId: string): void {
    for (const job of this.#queue.list()) {
      if (job.profileId === profileId && (job.state === 'waiting' || job.state === 'may_have_printed')) this.#changed(this.#queue.cancel(job.id));
    }
  }

  /** Sends what is due; one run at a time (a printer takes one connection at a time). */
  runDue(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    this.#running ??= (async () => {
      try {
        for (const job of await this.#queue.runDue()) this.#attempted(job);
      } finally {
        this.#running = null;
      }
    })();
    return this.#running;
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#timer);
    await this.#running;
  }

  #add(profile: ThermalProfile, kind: PrintJobKind, labels: number, zpl: string): PrintJob {
    const job = this.#queue.add({ profileId: profile.id, labelKind: kind, labels, worker: this.#deps.worker(), zpl });
    this.#changed(job);
    void this.runDue();
    return job;
  }

  #changed(job: PrintJob): void {
    this.#deps.events.emit('printers.job', this.#withSystemJob(job));
  }

  #withSystemJob(job: PrintJob): PrintJob {
    const systemJob = this.#systemJobs.get(job.id);
    return systemJob === undefined ? job : { ...job, systemJob };
  }

  /** A line for a job that went out, and one for its first failure or a send that broke off: not one a retry. */
  #attempted({ systemJob, ...job }: AttemptedJob): void {
    if (systemJob) {
      this.#systemJobs.set(job.id, systemJob);
      // The list shows the latest jobs: the oldest ids are let go, so a desk left running does not grow.
      if (this.#systemJobs.size > MAX_SYSTEM_JOBS) this.#systemJobs.delete(this.#systemJobs.keys().next().value ?? '');
    }
    this.#changed(job);
    const printer = this.#deps.setup.profile(job.profileId)?.name ?? job.profileId;
    const base = { kind: 'print', code: null, sku: null, requestId: null, worker: job.worker } as const;
    // The system queue's own job id, where it gave one, finds the job in the system's print log.
    const params = { labels: job.labels, printer, label: job.labelKind, ...(systemJob ? { systemJob } : {}) };
    if (job.state === 'done') this.#deps.record({ ...base, outcome: 'done', details: details('labels_printed', params) });
    else if ((job.state === 'waiting' && job.attempts === 1) || job.state === 'may_have_printed') {
      // Worded on the screens as a print failure by its reason (ui/error-text.ts), as the job list words it.
      const reason = job.state === 'waiting' ? (job.lastError ?? 'printer_unreachable') : 'may_have_printed';
      const error = { code: 'print_failed', message: `The job ${job.state === 'waiting' ? 'waits for' : 'may have printed on'} ${printer} (${job.lastError ?? 'no answer'}).`, reason };
      this.#deps.record({ ...base, outcome: 'failed', details: details('labels_printed', params, error) });
    }
  }
}
