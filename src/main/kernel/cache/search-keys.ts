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

export interface SearchKey {
  key: string;
  /** Leading UTF-8 bytes shared with the item's next-smaller key; 0 for the smallest (see migration 0003). */
  lcp: number;
}

function commonPrefixBytes(a: Buffer, b: Buffer): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  return i;
}

/**
 * Every key of one SKU: the SKU itself, each word of its name and each barcode as printed;
 * distinct, sorted as SQLite's BINARY collation sorts (UTF-8 bytes), each with the length of the
 * prefix it shares with the one before.
 */
export function searchKeysFor(sku: string, name: string, barcodes: readonly string[]): SearchKey[] {
  const texts = new Set<string>([fold(sku), ...nameWords(name)]);
  for (const code of barcodes) texts.add(code);
  const sorted = [...texts]
    .filter((k) => k.length > 0 && k.length <= 200)
    .map((key) => ({ key, bytes: Buffer.from(key, 'utf8') }))
    .sort((a, b) => Buffer.compare(a.bytes, b.bytes));
  return sorted.map((k, i) => ({ key: k.key, lcp: i === 0 ? 0 : commonPrefixBytes(sorted[i - 1]!.bytes, k.bytes) }));
}

/** stock_items.search_text: every key after a space, so `instr(text, ' ' || term)` finds a key starting with term (keys hold no spaces). */
export function searchText(keys: readonly SearchKey[]): string {
  return keys.map((k) => ` ${k.key}`).join('');
}

/** Above every continuation of a prefix in SQLite's BINARY (UTF-8 memcmp) order. */
const TOP = '\u{10FFFF}';

export interface PrefixRange {
  low: string;
  high: string;
  /** The term's length in UTF-8 bytes: an item's first key in the range has `lcp` below it. */
  bytes: number;
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
  return [...new Set(terms)].slice(0, 8).map((t) => ({ low: t, high: t + TOP, bytes: Buffer.byteLength(t, 'utf8') }));
}
