import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import ShipmentList from '../../../src/renderer/src/screens/shipments/ShipmentList.svelte';
import { ShipmentListState } from '../../../src/renderer/src/screens/shipments/shipment-list.svelte';
import type { Shipment, ShipmentStatus } from '../../../src/shared/ipc/records';
import '../../../src/renderer/src/styles/base.css';

const token = (n: number) => `shp_${String(n).padStart(20, '0')}`;

function shipment(n: number, status: ShipmentStatus, reference: string | null, carrier: Shipment['carrier'], recipient: string): Shipment {
  const at = '2026-03-01T10:00:00.000Z';
  const party = (name: string, city: string) => ({ name, address: { line1: '1 Dock Road', line2: null, city, postalCode: '20457', country: 'DE' } });
  return {
    token: token(n),
    reference,
    scope: 1,
    status,
    carrier,
    service: 'standard',
    trackingNumber: status === 'created' ? null : `TRACK${n}`,
    sender: party('Main hall', 'Hamburg'),
    recipient: party(recipient, 'Berlin'),
    parcels: [{ weightGrams: 1200, dimensionsMm: { length: 300, width: 200, height: 100 } }],
    createdAt: at,
    updatedAt: at,
    cancelledAt: null,
    confirmedAt: at,
    source: 'service',
  } as Shipment;
}

/**
 * A worker reads a shipment by what they know of it: its reference (the order number), who it goes
 * to, with which carrier, and where it is, in words. The service's shp_ code is its key, for the
 * row to open it by, never text the worker reads in the list (the detail shows it small, to copy).
 */
describe('Shipments list rows', () => {
  afterEach(() => {
    delete (window as { desk?: unknown }).desk;
  });

  it('show the reference first, then the status in words, the recipient and the carrier; no shp_ code anywhere a worker reads', async () => {
    const list = [shipment(235, 'in_transit', 'ORD-100235', 'gls', 'Piotr Nowak'), shipment(236, 'label_ready', 'ORD-100236', 'dhl', 'Emily Johnson'), shipment(237, 'cancelled', null, 'ups', 'Jonas Müller')];
    const stub = { shipments: { list: () => Promise.resolve({ ok: true as const, value: { shipments: list, nextCursor: null, source: 'service' as const } }) }, on: () => () => {} };
    Object.defineProperty(window, 'desk', { value: stub, configurable: true, writable: true });
    const opened: string[] = [];
    await page.viewport(1280, 800);
    render(ShipmentList, { list: new ShipmentListState(), onopen: (t: string) => opened.push(t) });

    const table = page.getByTestId('shipments-table');
    await expect.element(table.getByRole('button', { name: 'Open shipment ORD-100235', exact: true })).toBeVisible();
    const rows = [...(table.element() as HTMLTableElement).tBodies[0]!.rows];
    expect(rows).toHaveLength(3);
    // What is on screen: the visually hidden words for screen readers ("Open shipment") left out.
    const seen = (el: HTMLElement): string => {
      const copy = el.cloneNode(true) as HTMLElement;
      for (const hidden of copy.querySelectorAll('.visually-hidden')) hidden.remove();
      copy.querySelectorAll('br').forEach((br) => br.replaceWith(' '));
      return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
    };
    const cells = (row: HTMLTableRowElement) => [...row.cells].map(seen);
    expect(cells(rows[0]!).slice(0, 4)).toEqual(['ORD-100235', 'In transit', 'Piotr Nowak 20457 Berlin, DE', 'GLS Standard']);
    expect(cells(rows[1]!).slice(0, 4)).toEqual(['ORD-100236', 'Label ready', 'Emily Johnson 20457 Berlin, DE', 'DHL Standard']);
    // Without a reference the row says so in words; it does not fall back to the code.
    expect(cells(rows[2]!).slice(0, 4)).toEqual(['No reference', 'Cancelled', 'Jonas Müller 20457 Berlin, DE', 'UPS Standard']);

    // Not in what is shown, nor in what a screen reader says of a row's button, nor in a tooltip.
    const shown = (table.element() as HTMLElement).innerText;
    expect(shown).not.toMatch(/shp_/i);
    for (const button of table.getByRole('button').all()) {
      const el = button.element() as HTMLElement;
      expect(el.textContent ?? '').not.toMatch(/shp_/i);
      expect(el.getAttribute('aria-label') ?? '').not.toMatch(/shp_/i);
      expect(el.getAttribute('title') ?? '').not.toMatch(/shp_/i);
    }
    expect([...(table.element() as HTMLElement).querySelectorAll('[title]')].map((e) => e.getAttribute('title'))).not.toContainEqual(expect.stringMatching(/shp_/i));

    // The row still opens its shipment by the code.
    await table.getByRole('button', { name: 'Open shipment No reference', exact: true }).click();
    expect(opened).toEqual([token(237)]);
  });
});
