import { DeskFailure, type DeskError } from '../../shared/ipc/result';
import { toDeskError } from '../kernel/ipc/desk-error';

/** The side of a MessagePort both ends need: a worker's parentPort, or the Worker object in its host. */
export interface Port {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (message: unknown) => void): unknown;
}

/** What crosses for a failure: a DeskError keeps every field the renderer shows; anything else only its text. */
type WireError = { desk: DeskError } | { bug: string };

type Wire =
  | { kind: 'call'; id: number; method: string; args: unknown[] }
  | { kind: 'reply'; id: number; ok: true; value: unknown }
  | { kind: 'reply'; id: number; ok: false; error: WireError }
  | { kind: 'note'; method: string; args: unknown[] };

export type Serve = (method: string, args: unknown[]) => unknown;

function toWire(error: unknown): WireError {
  const desk = toDeskError(error);
  if (desk) return { desk };
  return { bug: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
}

function fromWire(error: WireError): Error {
  return 'desk' in error ? new DeskFailure(error.desk) : new Error(error.bug);
}

function isWire(message: unknown): message is Wire {
  return typeof message === 'object' && message !== null && 'kind' in message;
}

/**
 * Calls both ways over one port between the core's thread and its host: each call is answered
 * once, with its value or its failure (a DeskFailure stays one, with its code and request id).
 * Notes are one-way (events, log lines). Messages on a port keep their order, so a note sent
 * before a call is handled before it.
 */
export class PortRpc {
  readonly #port: Port;
  readonly #serve: Serve;
  readonly #waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #next = 1;
  #stopped: Error | null = null;

  constructor(port: Port, serve: Serve) {
    this.#port = port;
    this.#serve = serve;
    port.on('message', (message) => this.#receive(message));
  }

  call(method: string, args: unknown[] = []): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      this.#port.postMessage({ kind: 'call', id, method, args } satisfies Wire);
    });
  }

  note(method: string, args: unknown[] = []): void {
    if (!this.#stopped) this.#port.postMessage({ kind: 'note', method, args } satisfies Wire);
  }

  /** The other side is gone: every call still waiting fails with `reason`, and so does every later one. */
  stop(reason: Error): void {
    this.#stopped ??= reason;
    for (const { reject } of this.#waiting.values()) reject(reason);
    this.#waiting.clear();
  }

  #receive(message: unknown): void {
    if (!isWire(message)) return;
    if (message.kind === 'reply') {
      const waiter = this.#waiting.get(message.id);
      if (!waiter) return;
      this.#waiting.delete(message.id);
      if (message.ok) waiter.resolve(message.value);
      else waiter.reject(fromWire(message.error));
      return;
    }
    if (message.kind === 'note') {
      this.#serve(message.method, message.args);
      return;
    }
    const { id } = message;
    const answer = (reply: Wire): void => {
      if (this.#stopped) return;
      try {
        this.#port.postMessage(reply);
      } catch (error) {
        // An answer that cannot be cloned is a bug of the side that made it: say so, never hang the caller.
        this.#port.postMessage({ kind: 'reply', id, ok: false, error: { bug: `the answer to ${message.method} could not cross threads: ${String(error)}` } } satisfies Wire);
      }
    };
    try {
      Promise.resolve(this.#serve(message.method, message.args)).then(
        (value) => answer({ kind: 'reply', id, ok: true, value }),
        (error: unknown) => answer({ kind: 'reply', id, ok: false, error: toWire(error) }),
      );
    } catch (error) {
      answer({ kind: 'reply', id, ok: false, error: toWire(error) });
    }
  }
}
