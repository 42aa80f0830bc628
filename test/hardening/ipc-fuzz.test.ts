// Property-based fuzz of the IPC surface: the real core (createDeskCore on a temp dir, demo mode,
// its sandbox in-process) behind the real router, called on every channel of the contract with
// generated and malformed payloads: valid inputs generated from the contract's own schemas,
// near misses derived from them (a field dropped, retyped, swollen, prototype keys), random
// structured-clone values (Map, Set, Date, BigInt, typed arrays, sparse arrays), NaN/Infinity,
// 1 MB strings, 5,000-deep nesting, hostile channel names and untrusted senders.
//
// Every answer must be a Result the contract allows (a value valid against the channel's output
// schema, or a typed error with a stable code), clonable as Electron would clone it; the router
// must never throw nor hit an unexpected exception; and a refused call must leave the cache and
// the outbox exactly as they were. Offline, where nothing may write in the background, the cache
// is also checked unchanged between every two calls (no waiting to see whether something writes).
//
// Most runs go with the demo sandbox unreachable (valid calls that need the service fail fast as
// offline); a smaller run goes online, where calls reach the service.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CHANNEL_NAMES, channels, type Channel } from '../../src/shared/ipc/contract';
import { resultSchema, type Result } from '../../src/shared/ipc/result';
import { SUPPORTED_COUNTRIES } from '../../src/sandbox/geo';
import { cacheWindow, changedTables, firstSync, startCore, until, type CacheWindow, type TestCore } from './support/core';
import { runs, SEED, SIZE } from './support/env';
import { arbitraryFor, mutationsOf, PROTOTYPE_KEYS } from './support/json-schema-arbitrary';

let core: TestCore;
let cache: CacheWindow;
const known = { skus: [] as string[], barcodes: [] as string[], warehouses: [] as string[], tokens: [] as string[], outboxIds: [] as string[] };
const stats = { calls: 0, accepted: 0, refused: 0, byCode: new Map<string, number>() };
/** Outbox entries the fuzz created (accepted stock.adjust): none may disappear. */
const createdEntries = new Set<string>();

beforeAll(async () => {
  core = await startCore({ demoSandbox: { demo: { skus: 300, shipments: 40, seed: 11 }, rateLimit: false } });
  await firstSync(core);
  cache = cacheWindow(core.dataDir);
  known.skus = cache.rows<{ sku: string }>('SELECT sku FROM stock_items ORDER BY sku LIMIT 80').map((r) => r.sku);
  known.barcodes = cache.rows<{ code: string }>('SELECT code FROM barcodes LIMIT 40').map((r) => r.code);
  known.warehouses = cache.rows<{ id: string }>('SELECT id FROM warehouses').map((r) => r.id);
  const list = await core.value<{ shipments: Array<{ token: string }> }>('shipments.list', { limit: 40 });
  known.tokens = list.shipments.map((s) => s.token);
  expect(known.skus.length * known.warehouses.length * known.tokens.length).toBeGreaterThan(0);
}, 60_000);

afterAll(async () => {
  const codes = [...stats.byCode].sort((a, b) => b[1] - a[1]).map(([c, n]) => `${c} ${n}`).join(', ');
  console.info(`[hardening] IPC fuzz: ${stats.calls} calls (${stats.accepted} accepted, ${stats.refused} refused), seed ${SEED} (${SIZE}); refusals: ${codes}`);
  cache?.close();
  await core?.close();
});

// ---------- payloads ----------

const pick = (list: () => string[], made: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.oneof({ weight: 3, arbitrary: fc.nat().map((i) => list()[i % Math.max(1, list().length)] ?? 'none') }, { weight: 1, arbitrary: made });

/** Values of every wrong kind that can cross Electron's structured clone. */
const ipcHostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    undefined, null, true, false, 0, -0, NaN, Infinity, -Infinity, Number.MAX_SAFE_INTEGER + 2, Number.MIN_VALUE, 1e308, -1e308, 2 ** 31, -(2 ** 31) - 1,
    '', ' ', '\u0000', '\u202e', '\ud800', '\uffff', 'null', 'undefined', 'NaN', '__proto__', '0', '1e3', 'true',
    [], {}, [undefined], Object.create(null), new Date(NaN), new Date(8.64e15), 10n ** 30n, -1n, new Map([['sku', 'WD-000001']]), new Set(['x']),
    new Uint8Array([0, 255]), new ArrayBuffer(8), /regex/g, new Error('error'), new Number(5), new String('WD-000001'), new Boolean(true),
    "'; DROP TABLE outbox; --", '../../../etc/passwd', '<img src=x onerror=alert(1)>', '${process.exit()}', '%s%n', '\r\n\r\n',
  ),
  fc.integer({ min: 1, max: 3 }).map((k) => 'W'.repeat(10 ** (k + 3))), // 10 kB .. 1 MB strings
  fc.integer({ min: 100, max: 5000 }).map((depth) => {
    let v: unknown = 'deep';
    for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { code: v };
    return v;
  }),
  fc.integer({ min: 10, max: 100_000_000 }).map((length) => {
    const sparse: unknown[] = ['x']; // a dictionary-mode array: huge length, one element, cheap to build and to clone
    sparse[length - 1] = 'y';
    return sparse;
  }),
  fc.anything({ maxDepth: 3, withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withSparseArray: true, withNullPrototype: true, withBoxedValues: true }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.double(),
);

