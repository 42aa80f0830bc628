// What the harness page and the host agree on about the page token (see auth.ts). Kept apart
// from auth.ts, which needs node:crypto, because the browser bridge imports it too.
export const PAGE_TOKEN_HEADER = 'x-desk-page';
export const PAGE_TOKEN_META = 'desk-harness-page';
/** The bridge's WebSocket: calls, answers and events on one connection, as over Electron's IPC. */
export const IPC_SOCKET_PATH = '/__harness/ipc';
/** The host closes a socket whose first message is not a page token it issued with this code. */
export const REFUSED_CLOSE_CODE = 4401;
