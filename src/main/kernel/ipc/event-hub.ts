import type { EventName, EventPayload } from '../../../shared/ipc/contract';

export type EventListener = (event: EventName, payload: unknown) => void;

/** Main-side fan-out of typed events to whatever transports are attached (Electron windows, harness clients). */
export class EventHub {
  readonly #listeners = new Set<EventListener>();

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    for (const listener of this.#listeners) listener(event, payload);
  }

  attach(listener: EventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