function isNoArgument(channel: Channel): boolean {
  const input = channels[channel].input as z.ZodType;
  return input.safeParse(undefined).success && !input.safeParse({}).success;
}

function validInput(channel: Channel, sandboxUrl: () => string): fc.Arbitrary<unknown> {
  if (isNoArgument(channel)) return fc.constant(undefined);
  const schema = z.toJSONSchema(channels[channel].input as z.ZodType, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  const code = fc.oneof(
    pick(() => known.skus, fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,20}$/)),
    pick(() => known.barcodes, fc.stringMatching(/^[0-9]{8,14}$/)),
    pick(() => known.tokens, fc.stringMatching(/^shp_[a-z0-9]{20}$/)),
    fc.string({ minLength: 1, maxLength: 512, unit: 'grapheme' }),
  );
  return arbitraryFor(schema, {
    'property:sku': pick(() => known.skus, fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/)),
    'property:warehouseId': pick(() => known.warehouses, fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/)),
    'property:token': pick(() => known.tokens, fc.stringMatching(/^shp_[a-z0-9]{20}$/)),
    'property:shipmentToken': pick(() => known.tokens, fc.stringMatching(/^shp_[a-z0-9]{20}$/)),
    'property:id': pick(() => known.outboxIds, fc.uuid()),
    'property:code': code,
    'property:barcode': pick(() => known.barcodes, fc.stringMatching(/^[0-9]{8,14}$/)),
    'property:country': fc.oneof(fc.constantFrom(...SUPPORTED_COUNTRIES), fc.stringMatching(/^[A-Z]{2}$/)),
    // Sign-in only ever reaches loopback addresses, and never with the right secret: the fuzz stays in the demo.
    'property:baseUrl': fc.oneof(fc.constant('http://127.0.0.1:1'), fc.constant('http://127.0.0.1:1/api'), fc.nat().map(() => sandboxUrl())),
    'property:clientSecret': fc.string({ minLength: 1, maxLength: 500 }).filter((s) => !s.includes('demo-secret')),
  });
}

/**
 * Valid calls of these go to the network even offline (the worker asked for it) and wait out the
 * client's retries: offline, they are drawn rarely so the run stays short; online they are cheap.
 */
const NETWORK_BOUND = new Set<Channel>(['sync.now', 'account.signIn']);

/** Channels that would end the demo when called correctly (tested on their own elsewhere): only malformed calls here. */
const ONLY_MALFORMED = new Set<Channel>(['account.signOut', 'account.startDemo']);

const HOSTILE_CHANNELS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '', ' ', 'stock.lookup ', 'STOCK.LOOKUP', 'stock', 'stock.lookup\u0000', 'stock.lookup.x', 'desk:event', 'ipc:stock.lookup', 42, null, undefined, {}, ['stock.lookup'], true];

interface Call {
  channel: unknown;
  input: unknown;
  trusted: boolean;
  kind: string;
}

