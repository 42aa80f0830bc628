// Bad scanner input through `stock.lookup` of the real core (online, demo sandbox in-process):
// garbage, control characters, 10,000-character bursts, codes typed with the wrong keyboard
// layout. Each gets a clear `invalid` (or, for something shaped like a code, `not_found`) answer
// or a typed error; nothing that is not shaped like a code reaches the service (the core's every
// request is logged), nothing is ever written, and a good scan right after is answered as usual.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LookupResult } from '../../src/shared/ipc/records';
import { SKU_PATTERN, SHIPMENT_TOKEN_PATTERN } from '../../src/shared/ipc/records';
import { cacheWindow, firstSync, startCore, type TestCore } from './support/core';
import { runs, SEED } from './support/env';

let core: TestCore;
let known: string;
beforeAll(async () => {
  core = await startCore({ demoSandbox: { demo: { skus: 60, shipments: 5, seed: 8 }, rateLimit: false } });
  await firstSync(core);
  const window = cacheWindow(core.dataDir);
  known = window.rows<{ sku: string }>('SELECT sku FROM stock_items ORDER BY sku LIMIT 1')[0]?.sku ?? '';
  window.close();
}, 60_000);
afterAll(() => core?.close());

/** US-layout characters as the OS writes them under AZERTY, QWERTZ and a Cyrillic layout (the scan box gets `key`, not `code`). */
const LAYOUTS: Record<string, Record<string, string>> = {
  azerty: { '1': '&', '2': 'é', '3': '"', '4': "'", '5': '(', '6': '-', '7': 'è', '8': '_', '9': 'ç', '0': 'à', '-': ')', q: 'a', a: 'q', w: 'z', z: 'w', m: ',', Q: 'A', A: 'Q', W: 'Z', Z: 'W', M: '?' },
  qwertz: { y: 'z', z: 'y', Y: 'Z', Z: 'Y', '-': 'ß', _: '?', '.': '.', ';': 'ö' },
  cyrillic: Object.fromEntries([...'qwertyuiopasdfghjklzxcvbnm'].flatMap((c, i) => [[c, 'йцукенгшщзфывапролдячсмить'[i] as string], [c.toUpperCase(), 'ЙЦУКЕНГШЩЗФЫВАПРОЛДЯЧСМИТЬ'[i] as string]])),
};
const retype = (code: string, layout: Record<string, string>): string => [...code].map((c) => layout[c] ?? c).join('');

const SKU = new RegExp(SKU_PATTERN);
const TOKEN = new RegExp(SHIPMENT_TOKEN_PATTERN, 'i');
/** Could the trimmed text be a code at all (a SKU, digits of a barcode, a shipment token)? Then asking the service is fair. */
const codeShaped = (text: string): boolean => {
  const t = text.trim();
  return SKU.test(t) || TOKEN.test(t) || /^\]/.test(t) || /^\(/.test(t) || /^https?:/i.test(t) || t.includes('\u001d');
};

const garbage = (): fc.Arbitrary<{ kind: string; code: string }> => fc.oneof(
  fc.string({ minLength: 1, maxLength: 80, unit: 'binary' }).map((code) => ({ kind: 'binary garbage', code })),
  fc.string({ minLength: 1, maxLength: 80, unit: 'grapheme' }).map((code) => ({ kind: 'unicode garbage', code })),
  fc.tuple(fc.stringMatching(/^[A-Z]{2}-[0-9]{6}$/), fc.constantFrom('\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u2028', '\r', '\n', '\t', '\b'), fc.nat(8)).map(([code, control, at]) => ({
    kind: 'control character',
    code: code.slice(0, at) + control + code.slice(at) + 'X',
  })),
  fc.tuple(fc.stringMatching(/^[A-Za-z]{2}-[0-9]{6}$/), fc.constantFrom(...Object.keys(LAYOUTS))).map(([code, layout]) => ({ kind: `${layout} layout`, code: retype(code, LAYOUTS[layout] as Record<string, string>) })),
  fc.constantFrom('WD-000001', known).chain((code) => fc.constantFrom(...Object.keys(LAYOUTS)).map((layout) => ({ kind: `known code, ${layout} layout`, code: retype(code, LAYOUTS[layout] as Record<string, string>) }))),
  fc.stringMatching(/^[0-9]{13}$/).map((code) => ({ kind: 'digits with a wrong check digit (mostly)', code })),
  fc.constantFrom(' ', '\u00a0', '\u200b', '\ufeff', '%00', '\\', '"', "'", '<script>', '${x}', '../..', 'NULL', '%s').map((code) => ({ kind: 'odd', code })),
);

