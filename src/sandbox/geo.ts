// Deterministic, offline geography for the carrier-neutral calculations: a point per
// (country, postal code) and the great-circle distance between two points. There is no geocoder
// here, so a postal code is placed at a stable pseudo-random spot inside a disc around its
// country's centroid. Good enough for an estimate that must be repeatable, not for routing.

export type Region = 'europe' | 'asia' | 'north_america' | 'south_america' | 'africa' | 'oceania';

interface Country {
  /** Approximate centroid latitude and longitude in degrees. */
  lat: number;
  lon: number;
  /** Radius of the disc postal codes are spread over, km. */
  radiusKm: number;
  region: Region;
}

const E: Region = 'europe';

export const COUNTRIES: Readonly<Record<string, Country>> = {
  NL: { lat: 52.2, lon: 5.5, radiusKm: 120, region: E },
  BE: { lat: 50.6, lon: 4.6, radiusKm: 100, region: E },
  LU: { lat: 49.8, lon: 6.1, radiusKm: 30, region: E },
  DE: { lat: 51.1, lon: 10.4, radiusKm: 330, region: E },
  FR: { lat: 46.6, lon: 2.4, radiusKm: 420, region: E },
  GB: { lat: 53.8, lon: -1.9, radiusKm: 380, region: E },
  IE: { lat: 53.2, lon: -8.2, radiusKm: 180, region: E },
  ES: { lat: 40.2, lon: -3.6, radiusKm: 430, region: E },
  PT: { lat: 39.6, lon: -8.0, radiusKm: 220, region: E },
  IT: { lat: 42.8, lon: 12.6, radiusKm: 420, region: E },
  CH: { lat: 46.8, lon: 8.2, radiusKm: 120, region: E },
  AT: { lat: 47.6, lon: 14.1, radiusKm: 180, region: E },
  DK: { lat: 56.0, lon: 10.0, radiusKm: 150, region: E },
  SE: { lat: 62.0, lon: 15.0, radiusKm: 600, region: E },
  NO: { lat: 64.5, lon: 12.0, radiusKm: 650, region: E },
  FI: { lat: 64.0, lon: 26.0, radiusKm: 500, region: E },
  PL: { lat: 52.0, lon: 19.4, radiusKm: 300, region: E },
  CZ: { lat: 49.8, lon: 15.5, radiusKm: 180, region: E },
  SK: { lat: 48.7, lon: 19.7, radiusKm: 150, region: E },
  HU: { lat: 47.2, lon: 19.5, radiusKm: 180, region: E },
  SI: { lat: 46.1, lon: 14.9, radiusKm: 80, region: E },
  HR: { lat: 45.1, lon: 15.5, radiusKm: 200, region: E },
  RO: { lat: 45.9, lon: 24.9, radiusKm: 280, region: E },
  BG: { lat: 42.7, lon: 25.3, radiusKm: 200, region: E },
  GR: { lat: 39.1, lon: 22.0, radiusKm: 300, region: E },
  EE: { lat: 58.7, lon: 25.5, radiusKm: 130, region: E },
  LV: { lat: 56.9, lon: 24.6, radiusKm: 150, region: E },
  LT: { lat: 55.3, lon: 23.9, radiusKm: 150, region: E },
  TR: { lat: 39.0, lon: 35.2, radiusKm: 600, region: E },
  US: { lat: 39.8, lon: -98.6, radiusKm: 1800, region: 'north_america' },
  CA: { lat: 56.1, lon: -106.3, radiusKm: 2000, region: 'north_america' },
  MX: { lat: 23.6, lon: -102.5, radiusKm: 900, region: 'north_america' },
  BR: { lat: -10.3, lon: -53.1, radiusKm: 1700, region: 'south_america' },
  AR: { lat: -38.4, lon: -63.6, radiusKm: 1100, region: 'south_america' },
  CL: { lat: -35.7, lon: -71.5, radiusKm: 900, region: 'south_america' },
  CN: { lat: 35.9, lon: 104.2, radiusKm: 1900, region: 'asia' },
  JP: { lat: 36.2, lon: 138.3, radiusKm: 700, region: 'asia' },
  KR: { lat: 36.5, lon: 127.9, radiusKm: 200, region: 'asia' },
  IN: { lat: 22.4, lon: 79.0, radiusKm: 1300, region: 'asia' },
  SG: { lat: 1.35, lon: 103.8, radiusKm: 20, region: 'asia' },
  AE: { lat: 24.0, lon: 54.0, radiusKm: 200, region: 'asia' },
  AU: { lat: -25.3, lon: 133.8, radiusKm: 1800, region: 'oceania' },
  NZ: { lat: -41.5, lon: 172.8, radiusKm: 600, region: 'oceania' },
  ZA: { lat: -30.6, lon: 22.9, radiusKm: 700, region: 'africa' },
  EG: { lat: 26.8, lon: 30.8, radiusKm: 600, region: 'africa' },
  MA: { lat: 31.8, lon: -7.1, radiusKm: 400, region: 'africa' },
  NG: { lat: 9.1, lon: 8.7, radiusKm: 600, region: 'africa' },
  KE: { lat: 0.0, lon: 37.9, radiusKm: 400, region: 'africa' },
};

