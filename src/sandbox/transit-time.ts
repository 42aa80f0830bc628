// The carrier-neutral transit time: business days by distance and service level, counted
// Monday to Friday without public holidays. Documented in resources/openapi.yaml (transitTime).
import type { ServiceLevel, ServiceTransitTime, TransitTimeResult } from '../shared/api/types';
import { round1, route, type Place } from './geo';

interface DayRange {
  min: number;
  max: number;
}

export function standardDays(distanceKm: number, sameRegion: boolean): DayRange {
  if (!sameRegion) return distanceKm > 10_000 ? { min: 6, max: 10 } : { min: 5, max: 9 };
  if (distanceKm < 50) return { min: 1, max: 1 };
  if (distanceKm < 300) return { min: 1, max: 2 };
  if (distanceKm < 800) return { min: 2, max: 3 };
  if (distanceKm < 1500) return { min: 2, max: 4 };
  if (distanceKm < 3000) return { min: 3, max: 5 };
  return { min: 4, max: 7 };
}

export function daysFor(level: ServiceLevel, standard: DayRange): DayRange {
  switch (level) {
    case 'standard':
      return standard;
    case 'express':
      return { min: Math.max(1, Math.ceil(standard.min / 2)), max: Math.max(1, Math.ceil(standard.max / 2)) };
    case 'economy':
      return { min: standard.min + 1, max: standard.max + 2 };
  }
}

const DAY_MS = 86_400_000;

function parseDate(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

function formatDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

const isWeekend = (ms: number): boolean => {
  const day = new Date(ms).getUTCDay();
  return day === 0 || day === 6;
};

/** A ship date on a weekend counts from the next Monday. */
export function effectiveShipDate(date: string): string {
  let ms = parseDate(date);
  while (isWeekend(ms)) ms += DAY_MS;
  return formatDate(ms);
}

export function addBusinessDays(date: string, days: number): string {
  let ms = parseDate(date);
  let left = days;
  while (left > 0) {
    ms += DAY_MS;
    if (!isWeekend(ms)) left--;
  }
  return formatDate(ms);
}

export const todayUtc = (): string => new Date().toISOString().slice(0, 10);

const LEVELS: readonly ServiceLevel[] = ['economy', 'standard', 'express'];

export function transitTime(origin: Place, destination: Place, shipDate: string, level: ServiceLevel): TransitTimeResult {
  const { distanceKm, sameRegion } = route(origin, destination);
  const standard = standardDays(distanceKm, sameRegion);
  const start = effectiveShipDate(shipDate);
  const services: ServiceTransitTime[] = LEVELS.map((service_level) => {
    const days = daysFor(service_level, standard);
    return {
      service_level,
      business_days_min: days.min,
      business_days_max: days.max,
      estimated_delivery_date: addBusinessDays(start, days.max),
    };
  });
  const chosen = daysFor(level, standard);
  return {
    business_days_min: chosen.min,
    business_days_max: chosen.max,
    estimated_delivery_date: addBusinessDays(start, chosen.max),
    service_level: level,
    ship_date: start,
    distance_km: round1(distanceKm),
    services,
  };
}
