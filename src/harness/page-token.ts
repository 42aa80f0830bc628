// What the harness page and the host agree on about the page token (see auth.ts). Kept apart
// from auth.ts, which needs node:crypto, because the browser bridge imports it too.
export const PAGE_TOKEN_HEADER = 'x-desk-page';
export const PAGE_TOKEN_META = 'desk-harness-page';
