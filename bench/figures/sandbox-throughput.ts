// Figure 5: the sandbox's stock read and stock adjust under 50 keep-alive connections, against a
// bare hello route on a plain fastify instance in the same process and run. The load generator
// (autocannon) runs in a child process so it does not share the servers' event loop.
import Fastify from 'fastify';
import { join } from 'node:path';
import { DEMO_OWNERS, startSandbox, type RunningSandbox } from '../../src/sandbox';
import { runChild, tsxArgs } from '../lib/child';
import { errorText, notMeasured, type BenchContext, type Figure } from '../lib/figure';
import type { LoadOutcome, LoadSpec } from '../lib/load-child';
import { median, round } from '../lib/stats';

const LOAD_CHILD = join(import.meta.dirname, '..', 'lib', 'load-child.ts');
const ROOT = join(import.meta.dirname, '..', '..');
const CONNECTIONS = 50;

async function load(spec: LoadSpec): Promise<LoadOutcome> {
  const out = await runChild(process.execPath, tsxArgs(LOAD_CHILD, [JSON.stringify(spec)]), { cwd: ROOT, timeoutMs: (spec.durationSeconds + 30) * 1000 });
  const line = out.stdout.trim().split('\n').pop() ?? '';
  if (out.code !== 0 || !line.startsWith('{')) throw new Error(`autocannon child failed (${out.code ?? out.signal}): ${out.stderr.slice(-400)}`);
  return JSON.parse(line) as LoadOutcome;
}

async function post<T>(sandbox: RunningSandbox, path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(sandbox.baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function measureSandboxThroughput(ctx: BenchContext): Promise<Figure[]> {
  const durationSeconds = ctx.quick ? 1.5 : 3;
  const runs = ctx.quick ? 1 : 3;
  const skus = ctx.skus;
  let sandbox: RunningSandbox | null = null;
  const bare = Fastify({ logger: false });
  try {
    bare.post('/hello', async () => ({ hello: 'world' }));
    await bare.listen({ host: '127.0.0.1', port: 0 });
    const address = bare.server.address();
    if (address === null || typeof address === 'string') throw new Error('bare fastify: no TCP address');
    const bareUrl = `http://127.0.0.1:${address.port}/hello`;

    ctx.log(`sandbox throughput: seeding ${skus} SKUs ...`);
    sandbox = await startSandbox({ demo: { skus, shipments: 10 }, rateLimit: false });
    const { access_token: token } = await post<{ access_token: string }>(sandbox, '/1.0/auth/token', {
      client_id: DEMO_OWNERS.desk.clientId,
      client_secret: DEMO_OWNERS.desk.clientSecret,
    });
    const warehouses = await post<{ data: Array<{ id: string }> }>(sandbox, '/1.0/logistics/warehouses/list', {}, token);
    const specs: Record<'bare' | 'read' | 'adjust', LoadSpec> = {
      bare: { url: bareUrl, connections: CONNECTIONS, durationSeconds, kind: 'bare' },
      read: { url: sandbox.baseUrl, connections: CONNECTIONS, durationSeconds, kind: 'read', token, skuPrefix: 'WD', skus },
      adjust: { url: sandbox.baseUrl, connections: CONNECTIONS, durationSeconds, kind: 'adjust', token, skuPrefix: 'WD', skus, warehouseIds: warehouses.data.map((w) => w.id) },
    };
    // Warm-up (JIT, SQLite page cache, connection setup), not counted.
    for (const kind of ['bare', 'read', 'adjust'] as const) await load({ ...specs[kind], durationSeconds: ctx.quick ? 0.5 : 1 });
    const outcomes: Record<'bare' | 'read' | 'adjust', LoadOutcome[]> = { bare: [], read: [], adjust: [] };
    for (let run = 0; run < runs; run++) {
      // Interleaved, so a burst of load from other processes hits all three alike.
      for (const kind of ['bare', 'read', 'adjust'] as const) {
        const o = await load(specs[kind]);
        if (o.non2xx > 0 || o.errors > 0) throw new Error(`${kind}: ${o.non2xx} non-2xx answers and ${o.errors} errors`);
        outcomes[kind].push(o);
        ctx.log(`  run ${run + 1} ${kind}: ${Math.round(o.requestsPerSecond)} req/s, p99 ${o.latencyP99} ms`);
      }
    }
    const rps = (k: keyof typeof outcomes): number => median(outcomes[k].map((o) => o.requestsPerSecond));
    const p99 = (k: keyof typeof outcomes): number => median(outcomes[k].map((o) => o.latencyP99));
    // Each run of an operation is paired with the bare run just before it: the median of those
    // ratios shrugs off a burst of load from other processes better than a ratio of medians.
    const share = (k: 'read' | 'adjust'): number => median(outcomes[k].map((o, i) => o.requestsPerSecond / (outcomes.bare[i]?.requestsPerSecond ?? Number.NaN)));
    const details = {
      connections: CONNECTIONS,
      durationSeconds,
      runs,
      skus,
      loadGenerator: 'autocannon 9 in a child process, pipelining 1',
      bare: outcomes.bare,
      read: outcomes.read,
      adjust: outcomes.adjust,
    };
    const bareBound = { label: 'bare fastify hello route', value: round(rps('bare'), 0), unit: 'req/s' as const };
    const bareP99 = { label: 'bare fastify hello route', value: p99('bare'), unit: 'ms' as const };
    return [
      {
        key: 'sandbox_read_rps',
        title: '5. Sandbox stock read, 50 connections, req/s (median of runs)',
        value: round(rps('read'), 0),
        unit: 'req/s',
        bound: bareBound,
        ratio: round(share('read'), 3),
        ratioMeaning: 'of bare (median of paired runs)',
        // The sandbox is a test double of the service: its speed is reported, not a goal of the desk.
        goal: '-',
        met: null,
        details,
      },
      {
        key: 'sandbox_read_p99',
        title: '5. Sandbox stock read, p99 latency',
        value: p99('read'),
        unit: 'ms',
        bound: bareP99,
        ratio: round(p99('read') / Math.max(0.001, p99('bare')), 3),
        ratioMeaning: 'x bare',
        goal: '-',
        met: null,
      },
      {
        key: 'sandbox_adjust_rps',
        title: '5. Sandbox stock adjust (unique Idempotency-Keys), req/s',
        value: round(rps('adjust'), 0),
        unit: 'req/s',
        bound: bareBound,
        ratio: round(share('adjust'), 3),
        ratioMeaning: 'of bare (median of paired runs)',
        goal: '-',
        met: null,
      },
      {
        key: 'sandbox_adjust_p99',
        title: '5. Sandbox stock adjust, p99 latency',
        value: p99('adjust'),
        unit: 'ms',
        bound: bareP99,
        ratio: round(p99('adjust') / Math.max(0.001, p99('bare')), 3),
        ratioMeaning: 'x bare',
        goal: '-',
        met: null,
      },
    ];
  } catch (error) {
    return [notMeasured('sandbox_read_rps', '5. Sandbox stock read, req/s', 'req/s', '-', errorText(error))];
  } finally {
    await bare.close();
    await sandbox?.close();
  }
}
