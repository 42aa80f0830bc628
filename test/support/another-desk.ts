import { randomUUID } from 'node:crypto';
import { DEMO_OWNERS } from '../../src/sandbox';

/**
 * Someone at another desk of the same company adjusts stock: a plain HTTP client of the sandbox
 * with the demo desk's credentials, its own token and idempotency key. The change the desk under
 * test did not make and must find out about.
 */
export async function adjustElsewhere(baseUrl: string, sku: string, warehouseId: string, delta: number): Promise<void> {
  const token = await fetch(`${baseUrl}/1.0/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: DEMO_OWNERS.desk.clientId, client_secret: DEMO_OWNERS.desk.clientSecret }),
  });
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  const answer = await fetch(`${baseUrl}/1.0/logistics/stock/${encodeURIComponent(sku)}/adjust`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}`, 'idempotency-key': randomUUID() },
    body: JSON.stringify({ warehouse_id: warehouseId, delta, reason: 'other', note: 'another desk' }),
  });
  if (answer.status !== 200) throw new Error(`adjust elsewhere: ${answer.status} ${await answer.text()}`);
}
