// A desk process reduced to its outbox, for the crash test (outbox-crash.test.ts): opens the
// cache in DESK_DATA_DIR, recovers entries a killed predecessor left mid-send, optionally enqueues
// DESK_ADJUST, sends everything queued to DESK_BASE_URL, and reports each state change on stdout.
// DESK_CLOCK_OFFSET_MS moves its clock ahead (as the sandbox's is moved), for the horizon case.
// Run as `node --import tsx outbox-child.ts` (one process, so SIGKILL hits the process that sends).
import { createApiClient } from '../../../../src/main/kernel/api';
import { openCache } from '../../../../src/main/composition/open-cache';
import { EventHub } from '../../../../src/main/kernel/ipc/event-hub';
import { Outbox } from '../../../../src/main/outbox/outbox';
import { CatalogRecorder } from '../../../../src/main/kernel/cache/catalog-recorder';
import type { AdjustInput } from '../../../../src/shared/ipc/records';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const cache = openCache(env('DESK_DATA_DIR'));
const events = new EventHub();
events.attach((event, payload) => {
  if (event === 'outbox.changed') {
    const entry = payload as { id: string; state: string; attempts: number };
    process.stdout.write(`${JSON.stringify({ event, id: entry.id, state: entry.state, attempts: entry.attempts })}\n`);
  }
});
const api = createApiClient({
  baseUrl: env('DESK_BASE_URL'),
  credentials: async () => ({ clientId: env('DESK_CLIENT_ID'), clientSecret: env('DESK_CLIENT_SECRET') }),
  timeoutMs: 60_000,
  maxRetries: 0,
});
const offsetMs = Number(process.env.DESK_CLOCK_OFFSET_MS ?? 0);
const outbox = new Outbox({
  cache,
  recorder: new CatalogRecorder(cache),
  events,
  api: () => api,
  online: () => true,
  account: () => 'demo',
  now: () => new Date(Date.now() + offsetMs),
});

// What desk-core does at startup, before anything is sent.
const recovered = cache.outbox.requeueInterrupted(new Date(Date.now() + offsetMs).toISOString());
process.stdout.write(`${JSON.stringify({ event: 'started', recovered })}\n`);
if (process.env.DESK_ADJUST) outbox.enqueue(JSON.parse(process.env.DESK_ADJUST) as AdjustInput);
await outbox.kick();
await outbox.idle();
cache.close();
process.stdout.write(`${JSON.stringify({ event: 'done' })}\n`);
