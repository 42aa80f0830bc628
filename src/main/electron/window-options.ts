import type { WebPreferences } from 'electron';

// The renderer is treated as untrusted: no Node, isolated world, OS sandbox.
// A window with no preload (the label print window) gets no bridge at all.
export function secureWebPreferences(preloadPath: string | null): WebPreferences {
  return {
    ...(preloadPath === null ? {} : { preload: preloadPath }),
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    spellcheck: false,
    // Middle-click would ask for a new window; the window-open handler denies it anyway.
    disableBlinkFeatures: 'Auxclick',
  };
}
