import type { EventName, EventPayload } from '../../../../src/shared/ipc/contract';
import type { EventHub } from '../../../../src/main/kernel/ipc/event-hub';

/** Records every event of a hub, and waits for one that satisfies a predicate. */
export function recordEvents(hub: EventHub) {
  const seen: Array<{ event: EventName; payload: unknown }> = [];
  const waiters = new Set<() => void>();
  const detach = hub.attach((event, payload) => {
    seen.push({ event, payload });
    for (const w of [...waiters]) w();
  });
  return {
    seen,
    of<E extends EventName>(event: E): Array<EventPayload<E>> {
      return seen.filter((s) => s.event === event).map((s) => s.payload as EventPayload<E>);
    },
    waitFor<E extends EventName>(event: E, predicate: (p: EventPayload<E>) => boolean = () => true, timeoutMs = 10_000): Promise<EventPayload<E>> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = seen.find((s) => s.event === event && predicate(s.payload as EventPayload<E>));
          if (hit) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(hit.payload as EventPayload<E>);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${event} event within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    detach,
  };
}
