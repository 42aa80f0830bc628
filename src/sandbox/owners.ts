// The two demo owners and their API credentials (fixed, documented in docs/sandbox.md).
import { createHash } from 'node:crypto';
import type { SandboxDb } from './db/open';

export const DEMO_OWNERS = {
  desk: { clientId: 'desk-demo', clientSecret: 'desk-demo-secret' },
  other: { clientId: 'other-demo', clientSecret: 'other-demo-secret' },
} as const satisfies Record<string, { clientId: string; clientSecret: string }>;

export type DemoOwnerKey = keyof typeof DEMO_OWNERS;

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** Creates the demo owners if they are missing; returns their ids. */
export function ensureDemoOwners(db: SandboxDb): Record<DemoOwnerKey, number> {
  const insert = db.prepare('INSERT OR IGNORE INTO owners (client_id, secret_sha256, name) VALUES (?, ?, ?)');
  const find = db.prepare<[string], { id: number }>('SELECT id FROM owners WHERE client_id = ?');
  return db.transaction(() => {
    const ids = {} as Record<DemoOwnerKey, number>;
    for (const key of Object.keys(DEMO_OWNERS) as DemoOwnerKey[]) {
      const { clientId, clientSecret } = DEMO_OWNERS[key];
      insert.run(clientId, sha256Hex(clientSecret), key === 'desk' ? 'Warehouse Desk Demo' : 'Other Demo Company');
      const row = find.get(clientId);
      if (!row) throw new Error(`owner ${clientId} missing after insert`);
      ids[key] = row.id;
    }
    return ids;
  }).immediate();
}
