import { app, BrowserWindow } from 'electron';
import { join } from 'node:path';
import { secureWebPreferences } from './window-options';

export function runDesktopApp(): void {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  app.whenReady().then(() => {
    const window = new BrowserWindow({
      width: 1280,
      height: 860,
      show: false,
      webPreferences: secureWebPreferences(join(import.meta.dirname, '../preload/index.cjs')),
    });
    window.once('ready-to-show', () => window.show());
    void window.loadFile(join(import.meta.dirname, '../renderer/index.html'));
  });
  app.on('window-all-closed', () => app.quit());
}