describe('bad scanner input through stock.lookup', () => {
  it('garbage, control characters and wrong layouts: a clear answer, no request unless it is shaped like a code, no write', async () => {
    const window = cacheWindow(core.dataDir);
    const outboxBefore = window.rows('SELECT * FROM outbox');
    const tally = new Map<string, number>();
    try {
      await fc.assert(
        fc.asyncProperty(garbage(), async ({ kind, code }) => {
          const requestsBefore = core.network.requests.length;
          const result = await core.call('stock.lookup', { code });
          const label = `${kind}: ${JSON.stringify(code)} -> ${JSON.stringify(result).slice(0, 200)}`;
          if (!result.ok) {
            // Only the router's own refusal of a malformed argument (empty, over 512).
            expect(result.error.code, label).toBe('invalid_argument');
            tally.set('invalid_argument', (tally.get('invalid_argument') ?? 0) + 1);
          } else {
            const answer = result.value as LookupResult;
            tally.set(answer.kind, (tally.get(answer.kind) ?? 0) + 1);
            if (answer.kind === 'invalid') expect(answer.problem.length, label).toBeGreaterThan(5);
            if (!codeShaped(code)) expect(answer.kind, label).toBe('invalid');
          }
          // Requests start after the answer (a refresh of a hit) or before it (a miss asked online):
          // either way, one for a text that is not shaped like a code is one too many.
          await new Promise((r) => setImmediate(r));
          // The connectivity monitor probes the service (a token-less warehouses list) after 10 s
          // without a request; on a loaded machine one lands in the middle of the run. No lookup asks it.
          const asked = core.network.requests.slice(requestsBefore).filter((q) => !q.url.endsWith('/warehouses/list'));
          if (!codeShaped(code)) expect(asked.map((q) => q.url), label).toEqual([]);
          for (const q of asked) expect(q.url, label).toMatch(/\/(read|list)$/);
        }),
        { numRuns: runs(600, 2_000, 6_000), seed: SEED },
      );
      expect(window.rows('SELECT * FROM outbox'), 'no lookup ever writes to the outbox').toEqual(outboxBefore);
    } finally {
      window.close();
    }
    console.info(`[hardening] scanner input via stock.lookup: ${[...tally].map(([k, n]) => `${k} ${n}`).join(', ')}`);
  }, runs(120_000, 300_000, 1_200_000));

  it('10,000-character bursts are refused as typed errors without a request, and a good scan right after is answered', async () => {
    const before = core.network.requests.length;
    for (const code of ['W'.repeat(10_000), `${'WD-000001'.repeat(1_111)}X`, '\u0000'.repeat(10_000), '4'.repeat(10_000), ' '.repeat(10_000)]) {
      const result = await core.call('stock.lookup', { code });
      expect(result.ok ? (result.value as LookupResult).kind : result.error.code).toMatch(/^(invalid_argument|invalid)$/);
    }
    // Exactly at the limit: still a clear answer.
    const atLimit = await core.call('stock.lookup', { code: 'A'.repeat(512) });
    expect(atLimit.ok && (atLimit.value as LookupResult).kind).toBe('invalid');
    expect(core.network.requests.length - before).toBe(0);
    const good = await core.value<LookupResult>('stock.lookup', { code: known });
    expect(good.kind).toBe('stock');
  });

  it('a code typed with the wrong layout is not silently turned into another product', async () => {
    for (const layout of Object.values(LAYOUTS)) {
      const typed = retype(known, layout);
      if (typed === known) continue;
      const answer = await core.value<LookupResult>('stock.lookup', { code: typed });
      if (answer.kind === 'stock') expect(answer.stock.sku.toUpperCase(), `${typed} matched ${answer.stock.sku}`).toBe(known.toUpperCase());
      else expect(['invalid', 'not_found']).toContain(answer.kind);
    }
  });
});
