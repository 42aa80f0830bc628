/**
 * Formatting shared by every screen. Pure functions with an explicit `now` and locale so tests are
 * deterministic; the UI passes the ticking clock (state/clock.svelte.ts) and the OS locale.
 */

type When = string | number | Date;

function toDate(when: When): Date | null {
  const d = when instanceof Date ? when : new Date(when);
  return Number.isNaN(d.getTime()) ? null : d;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** "14:32": 24-hour wall-clock time, what a warehouse shift reads at a glance. */
export function formatTime(when: When): string {
  const d = toDate(when);
  return d ? `${pad(d.getHours())}:${pad(d.getMinutes())}` : '--:--';
}

// Building an Intl formatter costs far more than using one; list rows format dates on every render.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string | undefined, withYear: boolean): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${withYear}`;
  let f = dateFormats.get(key);
  if (!f) dateFormats.set(key, (f = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', ...(withYear ? { year: 'numeric' } : {}) })));
  return f;
}

/** "14:32" today, "12 Mar 14:32" on another day, with the year when it is not this year. */
export function formatDateTime(when: When, now: When = Date.now(), locale?: string): string {
  const d = toDate(when);
  const n = toDate(now) ?? new Date();
  if (!d) return 'unknown time';
  if (d.toDateString() === n.toDateString()) return formatTime(d);
  const sameYear = d.getFullYear() === n.getFullYear();
  const day = dateFormat(locale, !sameYear).format(d);
  return `${day} ${formatTime(d)}`;
}

/** "12 Mar 2026": a calendar date (YYYY-MM-DD) without time-zone shifts. */
export function formatDate(isoDate: string, locale?: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!m) return isoDate;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return dateFormat(locale, true).format(d);
}

/**
 * "just now", "45 s ago", "3 min ago", "2 h ago", "3 days ago", "5 months ago", "2 years ago";
 * future times read "in 2 min". Past a month, days stop being read at a glance ("714 days ago").
 */
export function formatAge(when: When, now: When = Date.now()): string {
  const d = toDate(when);
  const n = toDate(now);
  if (!d || !n) return 'unknown age';
  const diffMs = n.getTime() - d.getTime();
  const future = diffMs < 0;
  const s = Math.round(Math.abs(diffMs) / 1000);
  let text: string;
  if (s < 10) return 'just now';
  if (s < 60) text = `${s} s`;
  else if (s < 3600) text = `${Math.floor(s / 60)} min`;
  else if (s < 86_400) text = `${Math.floor(s / 3600)} h`;
  else if (s < 30 * 86_400) {
    const days = Math.floor(s / 86_400);
    text = days === 1 ? '1 day' : `${days} days`;
  } else {
    const months = Math.max(1, Math.round(s / (30.44 * 86_400)));
    const years = Math.max(1, Math.round(s / (365.25 * 86_400)));
    if (months < 12) text = months === 1 ? '1 month' : `${months} months`;
    else text = years === 1 ? '1 year' : `${years} years`;
  }
  return future ? `in ${text}` : `${text} ago`;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string | undefined): Intl.NumberFormat {
  const key = locale ?? '';
  let f = numberFormats.get(key);
  if (!f) numberFormats.set(key, (f = new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: true })));
  return f;
}

/** "12,345" (grouping per locale). Non-finite numbers show as an em dash rather than "NaN". */
export function formatNumber(n: number, locale?: string): string {
  return Number.isFinite(n) ? numberFormat(locale).format(n) : '—';
}

/** "+5" / "−12" (a real minus sign, readable at a distance) / "0". */
export function formatDelta(n: number, locale?: string): string {
  if (!Number.isFinite(n)) return '—';
  if (n > 0) return `+${formatNumber(n, locale)}`;
  if (n < 0) return `−${formatNumber(-n, locale)}`;
  return '0';
}

/** "1 item" / "3 items". */
export function plural(n: number, one: string, many = `${one}s`, locale?: string): string {
  return `${formatNumber(n, locale)} ${n === 1 ? one : many}`;
}

/** Grams as "850 g" or "1.25 kg". */
export function formatWeight(grams: number, locale?: string): string {
  return grams < 1000 ? `${formatNumber(grams, locale)} g` : `${formatNumber(grams / 1000, locale)} kg`;
}
