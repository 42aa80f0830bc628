// The Chromium-family browser `npm start` opens the app in when no Electron binary exists.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

// Debian's chromium, Ubuntu's chromium-browser (a snap on newer releases), Google Chrome, Chromium
// on macOS. CHROMIUM_PATH comes first so any other Chromium-based browser can be named.
const COMMANDS = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];
const PATHS = [
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** @param {NodeJS.ProcessEnv} env @returns {string | null} */
export function findBrowser(env = process.env) {
  if (env['CHROMIUM_PATH']) return executable(env['CHROMIUM_PATH']) ? env['CHROMIUM_PATH'] : null;
  const dirs = (env['PATH'] ?? '').split(delimiter).filter(Boolean);
  for (const command of COMMANDS) {
    for (const dir of dirs) if (executable(join(dir, command))) return join(dir, command);
  }
  return PATHS.find(executable) ?? null;
}
