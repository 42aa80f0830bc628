import { parse } from 'csv-parse/sync';
import { failure } from '../../shared/ipc/result';

/** One line of a sheet: its cells by normalised header, and its line number in the file (the header is line 1). */
export interface SheetLine {
  line: number;
  cells: ReadonlyMap<string, string>;
}

export interface Sheet {
  /** `;` for a spreadsheet saved in a locale with a decimal comma, else `,` or a tab. */
  delimiter: ';' | ',' | '\t';
  headers: string[];
  lines: SheetLine[];
}

/** Header words as people write them, in the desk's five languages, to the one name the import uses. */
const HEADER_NAMES: Record<string, string> = {
  sku: 'sku', article: 'sku', artikel: 'sku', 'artikelnummer': 'sku', 'référence': 'sku', reference: 'sku', indeks: 'sku', item: 'sku',
  warehouse: 'warehouse', lager: 'warehouse', 'entrepôt': 'warehouse', magazijn: 'warehouse', magazyn: 'warehouse',
  minimum: 'minimum', min: 'minimum', 'minimum stock': 'minimum', mindestbestand: 'minimum',
  reorder: 'reorder', 'reorder quantity': 'reorder', bestellmenge: 'reorder', 'quantité à commander': 'reorder', bestelhoeveelheid: 'reorder', 'ilość do zamówienia': 'reorder',
  quantity: 'quantity', qty: 'quantity', change: 'quantity', menge: 'quantity', 'änderung': 'quantity', 'quantité': 'quantity', aantal: 'quantity', hoeveelheid: 'quantity', 'ilość': 'quantity', zmiana: 'quantity',
  counted: 'counted', 'counted quantity': 'counted', 'gezählt': 'counted', 'gezählte menge': 'counted', 'compté': 'counted', 'quantité comptée': 'counted', geteld: 'counted', 'getelde hoeveelheid': 'counted', policzono: 'counted', 'ilość policzona': 'counted',
  reason: 'reason', grund: 'reason', motif: 'reason', raison: 'reason', reden: 'reason', 'powód': 'reason',
  note: 'note', notiz: 'note', bemerkung: 'note', remarque: 'note', opmerking: 'note', notatka: 'note', uwaga: 'note', comment: 'note',
};

const normalHeader = (h: string): string => {
  const t = h.trim().toLowerCase().replace(/\s+/g, ' ');
  return HEADER_NAMES[t] ?? t;
};

/** The delimiter of the header line: the one of `;`, tab and `,` it holds most of, outside quotes. */
function delimiterOf(text: string): Sheet['delimiter'] {
  const first = (text.split(/\r?\n/, 1)[0] ?? '').replace(/"[^"]*"/g, '');
  const count = (c: string) => first.split(c).length - 1;
  const semicolons = count(';');
  const tabs = count('\t');
  const commas = count(',');
  if (semicolons >= commas && semicolons >= tabs && semicolons > 0) return ';';
  return tabs > commas ? '\t' : ',';
}

/**
 * A CSV sheet as spreadsheets save it: a byte order mark or none, `;` where the decimal sign is
 * a comma, quoted fields with line breaks and doubled quotes, CRLF or LF, blank lines. Parsing is
 * csv-parse's; a malformed quote throws with its line (the caller words it).
 */
export function readSheet(text: string): Sheet {
  const delimiter = delimiterOf(text.replace(/^\uFEFF/, ''));
  // One line end for all: csv-parse then counts lines as an editor does (with CRLF it counted one
  // more). With `info`, each record comes with where it ends, which its typing does not know.
  const records = parse(text.replace(/\r\n?/g, '\n'), { bom: true, delimiter, relax_column_count: true, skip_empty_lines: true, info: true, trim: true }) as unknown as Array<{
    record: string[];
    info: { lines: number };
  }>;
  const [head, ...rest] = records;
  const headers = (head?.record ?? []).map(normalHeader);
  const lines = rest
    .filter((r) => r.record.some((cell) => cell !== ''))
    // `lines` is where the record ends; a quoted line break inside it started it that much earlier.
    .map((r) => ({ line: r.info.lines - r.record.reduce((n, cell) => n + cell.split('\n').length - 1, 0), cells: new Map(headers.map((h, i) => [h, r.record[i] ?? ''])) }));
  return { delimiter, headers, lines };
}

/**
 * A whole quantity as the sheet's locale writes it: with `;` sheets the decimal sign is a comma
 * and the group sign a dot ("1.250" is 1250, "12,0" is 12), elsewhere the other way round; spaces
 * and apostrophes group too. A fraction ("1,5") or anything else is null: a bad number.
 */
export function sheetQuantity(cell: string, delimiter: Sheet['delimiter']): number | null {
  const [group, decimal] = delimiter === ';' ? ['.', ','] : [',', '.'];
  let t = cell.replace(/[\s'’\u00a0\u202f]/g, '');
  const grouped = new RegExp(`^-?\\d{1,3}(\\${group}\\d{3})+(\\${decimal}0+)?$`);
  if (grouped.test(t)) t = t.split(group).join('');
  const m = new RegExp(`^(-?\\d{1,10})(\\${decimal}0+)?$`).exec(t);
  if (!m) return null;
  const n = Number(m[1]);
  return Number.isSafeInteger(n) ? n : null;
}

/** `readSheet`, a file it cannot read refused as the worker's mistake, with csv-parse's words (they name the line of an unclosed quote). */
export function sheetOf(text: string): Sheet {
  try {
    return readSheet(text);
  } catch (error) {
    throw failure('invalid_argument', 'The file is not a sheet the desk can read.', { reason: 'bad_sheet', params: { why: (error instanceof Error ? error.message : String(error)).slice(0, 300) } });
  }
}
