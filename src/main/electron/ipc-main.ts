import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { CHANNEL_NAMES, EVENT_CHANNEL } from '../../shared/ipc/contract';
import type { Result } from '../../shared/ipc/result';
import type { EventHub } from '../kernel/ipc/event-hub';
import type { IpcRouter } from '../kernel/ipc/router';

/**
 * Registers one `ipcMain.handle` per channel of the contract and nothing else: the channel names
 * come from CHANNEL_NAMES, never spelled here. The router is awaited per call so the window can
 * load while the core is still starting; a core that failed to start answers a typed error.
 */
export function registerDeskIpc(ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>, router: Promise<IpcRouter<IpcMainInvokeEvent>>): () => void {
  for (const channel of CHANNEL_NAMES) {
    ipcMain.handle(channel, async (event, input: unknown): Promise<Result<unknown>> => {
      let ready: IpcRouter<IpcMainInvokeEvent>;
      try {
        ready = await router;
      } catch {
        return { ok: false, error: { code: 'internal_error', message: 'The desk could not start. Please restart the app.', reason: 'start_failed' } };
      }
      return ready.handle(channel, input, event);
    });
  }
  return () => {
    for (const channel of CHANNEL_NAMES) ipcMain.removeHandler(channel);
  };
}

/** Forwards every core event to the window on the one event channel, while the window lives. */
export function forwardEvents(hub: EventHub, target: () => WebContents | null): () => void {
  return hub.attach((event, payload) => {
    const contents = target();
    if (contents && !contents.isDestroyed()) contents.send(EVENT_CHANNEL, { event, payload });
  });
}
