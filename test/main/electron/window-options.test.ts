import { describe, expect, it } from 'vitest';
import { secureWebPreferences } from '../../../src/main/electron/window-options';

describe('secure web preferences of the window', () => {
  const prefs = secureWebPreferences('/app/out/preload/index.cjs');

  it('isolates and sandboxes the renderer, with no Node anywhere', () => {
    expect(prefs).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
    });
  });

  it('keeps web security on and the risky features off', () => {
    expect(prefs).toMatchObject({
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      disableBlinkFeatures: 'Auxclick',
    });
    expect(prefs).not.toHaveProperty('enableBlinkFeatures');
    expect(prefs).not.toHaveProperty('additionalArguments');
  });

  it('loads the CommonJS preload that a sandboxed renderer requires', () => {
    expect(prefs.preload).toMatch(/\.cjs$/);
  });
});
