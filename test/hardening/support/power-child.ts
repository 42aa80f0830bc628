// A desk process that writes without pause, for the power-loss test (power-loss.test.ts): in
// DESK_DATA_DIR, offline, it takes adjustments into the outbox (FULL commits), every third one a
// transfer (its out leg and the transfer row in one FULL commit), and between them rewrites stock
// records as a sync would (NORMAL commits), reporting each adjustment on stdout once `enqueue` or
// `transfers.create` returned: from then on the worker was told it is saved. A transfer's line
// is `<out leg id> <transfer id>`.
// Run as `node --import tsx power-child.ts`; the test stops and resumes it with SIGSTOP/SIGCONT.
import { readFileSync } from 'node:fs';
import { openCache } from '../../../src/main/composition/open-cache';
import { EventHub } from '../../../src/main/kernel/ipc/event-hub';
import { CatalogRecorder } from '../../../src/main/kernel/cache/catalog-recorder';
import { Outbox } from '../../../src/main/outbox/outbox';
import { TransferService, type TransferAccount } from '../../../src/main/transfers';
import type { StockItem } from '../../../src/shared/api';

const dataDir = process.env.DESK_DATA_DIR!;
const stock = JSON.parse(readFileSync(process.env.DESK_STOCK_FILE!, 'utf8')) as StockItem[];
// As the app opens it: the WAL copied back into the file by the checkpoint worker, here every
// 20 ms, so the copies also catch the file mid-checkpoint.
const cache = openCache(dataDir, { backgroundCheckpoints: { intervalMs: 20 } });
const recorder = new CatalogRecorder(cache);
const outbox = new Outbox({ cache, recorder, events: new EventHub(), api: () => null, online: () => false, account: () => 'demo' });

const account: TransferAccount = { accountKey: 'demo', outbox };
const transfers = new TransferService({ cache, account: () => account, currentAccount: () => account, worker: () => null, warehouseCode: (id) => id });
const warehouses = [...new Set(stock.flatMap((s) => s.levels.map((l) => l.warehouse_id)))];

let version = 1_000;
for (let i = 0; ; i += 1) {
  const item = stock[i % stock.length]!;
  const warehouseId = item.levels[0]!.warehouse_id;
  const to = warehouses.find((w) => w !== warehouseId);
  // A transfer of 1 only from a level that holds some: with the adjustments' additions ahead of it
  // in the queue, it is never refused when the last copy is sent.
  if (i % 3 === 2 && to && item.levels[0]!.on_hand > 0) {
    const transfer = transfers.create({ sku: item.sku, fromWarehouseId: warehouseId, toWarehouseId: to, quantity: 1 });
    process.stdout.write(`${transfer.out.id} ${transfer.id}\n`);
  } else {
    const entry = outbox.enqueue({ sku: item.sku, warehouseId, delta: (i % 7) + 1, reason: 'count_correction', note: `n${i}` });
    process.stdout.write(`${entry.id}\n`);
  }
  // A sync page's worth of stock records, in one NORMAL transaction.
  cache.writes.transaction(() => {
    for (const s of stock) recorder.stock({ ...s, version: (version += 1), updated_at: new Date(Date.now() + version).toISOString() });
  });
  if (i % 20 === 0) await new Promise((r) => setImmediate(r));
}
