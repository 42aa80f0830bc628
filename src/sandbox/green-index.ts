// The carrier-neutral Green Index: CO2e of moving parcels along a route, per transport mode.
// The factors and the method are documented in resources/openapi.yaml (greenIndex) and docs/sandbox.md.
import type { GreenIndexResult, ModeEmission, TransportMode } from '../shared/api/types';
import { round1, route, type Place } from './geo';

export const METHOD = 'gcd-centroid-v1';

/** g CO2e per tonne-km (well-to-wheel), the widely cited ECTA/Cefic average intensities. */
export const EMISSION_FACTORS: Readonly<Record<TransportMode, number>> = { road: 62, rail: 22, air: 602, sea: 8 };

/** Distance a mode travels for a great-circle distance: detours on land and water, GLEC's +95 km for air. */
export function modeDistanceKm(mode: TransportMode, greatCircleKm: number): number {
  switch (mode) {
    case 'road':
      return greatCircleKm * 1.2;
    case 'rail':
      return greatCircleKm * 1.25;
    case 'sea':
      return greatCircleKm * 1.5;
    case 'air':
      return greatCircleKm + 95;
  }
}

/** Upper bounds (exclusive) of g CO2e per kg shipped for grades A..F; above the last is G. */
const GRADE_LIMITS: readonly [GreenIndexResult['grade'], number][] = [
  ['A', 10],
  ['B', 25],
  ['C', 50],
  ['D', 100],
  ['E', 200],
  ['F', 400],
];

export function gradeFor(gramsPerKg: number): GreenIndexResult['grade'] {
  for (const [grade, limit] of GRADE_LIMITS) if (gramsPerKg < limit) return grade;
  return 'G';
}

export function greenIndex(origin: Place, destination: Place, weightsGrams: readonly number[]): GreenIndexResult {
  const { distanceKm, sameRegion } = route(origin, destination);
  const weightGrams = weightsGrams.reduce((sum, w) => sum + w, 0);
  const tonnes = weightGrams / 1_000_000;
  const offered: TransportMode[] = sameRegion
    ? ['road', ...(distanceKm >= 150 ? (['rail'] as const) : []), ...(distanceKm >= 400 ? (['air'] as const) : [])]
    : ['air', 'sea'];
  const headline: TransportMode = sameRegion ? 'road' : 'air';
  const modes: ModeEmission[] = offered.map((mode) => {
    const modeKm = modeDistanceKm(mode, distanceKm);
    return {
      mode,
      co2e_grams: round1(modeKm * tonnes * EMISSION_FACTORS[mode]),
      distance_km: round1(modeKm),
      factor_g_per_tkm: EMISSION_FACTORS[mode],
    };
  });
  const headlineGrams = modes.find((m) => m.mode === headline)?.co2e_grams ?? 0;
  const perKg = weightGrams > 0 ? headlineGrams / (weightGrams / 1000) : 0;
  return {
    co2e_grams: headlineGrams,
    grade: gradeFor(perKg),
    distance_km: round1(distanceKm),
    method: METHOD,
    mode: headline,
    weight_grams: weightGrams,
    modes,
  };
}
