// The per-language chunks made by scripts/lazy-locales.ts (a virtual module each).
declare module 'virtual:desk-catalogue/*';
