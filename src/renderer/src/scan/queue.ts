/**
 * Scans answered one at a time, in arrival order. A scan that arrives while another is being
 * answered waits; none is dropped. The only refusal is an absurd backlog (a flood no person can
 * produce), and that is reported, never silent.
 */
export interface ScanQueueOptions<T> {
  handle: (item: T) => Promise<void>;
  /** Most items waiting at once. Default 200. */
  maxWaiting?: number;
  onOverflow?: (item: T) => void;
  /** Called whenever `waiting` or `busy` changes. */
  onChange?: () => void;
}

export class ScanQueue<T> {
  readonly #items: T[] = [];
  readonly #options: ScanQueueOptions<T>;
  #busy = false;
  #idle: Promise<void> = Promise.resolve();
  #resolveIdle: (() => void) | null = null;

  constructor(options: ScanQueueOptions<T>) {
    this.#options = options;
  }

  get waiting(): number {
    return this.#items.length;
  }
  get busy(): boolean {
    return this.#busy;
  }

  /** Adds an item; false (and onOverflow) when the backlog is full. */
  push(item: T): boolean {
    if (this.#items.length >= (this.#options.maxWaiting ?? 200)) {
      this.#options.onOverflow?.(item);
      return false;
    }
    this.#items.push(item);
    this.#options.onChange?.();
    if (!this.#busy) void this.#drain();
    return true;
  }

  /** Resolves when nothing is waiting or running. */
  whenIdle(): Promise<void> {
    return this.#busy ? this.#idle : Promise.resolve();
  }

  async #drain(): Promise<void> {
    this.#busy = true;
    this.#idle = new Promise((resolve) => (this.#resolveIdle = resolve));
    try {
      for (let item = this.#items.shift(); item !== undefined; item = this.#items.shift()) {
        this.#options.onChange?.();
        try {
          await this.#options.handle(item);
        } catch {
          // The handler shows its own errors; one failure must not stop the queue.
        }
      }
    } finally {
      this.#busy = false;
      this.#options.onChange?.();
      this.#resolveIdle?.();
      this.#resolveIdle = null;
    }
  }
}
