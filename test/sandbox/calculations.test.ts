// The pure parts of the sandbox: distance, Green Index, transit time, cursors, rate limiter, faults.
import { afterAll, describe, expect, it } from 'vitest';
import { Cursors } from '../../src/sandbox/cursor';
import { openDatabase } from '../../src/sandbox/db/open';
import { MIGRATIONS } from '../../src/sandbox/db/migrations';
import { Faults } from '../../src/sandbox/faults';
import { greatCircleKm, locate, MIN_DISTANCE_KM, route, SUPPORTED_COUNTRIES } from '../../src/sandbox/geo';
import { EMISSION_FACTORS, gradeFor, greenIndex } from '../../src/sandbox/green-index';
import { RateLimiter } from '../../src/sandbox/rate-limit';
import { addBusinessDays, effectiveShipDate, transitTime } from '../../src/sandbox/transit-time';
import { validateSchema } from '../../src/shared/api/validators';
import { tempDir } from './helpers';

const dir = tempDir();
afterAll(() => dir.remove());

describe('geography', () => {
  it('places codes that share a prefix close together, and is stable', () => {
    const a = locate({ country: 'NL', postal_code: '1043 AM' });
    const b = locate({ country: 'NL', postal_code: '1043AN' });
    expect(greatCircleKm(a, b)).toBeLessThan(15);
    expect(locate({ country: 'NL', postal_code: '1043-am' })).toEqual(a);
    expect(route({ country: 'NL', postal_code: '1043 AM' }, { country: 'NL', postal_code: '1043 AM' }).distanceKm).toBe(MIN_DISTANCE_KM);
  });

  it('measures great-circle distances like a globe does', () => {
    // Amsterdam - New York is about 5,860 km.
    const d = greatCircleKm({ lat: 52.37, lon: 4.9, region: 'europe' }, { lat: 40.71, lon: -74.0, region: 'north_america' });
    expect(d).toBeGreaterThan(5800);
    expect(d).toBeLessThan(5900);
  });

  it('the supported countries are the ones the document lists', () => {
    expect(SUPPORTED_COUNTRIES.join(' ')).toBe('AE AR AT AU BE BG BR CA CH CL CN CZ DE DK EE EG ES FI FR GB GR HR HU IE IN IT JP KE KR LT LU LV MA MX NG NL NO NZ PL PT RO SE SG SI SK TR US ZA');
  });
});

describe('Green Index', () => {
  it('multiplies mode distance, tonnes and the factor', () => {
    const result = greenIndex({ country: 'FR', postal_code: '75004' }, { country: 'ES', postal_code: '28014' }, [1000, 1000]);
    for (const mode of result.modes) {
      expect(mode.factor_g_per_tkm).toBe(EMISSION_FACTORS[mode.mode]);
      expect(mode.co2e_grams).toBeCloseTo((mode.distance_km ?? 0) * 0.002 * EMISSION_FACTORS[mode.mode], 0);
    }
    expect(validateSchema('GreenIndexResult', result)).toEqual({ ok: true, value: result });
  });

  it('grades by g CO2e per kg', () => {
    expect([5, 10, 24.9, 49, 99, 199, 399, 400].map(gradeFor)).toEqual(['A', 'B', 'B', 'C', 'D', 'E', 'F', 'G']);
  });

  it('offers air and sea between regions, with air as headline', () => {
    const result = greenIndex({ country: 'DE', postal_code: '10119' }, { country: 'AU', postal_code: '2000' }, [500]);
    expect(result.mode).toBe('air');
    expect(result.modes.map((m) => m.mode)).toEqual(['air', 'sea']);
    expect(result.grade).toBe('G');
  });
});

describe('transit time', () => {
  it('counts business days and moves weekend ship dates to Monday', () => {
    expect(addBusinessDays('2025-01-10', 1)).toBe('2025-01-13');
    expect(addBusinessDays('2025-01-06', 5)).toBe('2025-01-13');
    expect(effectiveShipDate('2025-01-12')).toBe('2025-01-13');
    expect(effectiveShipDate('2025-01-13')).toBe('2025-01-13');
  });

  it('gives express <= standard <= economy and validates against the document', () => {
    const result = transitTime({ country: 'NL', postal_code: '1043 AM' }, { country: 'PL', postal_code: '00-590' }, '2025-03-03', 'standard');
    const [economy, standard, express] = result.services;
    expect(express?.business_days_max).toBeLessThanOrEqual(standard?.business_days_max ?? 0);
    expect(standard?.business_days_max).toBeLessThan(economy?.business_days_max ?? 0);
    expect(validateSchema('TransitTimeResult', result).ok).toBe(true);
  });
});

describe('cursors', () => {
  it('round-trip, are bound to their filters, refuse tampering, and survive reopening the database', () => {
    const path = dir.file('cursor.sqlite');
    const db = openDatabase(path);
    const cursors = new Cursors(db);
    const f = cursors.fingerprint(1, 'listStock', { sku_prefix: 'WD' });
    const cursor = cursors.encode(42, f);
    expect(cursors.decode(cursor, f)).toBe(42);
    expect(cursors.decode(null, f)).toBe(0);
    expect(() => cursors.decode(cursor, cursors.fingerprint(1, 'listStock', { sku_prefix: 'W' }))).toThrow(/another list or other filters/);
    expect(() => cursors.decode(cursor, cursors.fingerprint(2, 'listStock', { sku_prefix: 'WD' }))).toThrow();
    const [payload, signature] = cursor.split('.');
    const forged = Buffer.from(JSON.stringify({ v: 1, s: 1, f })).toString('base64url');
    expect(() => cursors.decode(`${forged}.${signature}`, f)).toThrow(/not a cursor this service issued/);
    expect(() => cursors.decode(`${payload}.x`, f)).toThrow(/not a cursor this service issued/);
    db.close();
    const reopened = openDatabase(path);
    expect(new Cursors(reopened).decode(cursor, f)).toBe(42);
    reopened.close();
  });
});

describe('migrations', () => {
  it('bring a new database to the last version and are idempotent', () => {
    const path = dir.file('migrate.sqlite');
    const last = MIGRATIONS[MIGRATIONS.length - 1]?.version;
    const db = openDatabase(path);
    expect(db.pragma('user_version', { simple: true })).toBe(last);
    db.close();
    const again = openDatabase(path);
    expect(again.pragma('user_version', { simple: true })).toBe(last);
    expect(again.pragma('journal_mode', { simple: true })).toBe('wal');
    again.close();
  });
});

describe('rate limiter', () => {
  it('allows the burst, then refills at the rate and says when to retry', () => {
    let now = 0;
    const limiter = new RateLimiter({ perSecond: 20, burst: 40 }, () => now);
    for (let i = 0; i < 40; i++) expect(limiter.take('a').ok).toBe(true);
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(limiter.take('b').ok).toBe(true);
    now += 100; // 2 tokens
    expect(limiter.take('a').ok).toBe(true);
    expect(limiter.take('a').ok).toBe(true);
    expect(limiter.take('a').ok).toBe(false);
  });
});

describe('fault shares', () => {
  it('apply exactly by error diffusion', () => {
    const faults = new Faults();
    faults.set({ failureRate: 0.3 });
    const failures = Array.from({ length: 100 }, () => faults.shouldFail()).filter(Boolean).length;
    expect(failures).toBe(30);
    faults.set({ failureRate: 0 });
    expect(Array.from({ length: 10 }, () => faults.shouldFail()).some(Boolean)).toBe(false);
  });
});