function callArbitrary(sandboxUrl: () => string, offline: boolean): fc.Arbitrary<Call> {
  const perChannel = CHANNEL_NAMES.map((channel) => {
    const valid = validInput(channel, sandboxUrl);
    const rare = offline && NETWORK_BOUND.has(channel);
    const options: Array<fc.WeightedArbitrary<{ input: unknown; kind: string }>> = [
      { weight: rare ? 100 : 5, arbitrary: valid.chain((v) => mutationsOf(v, ipcHostile)).map((m) => ({ input: m.body, kind: m.kind })) },
      { weight: rare ? 40 : 2, arbitrary: ipcHostile.map((input) => ({ input, kind: 'random value' })) },
    ];
    if (!ONLY_MALFORMED.has(channel)) options.push({ weight: rare ? 1 : 3, arbitrary: valid.map((input) => ({ input, kind: 'valid' })) });
    const refused = (input: unknown): boolean => !(channels[channel].input as z.ZodType).safeParse(input).success;
    const payloads = ONLY_MALFORMED.has(channel)
      ? fc.oneof(...options).filter(({ input }) => refused(input))
      : rare
        ? fc.oneof(...options).filter(({ input, kind }) => kind === 'valid' || refused(input)) // a near miss that still parses is a valid call
        : fc.oneof(...options);
    return payloads.map(({ input, kind }) => ({ channel: channel as unknown, input, kind }));
  });
  return fc
    .tuple(
      fc.oneof({ weight: 40, arbitrary: fc.oneof(...perChannel) }, { weight: 1, arbitrary: fc.record({ channel: fc.constantFrom(...HOSTILE_CHANNELS), input: ipcHostile, kind: fc.constant('hostile channel') }) }),
      fc.oneof({ weight: 30, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    )
    .map(([c, trusted]) => ({ ...c, trusted }));
}

function describeCall(call: Call): string {
  let input: string;
  try {
    input = JSON.stringify(call.input, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))?.slice(0, 300) ?? String(call.input);
  } catch {
    input = String(call.input).slice(0, 300);
  }
  return `${String(call.channel)} (${call.kind}, ${call.trusted ? 'trusted' : 'untrusted'}) ${input}`;
}

// ---------- the invariants ----------

let baseline: { version: number; snapshot: Record<string, string> } | null = null;
/**
 * Offline nothing writes in the background (timers act only online, lookups refresh only online,
 * the outbox does not send), so the cache must not change between one call's answer and the next
 * call: checked before every call of the offline run, for its whole length.
 */
let quietBetweenCalls = false;

function checkAnswer(call: Call, result: Result<unknown>): string[] {
  const problems: string[] = [];
  const isChannel = typeof call.channel === 'string' && Object.hasOwn(channels, call.channel);
  if (!call.trusted) {
    if (result.ok || result.error.code !== 'untrusted_sender') problems.push(`untrusted sender answered ${JSON.stringify(result).slice(0, 200)}`);
    return problems;
  }
  if (!isChannel) {
    if (result.ok || result.error.code !== 'unknown_channel') problems.push(`unknown channel answered ${JSON.stringify(result).slice(0, 200)}`);
    return problems;
  }
  const parsed = resultSchema(channels[call.channel as Channel].output).safeParse(result);
  if (!parsed.success) problems.push(`answer outside the contract: ${parsed.error.message.slice(0, 400)}; answer ${JSON.stringify(result).slice(0, 300)}`);
  if (!result.ok) {
    if (!/^[a-z][a-z_]*$/.test(result.error.code)) problems.push(`unstable error code ${result.error.code}`);
    if (result.error.code === 'internal_error') problems.push(`internal_error: ${result.error.message}`);
    if (/\n\s+at |node_modules|\/work\/|file:\/\//.test(JSON.stringify(result.error))) problems.push(`error leaks internals: ${JSON.stringify(result.error).slice(0, 300)}`);
  }
  return problems;
}

/**
 * Written on a timer of its own whatever the calls do: the print queue tries the jobs an accepted
 * print left for the fuzz's printers (none answers) again and again, and the label printers are
 * on the local network, not behind the service the offline phase cuts off.
 */
const BACKGROUND_TABLES = new Set(['print_jobs']);

/** A refused call must not have changed the cache or the outbox; an accepted one moves the baseline. */
function checkCache(result: Result<unknown>): string[] {
  const version = cache.version();
  if (baseline && version === baseline.version) return [];
  const snapshot = cache.snapshot();
  const problems: string[] = [];
  if (!result.ok && baseline) {
    // The journal is the one table a refusal writes: recording what was refused and why is its job.
    const changed = changedTables(baseline.snapshot, snapshot).filter((table) => table !== 'journal' && !BACKGROUND_TABLES.has(table));
    if (changed.length > 0) problems.push(`refused call (${result.error.code}) changed ${changed.join(', ')}`);
  }
  baseline = { version, snapshot };
  return problems;
}

async function exercise(call: Call): Promise<void> {
  const before = core.recorded.internalErrors.length;
  const changedBetween = quietBetweenCalls && baseline && cache.version() !== baseline.version ? changedTables(baseline.snapshot, cache.snapshot()).filter((table) => !BACKGROUND_TABLES.has(table)) : [];
  if (changedBetween.length > 0) {
    throw new Error(`the cache changed between two calls, with nobody calling (background work while offline): ${changedBetween.join(', ')}; next call: ${describeCall(call)}`);
  }
  let result: Result<unknown>;
  let timer: NodeJS.Timeout | undefined;
  try {
    // Not a speed requirement: a call that never answers would hang the renderer's await forever.
    const hung = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('no answer within 30 s')), 30_000);
    });
    result = await Promise.race([core.call(call.channel, call.input, call.trusted), hung]);
  } catch (error) {
    throw new Error(`the router threw or hung: ${String(error)} for ${describeCall(call)}`, { cause: error });
  } finally {
    clearTimeout(timer);
  }
  stats.calls++;
  if (result.ok) stats.accepted++;
  else {
    stats.refused++;
    stats.byCode.set(result.error.code, (stats.byCode.get(result.error.code) ?? 0) + 1);
  }
  if (result.ok && call.channel === 'stock.adjust') {
    const id = (result.value as { id: string }).id;
    createdEntries.add(id);
    known.outboxIds.push(id);
  }
  const problems = [...checkAnswer(call, result), ...checkCache(result)];
  if (core.recorded.internalErrors.length > before) problems.push(`unexpected exception: ${String(core.recorded.internalErrors.at(-1)?.error)}`);
  if (problems.length > 0) throw new Error(`${problems.join('\n')}\ncall: ${describeCall(call)}`);
}

