// shipments/list by a carrier label: tracking_number (exact, any case, spaces ignored) and sscc
// (a parcel's SSCC), each owner seeing only their own shipments.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gs1CheckDigit } from '../../src/shared/codes/check-digits';
import { expectError, startTestSandbox, type Loose, type TestSandbox } from './helpers';

let t: TestSandbox;
let all: Loose[];

beforeAll(async () => {
  t = await startTestSandbox();
  all = (await t.api.call('listShipments', { token: t.desk, body: { limit: 500 } })).body.data;
});
afterAll(() => t.stop());

const list = async (body: Record<string, unknown>, token = t.desk): Promise<Loose[]> => (await t.api.call('listShipments', { token, body })).body.data;

describe('shipments/list by carrier label', () => {
  it('demo parcels carry unique SSCCs with a valid GS1 check digit', () => {
    const ssccs = all.flatMap((s) => s.parcels.map((p: Loose) => p.sscc as string));
    expect(ssccs.length).toBeGreaterThan(all.length - 1);
    expect(new Set(ssccs).size).toBe(ssccs.length);
    for (const sscc of ssccs) expect(gs1CheckDigit(sscc.slice(0, 17))).toBe(Number(sscc[17]));
  });

  it('sscc: the one shipment with a parcel labelled so', async () => {
    const shipment = all[11];
    expect((await list({ sscc: shipment.parcels.at(-1).sscc })).map((s) => s.token)).toEqual([shipment.token]);
    expect(await list({ sscc: '340123459999999992' })).toEqual([]);
  });

  it('tracking_number: exact, but letter case and spaces do not count', async () => {
    const shipment = all.find((s) => s.tracking_number !== null);
    const spaced = shipment.tracking_number.toLowerCase().replace(/(.{3})/g, '$1 ');
    expect((await list({ tracking_number: spaced })).map((s) => s.token)).toEqual([shipment.token]);
    expect(await list({ tracking_number: shipment.tracking_number.slice(0, -1) })).toEqual([]);
  });

  it("another owner does not find the desk's shipment by its label", async () => {
    const shipment = all.find((s) => s.tracking_number !== null);
    expect(await list({ tracking_number: shipment.tracking_number }, t.other)).toEqual([]);
    expect(await list({ sscc: shipment.parcels[0].sscc }, t.other)).toEqual([]);
  });

  it('refuses an SSCC that is not 18 digits', async () => {
    expectError(await t.api.call('listShipments', { token: t.desk, body: { sscc: '12345' } }), 422, 'validation_failed');
  });
});
