import { CHANNEL_NAMES, channels, events, isEventName, type Channel } from '../shared/ipc/contract';
import type { DeskApi, Invoke, Subscribe } from '../shared/ipc/desk-api';
import { resultSchema, type Result } from '../shared/ipc/result';

/**
 * Builds `window.desk` from the contract over any transport. The preload passes Electron's IPC;
 * the end-to-end harness passes a loopback to a Node host. Answers and events are parsed on
 * arrival, so the renderer only ever sees values that match the contract.
 */
export function createBridge(invoke: Invoke, subscribe: Subscribe): DeskApi {
  const answerSchemas = new Map(CHANNEL_NAMES.map((c) => [c, resultSchema(channels[c].output)]));

  async function call(channel: Channel, input: unknown): Promise<Result<unknown>> {
    let raw: unknown;
    try {
      raw = await invoke(channel, input);
    } catch {
      return { ok: false, error: { code: 'internal_error', message: 'The app could not reach its main process.' } };
    }
    const parsed = answerSchemas.get(channel)!.safeParse(raw);
    if (parsed.success) return parsed.data as Result<unknown>;
    return { ok: false, error: { code: 'internal_error', message: `The main process answered ${channel} with something unexpected.` } };
  }

  const api: Record<string, Record<string, (input?: unknown) => Promise<Result<unknown>>>> = {};
  for (const channel of CHANNEL_NAMES) {
    const [domain, method] = channel.split('.') as [string, string];
    (api[domain] ??= {})[method] = (input?: unknown) => call(channel, input);
  }

  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let unsubscribeTransport: (() => void) | null = null;
  function dispatch(event: string, payload: unknown): void {
    if (!isEventName(event)) return;
    const parsed = events[event].safeParse(payload);
    if (!parsed.success) return; // a malformed event is dropped rather than shown half-valid
    for (const listener of listeners.get(event) ?? []) listener(parsed.data);
  }

  const on = (event: string, listener: (payload: unknown) => void): (() => void) => {
    if (!isEventName(event)) throw new TypeError(`unknown event ${String(event)}`);
    unsubscribeTransport ??= subscribe(dispatch);
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  };

  return Object.freeze({ ...Object.fromEntries(Object.entries(api).map(([d, m]) => [d, Object.freeze(m)])), on }) as unknown as DeskApi;
}
