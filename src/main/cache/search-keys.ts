/**
 * The texts a stock-list query may be a prefix of, and how a query becomes range bounds. Keys and
 * queries go through the same folding, so "Café" is found by "cafe" and "CAF".
 */

function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
}

const WORD_SPLIT = /[^\p{L}\p{N}]+/u;

export function nameWords(name: string): string[] {
  return fold(name)
    .split(WORD_SPLIT)
    .filter((w) => w.length > 0);
}

/**
 * Every key of one SKU: the SKU itself, each word of its name and each barcode as printed; distinct
 * and sorted as SQLite's BINARY collation sorts (UTF-8 bytes), so each key's predecessor can be
 * stored with it (see migration 0003).
 */
export function searchKeysFor(sku: string, name: string, barcodes: readonly string[]): string[] {
  const keys = new Set<string>([fold(sku), ...nameWords(name)]);
  for (const code of barcodes) keys.add(code);
  return [...keys]
    .filter((k) => k.length > 0 && k.length <= 200)
    .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
}

/** Above every continuation of a prefix in SQLite's BINARY (UTF-8 memcmp) order. */
const TOP = '\u{10FFFF}';

export interface PrefixRange {
  low: string;
  high: string;
}

/**
 * A query is one or more whitespace-separated terms; an item matches when every term is a prefix
 * of one of its keys. Returns no terms for a blank query.
 */
export function queryRanges(query: string | undefined): PrefixRange[] {
  if (!query) return [];
  const terms = fold(query)
    .split(/\s+/u)
    .filter((t) => t.length > 0);
  return [...new Set(terms)].slice(0, 8).map((t) => ({ low: t, high: t + TOP }));
}
