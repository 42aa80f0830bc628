import { seededRandom } from './seeded-random';

/**
 * How much of the repetitive checks a run does. The checks that repeat one flow over languages,
 * label sizes or printer resolutions, and the big sheet, are cheap to sample and dear to run whole:
 * `npm test` (every commit) does the cases every run must see and a share of the rest drawn by the
 * run's seed, so successive runs cover all of them; `npm run test:release` (TEST_DEPTH=release)
 * does every case. The seed is printed with each draw; TEST_SEED=<n> replays a run's draws.
 */
export interface RunDepth {
  readonly release: boolean;
  readonly seed: number;
}

/** Reads TEST_DEPTH and TEST_SEED from an environment (process.env in Node, Vite's env in the browser, with its prefix). */
export function runDepth(env: Readonly<Record<string, unknown>>, prefix = ''): RunDepth {
  const depth = env[`${prefix}TEST_DEPTH`] ?? 'commit';
  if (depth !== 'commit' && depth !== 'release') throw new Error(`TEST_DEPTH must be commit or release, not ${String(depth)}`);
  const given = env[`${prefix}TEST_SEED`];
  const seed = given === undefined || given === '' ? Date.now() % 2_147_483_647 : Number(given);
  if (!Number.isSafeInteger(seed)) throw new Error(`TEST_SEED must be an integer, not ${String(given)}`);
  return { release: depth === 'release', seed };
}

/**
 * `count` of `items` drawn by the run's seed (in their own order), or all of them in a release run.
 * `what` names the draw: it is printed, and it gives each draw its own sequence, so two sweeps of
 * the same run do not draw alike.
 */
export function drawn<T>(depth: RunDepth, what: string, items: readonly T[], count: number): T[] {
  if (depth.release || count >= items.length) return [...items];
  // Mixed, since xorshift's first numbers from nearby seeds (runs minutes apart) are nearly alike.
  const random = seededRandom(mix(depth.seed ^ hash(what)));
  const left = items.map((_, i) => i);
  const picked: number[] = [];
  while (picked.length < count) picked.push(left.splice(Math.floor(random() * left.length), 1)[0]!);
  const chosen = picked.sort((a, b) => a - b).map((i) => items[i]!);
  console.info(`[sample] ${what}: ${chosen.map(String).join(', ')} of ${items.length} (seed ${depth.seed}: TEST_SEED=${depth.seed} replays it, TEST_DEPTH=release runs all)`);
  return chosen;
}

/** The languages a look at the screens is taken in: English, which every run sees, and one other drawn (all in a release run). */
export function lookLanguages<L extends string>(depth: RunDepth, what: string, others: readonly L[]): Array<'en' | L> {
  return ['en', ...drawn(depth, `${what}: languages besides English`, others, 1)];
}

/** Of a look's cases, one per language, the English one and one other drawn (all in a release run). */
export function inLookLanguages<C extends { lang: string }>(depth: RunDepth, what: string, cases: readonly C[]): C[] {
  const kept = new Set<string>(lookLanguages(depth, what, cases.map((c) => c.lang).filter((lang) => lang !== 'en')));
  return cases.filter((c) => kept.has(c.lang));
}

function hash(text: string): number {
  let h = 2_166_136_261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16_777_619);
  return h >>> 0;
}

/** MurmurHash3's finaliser: every bit of the seed moves about half the bits of the result. */
function mix(seed: number): number {
  let h = seed >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85eb_ca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2_ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
