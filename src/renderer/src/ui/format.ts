/**
 * Formatting shared by every screen, all through Intl for the desk's format locale
 * (i18n/locale.svelte.ts): numbers, dates, times (12 or 24 hours as the locale has it) and ages.
 * Each function takes an explicit `now` and locale for tests; the screens pass neither and get the
 * ticking clock's time (state/clock.svelte.ts) and the chosen language.
 */
import { formatLocale } from '../i18n/locale.svelte';
import { m } from '../i18n/messages';

type When = string | number | Date;

function toDate(when: When): Date | null {
  const d = when instanceof Date ? when : new Date(when);
  return Number.isNaN(d.getTime()) ? null : d;
}

// Building an Intl formatter costs far more than using one; list rows format on every render.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(key: string, make: () => T): T {
  let f = formatters.get(key) as T | undefined;
  if (!f) formatters.set(key, (f = make()));
  return f;
}

// A 24-hour locale reads "09:03"; a 12-hour one "9:03 AM".
const timeFormat = (locale: string): Intl.DateTimeFormat =>
  cached(`time|${locale}`, () => {
    const cycle = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle;
    return new Intl.DateTimeFormat(locale, { hour: cycle === 'h11' || cycle === 'h12' ? 'numeric' : '2-digit', minute: '2-digit' });
  });
const dateFormat = (locale: string, withYear: boolean): Intl.DateTimeFormat =>
  cached(`date|${locale}|${withYear}`, () => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', ...(withYear ? { year: 'numeric' } : {}) }));
const numberFormat = (locale: string): Intl.NumberFormat => cached(`number|${locale}`, () => new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: true }));
const ageFormat = (locale: string): Intl.RelativeTimeFormat => cached(`age|${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'always', style: 'short' }));
const weightFormat = (locale: string, unit: 'gram' | 'kilogram'): Intl.NumberFormat =>
  cached(`weight|${locale}|${unit}`, () => new Intl.NumberFormat(locale, { style: 'unit', unit, maximumFractionDigits: 2 }));

/** "14:32" or "2:32 PM": wall-clock time as the locale reads it. */
export function formatTime(when: When, locale: string = formatLocale()): string {
  const d = toDate(when);
  return d ? timeFormat(locale).format(d) : '--:--';
}

/** The time today, "12 Mar 14:32" on another day, with the year when it is not this year. */
export function formatDateTime(when: When, now: When = Date.now(), locale: string = formatLocale()): string {
  const d = toDate(when);
  const n = toDate(now) ?? new Date();
  if (!d) return m.format_unknown_time();
  if (d.toDateString() === n.toDateString()) return formatTime(d, locale);
  const sameYear = d.getFullYear() === n.getFullYear();
  return m.format_date_time({ date: dateFormat(locale, !sameYear).format(d), time: formatTime(d, locale) });
}

/** "12 Mar 2026": a calendar date (YYYY-MM-DD) without time-zone shifts. */
export function formatDate(isoDate: string, locale: string = formatLocale()): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!m) return isoDate;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return dateFormat(locale, true).format(d);
}

/**
 * "just now", "45 sec. ago", "3 min. ago", "2 hr. ago", "3 days ago", "5 mo. ago", "2 yr. ago"
 * (in the locale's words). Past a month, days stop being read at a glance ("714 days ago"), so
 * months and years take over. A time ahead of `now` (the service's clock a little ahead of the
 * desk's, an event newer than the last tick of the shared clock) reads "just now": an age is never
 * in the future.
 */
export function formatAge(when: When, now: When = Date.now(), locale: string = formatLocale()): string {
  const d = toDate(when);
  const n = toDate(now);
  if (!d || !n) return m.format_unknown_age();
  const s = Math.round((n.getTime() - d.getTime()) / 1000);
  if (s < 10) return m.format_just_now();
  const rtf = ageFormat(locale);
  if (s < 60) return rtf.format(-s, 'second');
  if (s < 3600) return rtf.format(-Math.floor(s / 60), 'minute');
  if (s < 86_400) return rtf.format(-Math.floor(s / 3600), 'hour');
  if (s < 30 * 86_400) return rtf.format(-Math.floor(s / 86_400), 'day');
  const months = Math.max(1, Math.round(s / (30.44 * 86_400)));
  if (months < 12) return rtf.format(-months, 'month');
  return rtf.format(-Math.max(1, Math.round(s / (365.25 * 86_400))), 'year');
}

/** "12,345" / "12.345" (grouping per locale). Non-finite numbers show as an em dash rather than "NaN". */
export function formatNumber(n: number, locale: string = formatLocale()): string {
  return Number.isFinite(n) ? numberFormat(locale).format(n) : '—';
}

/** "+5" / "−12" (a real minus sign, readable at a distance) / "0". */
export function formatDelta(n: number, locale: string = formatLocale()): string {
  if (!Number.isFinite(n)) return '—';
  if (n > 0) return `+${formatNumber(n, locale)}`;
  if (n < 0) return `−${formatNumber(-n, locale)}`;
  return '0';
}

/** Grams as "850 g" or "1.25 kg" ("1,25 kg"). */
export function formatWeight(grams: number, locale: string = formatLocale()): string {
  return grams < 1000 ? weightFormat(locale, 'gram').format(grams) : weightFormat(locale, 'kilogram').format(grams / 1000);
}

/** Grams always as kilograms, to the hundredth ("0.43 kg"): CO₂ figures read in one unit. */
export function formatKilograms(grams: number, locale: string = formatLocale()): string {
  return weightFormat(locale, 'kilogram').format(Math.round(grams / 10) / 100);
}
