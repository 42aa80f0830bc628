// Load generator for figure 5, run in its own process so the client does not share an event loop
// (or a core) with the server it measures. Reads one JSON argument, prints one JSON line.
import autocannon from 'autocannon';

export interface LoadSpec {
  url: string;
  connections: number;
  durationSeconds: number;
  /** 'bare': POST {} to url. 'read' / 'adjust': the sandbox's stock operations on random SKUs. */
  kind: 'bare' | 'read' | 'adjust';
  token?: string;
  skuPrefix?: string;
  skus?: number;
  warehouseIds?: string[];
}

export interface LoadOutcome {
  requestsPerSecond: number;
  latencyP50: number;
  latencyP99: number;
  total: number;
  ok2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

interface RawRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}

const spec = JSON.parse(process.argv[2] ?? '{}') as LoadSpec;
let counter = 0;
const pid = process.pid;

function randomSku(): string {
  const n = 1 + Math.floor(Math.random() * (spec.skus ?? 1));
  return `${spec.skuPrefix ?? 'WD'}-${String(n).padStart(6, '0')}`;
}

function setupRequest(req: RawRequest): RawRequest {
  const headers: Record<string, string> = { 'content-type': 'application/json', authorization: `Bearer ${spec.token ?? ''}` };
  if (spec.kind === 'read') return { ...req, method: 'POST', path: `/1.0/logistics/stock/${randomSku()}/read`, headers, body: '{}' };
  const warehouses = spec.warehouseIds ?? [];
  const warehouse = warehouses[counter % Math.max(1, warehouses.length)] ?? '';
  counter++;
  return {
    ...req,
    method: 'POST',
    path: `/1.0/logistics/stock/${randomSku()}/adjust`,
    // Unique per request: each one is a new adjustment, never a replay.
    headers: { ...headers, 'idempotency-key': `bench-${pid}-${counter}-${Math.random().toString(36).slice(2, 10)}` },
    body: JSON.stringify({ warehouse_id: warehouse, delta: 1, reason: 'found' }),
  };
}

const options: autocannon.Options = {
  url: spec.url,
  connections: spec.connections,
  duration: spec.durationSeconds,
  pipelining: 1,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: '{}',
};
if (spec.kind !== 'bare') options.requests = [{ setupRequest: setupRequest as unknown as autocannon.RequestSpec["setupRequest"] }];

const result = await autocannon(options);
const outcome: LoadOutcome = {
  requestsPerSecond: result.requests.total / Math.max(0.001, result.duration),
  latencyP50: result.latency.p50,
  latencyP99: result.latency.p99,
  total: result.requests.total,
  ok2xx: result['2xx'],
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
};
process.stdout.write(JSON.stringify(outcome) + '\n');