describe('IPC fuzz against the real core', () => {
  it('offline (sandbox unreachable): every channel, generated and malformed payloads', async () => {
    core.core.sandbox()?.setFaults({ unreachable: true });
    await core.call('sync.now'); // a failed request: connectivity goes offline at once
    await until(async () => {
      const c = await core.call('account.connectivity');
      return c.ok && !(c.value as { online: boolean }).online;
    }, 'offline');
    // Nothing writes in the background while offline, so any change after a refused call is the
    // call's: checked between every two calls (quietBetweenCalls), not by waiting a while.
    baseline = { version: cache.version(), snapshot: cache.snapshot() };
    quietBetweenCalls = true;
    const url = core.core.sandbox()?.baseUrl ?? 'http://127.0.0.1:1';
    try {
      await fc.assert(fc.asyncProperty(callArbitrary(() => url, true), exercise), { numRuns: runs(10_000, 20_000, 100_000), seed: SEED, endOnFailure: true });
    } finally {
      quietBetweenCalls = false;
    }
  }, runs(300_000, 600_000, 1_800_000));

  it('online: generated and malformed payloads reach the service', async () => {
    const sandbox = core.core.sandbox();
    sandbox?.setFaults({ unreachable: false });
    await until(async () => {
      await core.call('sync.now');
      const c = await core.call('account.connectivity');
      return c.ok && (c.value as { online: boolean }).online;
    }, 'back online', 30_000, 200);
    const url = sandbox?.baseUrl ?? 'http://127.0.0.1:1';
    const settle = async (): Promise<void> => {
      // Background work of earlier accepted calls (a lookup's refresh, the outbox sending) must be
      // over before a call is judged: no request in flight, and the cache file no longer changing.
      let last = -1;
      await until(() => {
        const v = cache.version();
        const quiet = core.network.inflight() === 0 && v === last;
        last = v;
        return quiet;
      }, 'a quiet core', 10_000, 3);
      baseline = { version: cache.version(), snapshot: cache.snapshot() };
    };
    await fc.assert(
      fc.asyncProperty(callArbitrary(() => url, false), async (call) => {
        await settle();
        await exercise(call);
      }),
      { numRuns: runs(400, 800, 4_000), seed: SEED + 1, endOnFailure: true },
    );
  }, runs(300_000, 600_000, 1_800_000));

  it('lost no outbox entry, emitted only events the contract allows, and hit no unexpected exception', async () => {
    const ids = new Set(cache.rows<{ id: string }>('SELECT id FROM outbox').map((r) => r.id));
    expect([...createdEntries].filter((id) => !ids.has(id))).toEqual([]);
    expect(core.recorded.eventProblems).toEqual([]);
    expect(core.recorded.internalErrors.map((e) => `${e.channel}: ${String(e.error)}`)).toEqual([]);
    expect(cache.integrity()).toBe('ok');
    expect(stats.calls).toBeGreaterThanOrEqual(runs(10_400, 20_800, 104_000));
    for (const key of PROTOTYPE_KEYS) expect(Object.prototype).not.toHaveProperty(`polluted-${key}`);
    expect(({} as Record<string, unknown>)['admin']).toBeUndefined();
  });
});
