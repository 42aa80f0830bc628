import { stringify } from 'csv-stringify/sync';

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | null;
}

// A cell a spreadsheet would run as a formula: one that starts with =, +, -, @, a tab or a CR.
// A scanned code or a note is data, so it is prefixed with an apostrophe, which spreadsheets show
// as text. Only a plain number (-12, -3.5) is left as it is: `-2+3+cmd|…` starts with a digit
// after its minus too, and is a formula.
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

function safeCell(v: string): string {
  return FORMULA_START.test(v) && !PLAIN_NUMBER.test(v) ? `'${v}` : v;
}

/**
 * CSV that spreadsheets open as meant: UTF-8 with a byte order mark (Excel otherwise guesses the
 * wrong encoding), RFC 4180 quoting and CRLF line ends, a header row; dates are left as the ISO
 * 8601 strings they are.
 */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: Iterable<Row>): { content: string; rows: number } {
  const records: Array<Array<string | number>> = [];
  for (const row of rows) {
    records.push(
      columns.map((c) => {
        const v = c.value(row);
        if (v === null) return '';
        return typeof v === 'string' ? safeCell(v) : v;
      }),
    );
  }
  const content = stringify(records, { bom: true, header: true, columns: columns.map((c) => c.header), record_delimiter: 'windows' });
  return { content, rows: records.length };
}