export const SUPPORTED_COUNTRIES: readonly string[] = Object.keys(COUNTRIES).sort();

export interface Place {
  country: string;
  postal_code: string;
}

export interface GeoPoint {
  lat: number;
  lon: number;
  region: Region;
}

export const EARTH_RADIUS_KM = 6371;
/** Two places never count as closer than this (a local delivery still drives somewhere). */
export const MIN_DISTANCE_KM = 5;

export function isSupportedCountry(country: string): boolean {
  return Object.hasOwn(COUNTRIES, country);
}

/** 32-bit FNV-1a: small, stable across platforms and releases. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

export function normalisePostalCode(postalCode: string): string {
  return postalCode.toUpperCase().replace(/[\s-]/g, '');
}

/** Offsets in km from a country's centroid, by postal-code prefix: codes sharing a prefix lie close together. */
const PREFIX_LEVELS: readonly { chars: number; share: number }[] = [
  { chars: 2, share: 0.75 },
  { chars: 3, share: 0.2 },
  { chars: Infinity, share: 0.05 },
];

/** The point of a place; throws for an unsupported country (callers check first). */
export function locate(place: Place): GeoPoint {
  const country = COUNTRIES[place.country];
  if (!country) throw new Error(`unsupported country ${place.country}`);
  const code = normalisePostalCode(place.postal_code);
  let north = 0;
  let east = 0;
  for (const level of PREFIX_LEVELS) {
    const hash = fnv1a(`${place.country}:${code.slice(0, level.chars)}`);
    const angle = (((hash % 3600) / 10) * Math.PI) / 180;
    // sqrt spreads the points evenly over the disc instead of crowding the centre.
    const radius = level.share * country.radiusKm * Math.sqrt(((hash >>> 12) % 1000) / 1000);
    north += radius * Math.cos(angle);
    east += radius * Math.sin(angle);
  }
  const lat = country.lat + north / 111.32;
  const lon = country.lon + east / (111.32 * Math.cos((country.lat * Math.PI) / 180));
  return { lat, lon, region: country.region };
}

/** Haversine great-circle distance in km. */
export function greatCircleKm(a: GeoPoint, b: GeoPoint): number {
  const rad = (deg: number): number => (deg * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface Route {
  distanceKm: number;
  sameRegion: boolean;
}

export function route(origin: Place, destination: Place): Route {
  const a = locate(origin);
  const b = locate(destination);
  return { distanceKm: Math.max(MIN_DISTANCE_KM, greatCircleKm(a, b)), sameRegion: a.region === b.region };
}

export const round1 = (value: number): number => Math.round(value * 10) / 10;
