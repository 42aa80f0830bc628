// The preload only wires the typed bridge to Electron's IPC; nothing else is exposed.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { EVENT_CHANNEL } from '../shared/ipc/contract';
import { createBridge } from './create-bridge';

const desk = createBridge(
  (channel, input) => ipcRenderer.invoke(channel, input),
  (listener) => {
    // The bridge re-validates event name and payload; here we only make sure there is an envelope,
    // and never hand Electron's event object (with its sender) to the page.
    const forward = (_event: IpcRendererEvent, message: unknown): void => {
      if (typeof message !== 'object' || message === null) return;
      const { event, payload } = message as { event?: unknown; payload?: unknown };
      if (typeof event === 'string') listener(event, payload);
    };
    ipcRenderer.on(EVENT_CHANNEL, forward);
    return () => ipcRenderer.off(EVENT_CHANNEL, forward);
  },
);

contextBridge.exposeInMainWorld('desk', desk);
