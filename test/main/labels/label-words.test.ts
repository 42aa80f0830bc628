import { describe, expect, it } from 'vitest';
import { buildLabelDocument } from '../../../src/main/labels';
import type { Shipment } from '../../../src/shared/ipc/records';
import { fakeReads, SHIPMENT, WAREHOUSE } from './support/fake-reads';
import type { LabelReads } from '../../../src/main/labels/label-content';

// What a shipment label says in words: the reference and tracking number a person reads, not the
// service's token (the QR code carries that), and a cancelled shipment's label marked as such, so
// it never goes on a parcel unnoticed.
const CANCELLED: Shipment = { ...SHIPMENT, token: 'shp_cancelled0000000001', reference: 'ORD-2026-000777', status: 'cancelled' };
const reads: LabelReads = {
  stockBySku: () => null,
  warehouses: () => [],
  shipment: (token) => [SHIPMENT, CANCELLED].find((s) => s.token === token) ?? null,
};
const html = (token: string, size: '62x29' | '100x150'): string => buildLabelDocument(reads, { items: [{ template: 'shipment', token }], size, copies: 1 }).html;

describe('the words on a shipment label', () => {
  for (const size of ['62x29', '100x150'] as const) {
    it(`${size}: prints CANCELLED across a cancelled shipment's label, and nothing of the kind on a live one`, () => {
      expect(html(CANCELLED.token, size)).toContain('data-testid="void-mark"');
      expect(html(CANCELLED.token, size)).toMatch(/>CANCELLED</);
      expect(html(SHIPMENT.token, size)).not.toMatch(/CANCELLED/);
    });
    it(`${size}: shows the reference and the tracking number, not the shp_ token (its QR code holds it)`, () => {
      const label = html(SHIPMENT.token, size);
      expect(label).toContain(SHIPMENT.reference);
      expect(label).toContain(SHIPMENT.trackingNumber ?? 'no tracking number');
      expect(label).not.toContain(SHIPMENT.token);
    });
  }

  it('prints a warehouse on a shelf label only when one was chosen, as the print dialog says', () => {
    // UPC-1 is stocked in one warehouse only: still no warehouse unless the worker printed for one.
    const { reads: stockReads } = fakeReads();
    const shelf = (warehouseId?: string): string => buildLabelDocument(stockReads, { items: [{ template: 'shelf', sku: 'UPC-1', ...(warehouseId ? { warehouseId } : {}) }], size: '62x29', copies: 1 }).html;
    expect(shelf()).not.toContain(WAREHOUSE.name);
    expect(shelf(WAREHOUSE.id)).toContain(WAREHOUSE.name);
  });
});
