import { m } from '../i18n/messages';
import type { EventName, EventPayload } from '../../../shared/ipc/contract';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { DeskError, Result } from '../../../shared/ipc/result';

/**
 * The renderer's only way out is `window.desk`. These helpers make every call answer a Result,
 * even when the bridge is missing (page opened outside the app) or a call throws, so screens
 * have one error path: show `result.error` with <ErrorNotice>.
 */

export function getDesk(): DeskApi | null {
  const candidate = (globalThis as { desk?: DeskApi }).desk;
  return candidate && typeof candidate === 'object' ? candidate : null;
}

export const BRIDGE_MISSING: DeskError = {
  code: 'internal_error',
  reason: 'bridge_missing',
  get message() {
    return m.desk_bridge_missing();
  },
};

/** `await call((d) => d.stock.lookup({ code }))`: never throws, always a Result. */
export async function call<T>(fn: (desk: DeskApi) => Promise<Result<T>>): Promise<Result<T>> {
  const desk = getDesk();
  if (!desk) return { ok: false, error: BRIDGE_MISSING };
  try {
    const result = await fn(desk);
    if (result && typeof result === 'object' && 'ok' in result) return result;
    return { ok: false, error: { code: 'internal_error', reason: 'no_result', message: m.desk_no_result() } };
  } catch (e) {
    // Only the message's first line: a stack never reaches the screen.
    const text = e instanceof Error ? (e.message.split('\n')[0] ?? '') : '';
    return { ok: false, error: { code: 'internal_error', message: text || m.desk_call_failed(), ...(text ? {} : { reason: 'call_failed' }) } };
  }
}

/** Subscribes to a main-process event; a no-op without the bridge. Returns the unsubscribe. */
export function onDesk<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
  const desk = getDesk();
  if (!desk) return () => {};
  try {
    return desk.on(event, listener);
  } catch {
    return () => {};
  }
}
