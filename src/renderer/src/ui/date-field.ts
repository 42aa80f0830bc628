/** Day, month and year in the order a locale writes a numeric date ("de": day month year; "en-US": month day year). */
export type DateOrder = readonly ('day' | 'month' | 'year')[];

const numeric = (locale: string): Intl.DateTimeFormat => new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' });

export function dateOrder(locale: string): DateOrder {
  const parts = numeric(locale).formatToParts(new Date(2027, 11, 31));
  const order = parts.map((p) => p.type).filter((t): t is 'day' | 'month' | 'year' => t === 'day' || t === 'month' || t === 'year');
  return order.length === 3 ? order : ['year', 'month', 'day'];
}

/** 31 December 2027 as the locale writes it with digits: the field's placeholder and hint. */
export function exampleDate(locale: string): string {
  return numeric(locale).format(new Date(2027, 11, 31));
}

/** "31.12.2027" (in the locale's order, any separator, or year first) as "2027-12-31", or null when it is no real date. */
export function parseLocalDate(text: string, order: DateOrder): string | null {
  const numbers = text.split(/\D+/).filter((s) => s !== '');
  if (numbers.length !== 3) return null;
  // Written year first (2027-12-31), it is read so whatever the locale's order.
  if (numbers[0]?.length === 4) order = ['year', 'month', 'day'];
  const at = (part: 'day' | 'month' | 'year'): string => numbers[order.indexOf(part)] ?? '';
  const yearText = at('year');
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  const month = Number(at('month'));
  const day = Number(at('day'));
  if (yearText.length !== 2 && yearText.length !== 4) return null;
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
