// The contract's fixed lists of values, without zod: records.ts builds its schemas from them, and
// every other module imports them from here. Importing them from records.ts would evaluate every
// schema of the contract, and put zod into the bundle every renderer start loads.

export const ADJUSTMENT_REASONS = ['received', 'damaged', 'lost', 'found', 'count_correction', 'returned', 'other'] as const;

/** The desk's languages; 'system' follows the OS (app.getLocale(), in the harness the browser's language). */
export const LANGUAGES = ['en', 'de', 'nl', 'fr', 'pl'] as const;
