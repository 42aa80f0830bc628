import type { ApiClient, RequestOutcome } from '../kernel/api';
import { CatalogRecorder } from '../kernel/cache';
import { ConnectivityMonitor } from '../kernel/connectivity';
import type { EventHub } from '../kernel/ipc/event-hub';
import type { Log } from '../kernel/log';
import type { ServiceConnection } from '../kernel/service-or-cache';
import { Outbox, type OutboxCache } from '../outbox';
import { LookupService } from '../scan';
import { SyncEngine, type SyncCache } from '../sync';
import type { Connectivity } from '../../shared/ipc/records';
import type { DemoService } from './demo-service';

export interface AccountSessionOptions {
  kind: 'service' | 'demo';
  /** Which account this is, for the cache and the outbox: base URL + client id, never a secret. */
  accountKey: string;
  baseUrl: string;
  clientId: string;
  /** Builds the client; `onOutcome` feeds connectivity. */
  createClient: (onOutcome: (o: RequestOutcome) => void) => ApiClient;
  cache: OutboxCache & SyncCache;
  events: EventHub;
  syncIntervalMs: number;
  /** How often queued adjustments are tried again while online (after a 503, a rate limit, ...). */
  outboxRetryMs?: number;
  probeIntervalMs?: number;
  /** While online and idle, how long without a request before a probe. Default 10 s. */
  quietProbeMs?: number;
  /** The demo's service, stopped with the session. */
  demo?: DemoService | null;
  log?: Log;
  /** The desk's clock (tests move it with the service's, past the idempotency horizon). */
  now?: () => Date;
}

/**
 * Everything that belongs to one signed-in account (or the demo): its API client, connectivity,
 * sync, outbox and lookup. Ending it stops its timers and makes sure nothing still on its way
 * writes into the cache afterwards.
 */
export class AccountSession implements ServiceConnection {
  readonly kind: 'service' | 'demo';
  readonly accountKey: string;
  readonly baseUrl: string;
  readonly clientId: string;
  readonly api: ApiClient;
  readonly monitor: ConnectivityMonitor;
  readonly recorder: CatalogRecorder;
  readonly lookup: LookupService;
  readonly outbox: Outbox;
  readonly sync: SyncEngine;
  readonly #demo: DemoService | null;
  #active = true;
  #outboxTimer: NodeJS.Timeout | undefined;
  #syncTimer: NodeJS.Timeout | undefined;
  readonly #unsubscribe: () => void;
  readonly #options: AccountSessionOptions;

  constructor(options: AccountSessionOptions) {
    this.#options = options;
    this.kind = options.kind;
    this.accountKey = options.accountKey;
    this.baseUrl = options.baseUrl;
    this.clientId = options.clientId;
    this.#demo = options.demo ?? null;
    let monitor: ConnectivityMonitor | null = null;
    this.api = options.createClient((outcome) => monitor?.report(outcome));
    monitor = new ConnectivityMonitor({ probe: () => this.api.ping(), probeIntervalMs: options.probeIntervalMs ?? 5_000, quietProbeMs: options.quietProbeMs ?? 10_000 });
    this.monitor = monitor;

    const { cache, events, log, now } = options;
    const api = () => (this.#active ? this.api : null);
    const online = () => this.#active && this.monitor.status.online;
    this.recorder = new CatalogRecorder(cache);
    this.lookup = new LookupService({ cache, service: { recorder: this.recorder, writes: cache.writes, events, api, online, ...(log ? { log } : {}) } });
    this.outbox = new Outbox({ cache, recorder: this.recorder, events, api, online, account: () => (this.#active ? this.accountKey : null), ...(log ? { log } : {}), ...(now ? { now } : {}) });
    this.sync = new SyncEngine({ cache, recorder: this.recorder, events, api, ...(log ? { log } : {}) });

    this.#unsubscribe = this.monitor.onChange((connectivity) => this.#connectivityChanged(connectivity));
  }

  get active(): boolean {
    return this.#active;
  }

  get online(): boolean {
    return this.#active && this.monitor.status.online;
  }

  /** Starts the timers and the first round: send what waits in the outbox, then sync. */
  start(): void {
    this.monitor.start();
    // Timers only act while online; offline, the monitor's probe brings the session back.
    this.#syncTimer = setInterval(() => {
      if (this.online) void this.sync.run();
    }, this.#options.syncIntervalMs);
    this.#outboxTimer = setInterval(() => {
      if (this.online) void this.outbox.kick();
    }, this.#options.outboxRetryMs ?? 30_000);
    this.#syncTimer.unref();
    this.#outboxTimer.unref();
    void this.#replayThenSync();
  }

  /** Stops everything; an answer still on its way is not written to the cache. */
  async end(): Promise<void> {
    if (!this.#active) return;
    this.#active = false;
    this.recorder.close();
    this.#unsubscribe();
    this.monitor.stop();
    clearInterval(this.#syncTimer);
    clearInterval(this.#outboxTimer);
    this.api.forgetToken();
    await Promise.allSettled([this.outbox.idle(), this.sync.idle(), this.lookup.settled()]);
    if (this.#demo) await this.#demo.close();
  }

  #connectivityChanged(connectivity: Connectivity): void {
    if (!this.#active) return;
    this.#options.events.emit('connectivity.changed', connectivity);
    // Back online: what waited is sent first (in creation order), then the cache catches up.
    if (connectivity.online) void this.#replayThenSync();
  }

  async #replayThenSync(): Promise<void> {
    try {
      await this.outbox.kick();
      if (this.#active) await this.sync.run();
    } catch (error) {
      this.#options.log?.('error', 'replay and sync failed', { error: String(error) });
    }
  }
}
