// The preload only wires the typed bridge to Electron's IPC; everything else stays out of reach.
import { contextBridge, ipcRenderer } from 'electron';

contextBridge.exposeInMainWorld('desk', {
  ping: (): Promise<string> => ipcRenderer.invoke('app.ping'),
});
