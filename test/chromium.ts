// Debian's Chromium, never a browser downloaded by Playwright (no download host is reachable here).
export const chromiumPath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
