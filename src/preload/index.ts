// The preload only wires the typed bridge to Electron's IPC; nothing else is exposed.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { EVENT_CHANNEL } from '../shared/ipc/contract';
import { createBridge } from './create-bridge';

const desk = createBridge(
  (channel, input) => ipcRenderer.invoke(channel, input),
  (listener) => {
    const forward = (_event: IpcRendererEvent, message: { event: string; payload: unknown }) => listener(message.event, message.payload);
    ipcRenderer.on(EVENT_CHANNEL, forward);
    return () => ipcRenderer.off(EVENT_CHANNEL, forward);
  },
);

contextBridge.exposeInMainWorld('desk', desk);
