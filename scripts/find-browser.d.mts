/** The Chromium-family browser to open the app in, or null when none is found. */
export function findBrowser(env?: NodeJS.ProcessEnv): string | null;
