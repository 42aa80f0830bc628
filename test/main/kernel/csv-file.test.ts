// A CSV export is opened in a spreadsheet: a cell a spreadsheet would run as a formula (a scanned
// code, a note, a name) must arrive as text. Read back with a real CSV parser, every hostile cell
// is the value with an apostrophe in front; every other value, plain numbers included, unchanged.
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toCsv } from '../../../src/main/kernel/csv-file';

/** The one cell of a one-column, one-row CSV, as a spreadsheet's import reads it. */
function cellOf(value: string | number): string {
  const { content } = toCsv([{ header: 'v', value: (row: { v: string | number }) => row.v }], [{ v: value }]);
  const records = parse(content, { bom: true, relax_column_count: false }) as string[][];
  expect(records).toHaveLength(2);
  return records[1]![0]!;
}

const TRIGGERS = ['=', '+', '-', '@', '\t', '\r'] as const;
/** What a spreadsheet reads as a number, and so can never be a formula. */
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

const hostileTail = fc.oneof(
  fc.string(),
  fc.constantFrom('2+3+cmd|\' /C calc\'!A0', '1+1', 'cmd|\'/C calc\'!A0', 'HYPERLINK("http://x")', '3.5e2', '12abc', ' 1', '1 ', '1.', '.5', '1,5', '0x1F', '1-1'),
  fc.tuple(fc.integer(), fc.string()).map(([n, s]) => `${n}${s}`),
);

describe('toCsv: cells a spreadsheet would run as a formula', () => {
  it('the cell the tester found: -2+3+cmd|… is text, not a formula', () => {
    expect(cellOf("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
  });

  it('every value that starts with =, +, -, @, tab or CR and is not a plain number gets an apostrophe', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TRIGGERS), hostileTail, (first, tail) => {
        const value = first + tail;
        fc.pre(!PLAIN_NUMBER.test(value));
        expect(cellOf(value)).toBe(`'${value}`);
      }),
      { numRuns: 2000 },
    );
  });

  it('plain numbers stay numbers, negative and decimal ones included', () => {
    for (const value of ['-12', '-3.5', '0', '-0', '42', '3.25']) expect(cellOf(value)).toBe(value);
    fc.assert(
      fc.property(fc.integer(), fc.nat(), fc.boolean(), (whole, fraction, withFraction) => {
        const value = withFraction ? `${whole}.${fraction}` : String(whole);
        expect(cellOf(value)).toBe(value);
        expect(cellOf(Number(value))).toBe(String(Number(value)));
      }),
    );
  });

  it('any other value is written as it is', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        fc.pre(value === '' || !(TRIGGERS as readonly string[]).includes(value[0]!));
        expect(cellOf(value)).toBe(value);
      }),
      { numRuns: 2000 },
    );
  });
});
