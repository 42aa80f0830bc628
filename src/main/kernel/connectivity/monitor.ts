// Online or offline, judged from what real requests to the service came to, not from the OS
// (a desk can have a network link and still not reach the service, or the reverse).
import type { RequestOutcome } from '../api/client';
import { ApiError } from '../api/api-error';
import { toDeskError } from '../ipc/desk-error';
import type { DeskError } from '../../../shared/ipc/result';
import type { Connectivity } from '../../../shared/ipc/records';

export interface ConnectivityMonitorOptions {
  /**
   * One cheap request to the service (ApiClient.ping is made for it). Resolving, or failing with
   * an HTTP answer (an ApiError with a status), means online; failing with `network_error` or
   * `timeout` means still offline. Its own outcome may also arrive through report(): both agree.
   */
  probe: () => Promise<void>;
  /** How often to probe while offline. Default 5 s. */
  probeIntervalMs?: number;
  /**
   * While online, probe when no request has been heard of for this long, so a desk left idle
   * learns it lost the service before the worker's next request fails. Unset: only while offline.
   */
  quietProbeMs?: number;
  now?: () => Date;
}

type Listener = (connectivity: Connectivity) => void;

/** The codes of failures that got no HTTP answer. */
const NO_ANSWER: ReadonlySet<string> = new Set(['network_error', 'timeout']);

export class ConnectivityMonitor {
  private readonly probe: () => Promise<void>;
  private readonly probeIntervalMs: number;
  private readonly now: () => Date;
  private readonly listeners = new Set<Listener>();
  private current: Connectivity;
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private probing = false;
  private readonly quietProbeMs: number | null;
  private quietTimer: NodeJS.Timeout | undefined;
  /** When a request's outcome or a probe last told anything (ms). */
  private lastHeard: number;

  constructor(options: ConnectivityMonitorOptions) {
    this.probe = options.probe;
    this.probeIntervalMs = Math.max(10, options.probeIntervalMs ?? 5_000);
    this.now = options.now ?? (() => new Date());
    this.quietProbeMs = options.quietProbeMs === undefined ? null : Math.max(10, options.quietProbeMs);
    this.lastHeard = this.now().getTime();
    // Optimistic until the first request says otherwise: the first lookup or sync finds out.
    this.current = { online: true, since: this.now().toISOString(), lastError: null };
  }

  get status(): Connectivity {
    return { ...this.current, lastError: this.current.lastError === null ? null : { ...this.current.lastError } };
  }

  /** Feed it every RequestOutcome (ApiClientOptions.onOutcome). */
  report(outcome: RequestOutcome): void {
    this.lastHeard = this.now().getTime();
    if (outcome.networkError) this.goOffline(outcome.error ?? { code: 'network_error', message: 'The service could not be reached.' });
    else this.goOnline();
  }

  /** Called on every change between online and offline; returns the unsubscribe function. */
  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Starts probing whenever offline. */
  start(): void {
    if (this.running) return;
    this.running = true;
    if (!this.current.online) this.schedule();
    else this.scheduleQuiet();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    clearTimeout(this.quietTimer);
    this.quietTimer = undefined;
  }

  /** Probes once now (e.g. when the worker presses "try again"); resolves with the status after it. */
  async check(): Promise<Connectivity> {
    await this.runProbe();
    return this.status;
  }

  private goOffline(error: DeskError): void {
    if (!this.current.online) {
      this.current = { ...this.current, lastError: { ...error } };
      return;
    }
    this.current = { online: false, since: this.now().toISOString(), lastError: { ...error } };
    this.emit();
    if (this.running) this.schedule();
  }

  private goOnline(): void {
    if (this.current.online) return;
    this.current = { online: true, since: this.now().toISOString(), lastError: null };
    clearTimeout(this.timer);
    this.timer = undefined;
    this.emit();
    this.scheduleQuiet();
  }

  /** While online: a probe after each quiet stretch with no request heard of. */
  private scheduleQuiet(): void {
    const quiet = this.quietProbeMs;
    if (quiet === null || this.quietTimer !== undefined || !this.running) return;
    this.quietTimer = setTimeout(() => {
      this.quietTimer = undefined;
      if (!this.running || !this.current.online) return; // offline: the offline loop probes
      if (this.now().getTime() - this.lastHeard < quiet) {
        this.scheduleQuiet();
        return;
      }
      void this.runProbe().finally(() => this.scheduleQuiet());
    }, quiet);
    this.quietTimer.unref();
  }

  private emit(): void {
    const snapshot = this.status;
    for (const listener of [...this.listeners]) {
      try {
        listener(snapshot);
      } catch {
        // One broken listener must not keep the others from hearing about the change.
      }
    }
  }

  private schedule(): void {
    if (this.timer !== undefined || !this.running) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.runProbe().finally(() => {
        if (this.running && !this.current.online) this.schedule();
      });
    }, this.probeIntervalMs);
    // Probing alone must not keep the process alive (tests, the harness, app shutdown).
    this.timer.unref();
  }

  private async runProbe(): Promise<void> {
    if (this.probing) return;
    this.probing = true;
    this.lastHeard = this.now().getTime();
    try {
      await this.probe();
      this.goOnline();
    } catch (error) {
      if (error instanceof ApiError) {
        if (NO_ANSWER.has(error.code)) this.goOffline(toDeskError(error));
        else if (error.status !== undefined) this.goOnline();
      }
      // Anything else (not signed in, a bug in the probe) says nothing about the network.
    } finally {
      this.probing = false;
    }
  }
}
