import { describe, expect, it } from 'vitest';
import { formatAge, formatDateTime, formatDelta, formatNumber, formatTime, formatWeight } from '../../../src/renderer/src/ui/format';
import { errorMessage, errorTechnicalText, errorTitle } from '../../../src/renderer/src/ui/error-text';

describe('format helpers', () => {
  const now = new Date(2026, 2, 12, 14, 40, 0);
  it('shows wall-clock time with 24 or 12 hours as the locale reads it', () => {
    expect(formatTime(new Date(2026, 2, 12, 14, 32, 9), 'en-GB')).toBe('14:32');
    expect(formatTime(new Date(2026, 2, 12, 7, 5), 'de')).toBe('07:05');
    expect(formatTime(new Date(2026, 2, 12, 14, 32), 'en-US')).toMatch(/^2:32\sPM$/);
    expect(formatTime(new Date(2026, 2, 12, 14, 32), 'pl')).toBe('14:32');
    expect(formatTime('not a date', 'en')).toBe('--:--');
  });
  it('says how old a value is, in the locale\'s words', () => {
    expect(formatAge(new Date(2026, 2, 12, 14, 39, 55), now, 'en')).toBe('just now');
    expect(formatAge(new Date(2026, 2, 12, 14, 39, 15), now, 'en')).toBe('45 sec. ago');
    expect(formatAge(new Date(2026, 2, 12, 14, 32), now, 'en')).toBe('8 min. ago');
    expect(formatAge(new Date(2026, 2, 12, 14, 32), now, 'de')).toBe('vor 8 Min.');
    expect(formatAge(new Date(2026, 2, 12, 14, 32), now, 'pl')).toBe('8 min temu');
    expect(formatAge(new Date(2026, 2, 12, 12, 10), now, 'en')).toBe('2 hr. ago');
    expect(formatAge(new Date(2026, 2, 11, 14, 0), now, 'en')).toBe('1 day ago');
    expect(formatAge(new Date(2026, 2, 2, 14, 0), now, 'en')).toBe('10 days ago');
    expect(formatAge(new Date(2026, 1, 12, 14, 0), now, 'en')).toBe('28 days ago');
    expect(formatAge(new Date(2026, 1, 9, 14, 0), now, 'en')).toBe('1 mo. ago');
    expect(formatAge(new Date(2025, 2, 20, 14, 0), now, 'en')).toBe('1 yr. ago');
    expect(formatAge(new Date(2024, 3, 1, 14, 0), now, 'en')).toBe('2 yr. ago'); // 711 days: not "1 year"
  });
  it('never reads a time ahead of the desk\'s clock as a future age', () => {
    // A service clock or an event a few seconds ahead of this desk's tick is "just now", never "in 11 sec."
    expect(formatAge(new Date(2026, 2, 12, 14, 40, 11), now, 'en')).toBe('just now');
    expect(formatAge(new Date(2026, 2, 12, 14, 40, 10), now, 'de')).not.toMatch(/^in /);
    expect(formatAge(new Date(2026, 2, 12, 14, 42), now, 'pl')).not.toMatch(/za /);
    expect(formatAge(new Date(2026, 2, 12, 14, 42), now, 'en')).toBe('just now');
  });
  it('shows other days with their date', () => {
    expect(formatDateTime(new Date(2026, 2, 12, 9, 3), now, 'en-GB')).toBe('09:03');
    expect(formatDateTime(new Date(2026, 2, 10, 9, 3), now, 'en-GB')).toBe('10 Mar 09:03');
    expect(formatDateTime(new Date(2025, 11, 30, 9, 3), now, 'en-GB')).toBe('30 Dec 2025 09:03');
  });
  it('groups thousands per locale and signs changes with a real minus', () => {
    expect(formatNumber(1234567, 'en-US')).toBe('1,234,567');
    expect(formatNumber(1234567, 'de-DE')).toBe('1.234.567');
    expect(formatNumber(Number.NaN, 'en-US')).toBe('—');
    expect(formatDelta(5, 'en-US')).toBe('+5');
    expect(formatDelta(-1200, 'en-US')).toBe('−1,200');
    expect(formatWeight(1250, 'de')).toBe('1,25 kg');
  });
});

describe('error text', () => {
  it('never shows a stack or [object Object]', () => {
    expect(errorMessage({ code: 'internal_error', message: 'Boom\n    at foo (x.js:1:1)\n    at bar' })).toContain('Try again');
    expect(errorTechnicalText({ code: 'internal_error', message: 'Boom\n    at foo (x.js:1:1)\n    at bar' })).toBe('Boom');
    expect(errorMessage({ code: 'internal_error', message: '[object Object]' })).toContain('Try again');
    expect(errorTechnicalText({ code: 'internal_error', message: '[object Object]' })).toBeUndefined();
    expect(errorMessage({ code: 'offline', message: '' })).toContain('network');
    expect(errorTitle({ code: 'invalid_credentials' })).toBe('Wrong client id or secret');
    expect(errorTitle({ code: 'something_new' })).toBe('The request failed');
  });
});
