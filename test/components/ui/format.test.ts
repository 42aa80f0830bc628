import { describe, expect, it } from 'vitest';
import { formatAge, formatDateTime, formatDelta, formatNumber, formatTime, plural } from '../../../src/renderer/src/ui/format';
import { errorMessage, errorTitle } from '../../../src/renderer/src/ui/error-text';

describe('format helpers', () => {
  const now = new Date(2026, 2, 12, 14, 40, 0);
  it('shows wall-clock time as 14:32', () => {
    expect(formatTime(new Date(2026, 2, 12, 14, 32, 9))).toBe('14:32');
    expect(formatTime(new Date(2026, 2, 12, 7, 5))).toBe('07:05');
    expect(formatTime('not a date')).toBe('--:--');
  });
  it('says how old a value is', () => {
    expect(formatAge(new Date(2026, 2, 12, 14, 39, 55), now)).toBe('just now');
    expect(formatAge(new Date(2026, 2, 12, 14, 39, 15), now)).toBe('45 s ago');
    expect(formatAge(new Date(2026, 2, 12, 14, 32), now)).toBe('8 min ago');
    expect(formatAge(new Date(2026, 2, 12, 12, 10), now)).toBe('2 h ago');
    expect(formatAge(new Date(2026, 2, 11, 14, 0), now)).toBe('1 day ago');
    expect(formatAge(new Date(2026, 2, 2, 14, 0), now)).toBe('10 days ago');
    expect(formatAge(new Date(2026, 1, 12, 14, 0), now)).toBe('28 days ago');
    expect(formatAge(new Date(2026, 1, 9, 14, 0), now)).toBe('1 month ago');
    expect(formatAge(new Date(2025, 8, 12, 14, 0), now)).toBe('6 months ago');
    expect(formatAge(new Date(2025, 2, 20, 14, 0), now)).toBe('1 year ago');
    expect(formatAge(new Date(2024, 3, 1, 14, 0), now)).toBe('2 years ago'); // 711 days: not "1 year"
    expect(formatAge(new Date(2026, 2, 12, 14, 42), now)).toBe('in 2 min');
  });
  it('shows other days with their date', () => {
    expect(formatDateTime(new Date(2026, 2, 12, 9, 3), now)).toBe('09:03');
    expect(formatDateTime(new Date(2026, 2, 10, 9, 3), now, 'en-GB')).toBe('10 Mar 09:03');
    expect(formatDateTime(new Date(2025, 11, 30, 9, 3), now, 'en-GB')).toBe('30 Dec 2025 09:03');
  });
  it('groups thousands and signs changes with a real minus', () => {
    expect(formatNumber(1234567, 'en-US')).toBe('1,234,567');
    expect(formatNumber(1234567, 'de-DE')).toBe('1.234.567');
    expect(formatNumber(Number.NaN, 'en-US')).toBe('—');
    expect(formatDelta(5, 'en-US')).toBe('+5');
    expect(formatDelta(-1200, 'en-US')).toBe('−1,200');
    expect(plural(1, 'scan', undefined, 'en-US')).toBe('1 scan');
    expect(plural(3, 'scan', undefined, 'en-US')).toBe('3 scans');
  });
});

describe('error text', () => {
  it('never shows a stack or [object Object]', () => {
    expect(errorMessage({ code: 'internal_error', message: 'Boom\n    at foo (x.js:1:1)\n    at bar' })).toBe('Boom');
    expect(errorMessage({ code: 'internal_error', message: '[object Object]' })).toContain('Try again');
    expect(errorMessage({ code: 'offline', message: '' })).toContain('network');
    expect(errorTitle({ code: 'invalid_credentials' })).toBe('Wrong client id or secret');
    expect(errorTitle({ code: 'something_new' })).toBe('The request failed');
  });
});
