// The demo shipments' tracking numbers look like the carriers' real ones, so scanning a demo
// label exercises the same parsing as a real parcel label.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCode } from '../../src/shared/codes/parse-code';
import { startTestSandbox, type TestSandbox } from './helpers';

describe('demo tracking numbers', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await startTestSandbox();
  });
  afterAll(() => t.stop());

  it('each parses as its shipment’s carrier, in the API’s tracking number format', async () => {
    const shipments = (await t.api.call('listShipments', { token: t.desk, body: { limit: 100 } })).body.data as { carrier: string; tracking_number: string | null }[];
    const tracked = shipments.filter((s) => s.tracking_number !== null);
    expect(new Set(tracked.map((s) => s.carrier))).toEqual(new Set(['dhl', 'dpd', 'gls', 'postnl', 'ups']));
    for (const s of tracked) {
      expect(s.tracking_number).toMatch(/^[A-Za-z0-9-]{4,40}$/);
      const parsed = parseCode(s.tracking_number!);
      // 14 digits may also be a GTIN-14 (1 in 10 DPD numbers has a valid GS1 check digit): then the parcel is offered beside it
      const tracking = parsed.kind === 'gtin' ? parsed.tracking : parsed;
      expect(tracking, `${s.carrier} ${s.tracking_number}`).toMatchObject({ carrier: s.carrier, trackingNumber: s.tracking_number });
    }
  });
});
