import { randomUUID } from 'node:crypto';
import { DEMO_OWNERS } from '../../src/sandbox';

/**
 * Someone at another desk of the same company adjusts stock: a plain HTTP client of the sandbox
 * with the demo desk's credentials, its own token and idempotency key. The change the desk under
 * test did not make and must find out about.
 */
export async function adjustElsewhere(baseUrl: string, sku: string, warehouseId: string, delta: number): Promise<void> {
  const accessToken = await tokenFor(baseUrl);
  const answer = await fetch(`${baseUrl}/1.0/logistics/stock/${encodeURIComponent(sku)}/adjust`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}`, 'idempotency-key': randomUUID() },
    body: JSON.stringify({ warehouse_id: warehouseId, delta, reason: 'other', note: 'another desk' }),
  });
  if (answer.status !== 200) throw new Error(`adjust elsewhere: ${answer.status} ${await answer.text()}`);
}

/** The on-hand of one SKU at one warehouse, as the service answers another desk. */
export async function onHandElsewhere(baseUrl: string, sku: string, warehouseId: string): Promise<number> {
  const answer = await fetch(`${baseUrl}/1.0/logistics/stock/${encodeURIComponent(sku)}/read`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${await tokenFor(baseUrl)}` }, body: '{}' });
  if (answer.status !== 200) throw new Error(`read elsewhere: ${answer.status} ${await answer.text()}`);
  const item = (await answer.json()) as { levels: Array<{ warehouse_id: string; on_hand: number }> };
  return item.levels.find((l) => l.warehouse_id === warehouseId)?.on_hand ?? 0;
}

async function tokenFor(baseUrl: string): Promise<string> {
  const token = await fetch(`${baseUrl}/1.0/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: DEMO_OWNERS.desk.clientId, client_secret: DEMO_OWNERS.desk.clientSecret }),
  });
  return ((await token.json()) as { access_token: string }).access_token;
}
