import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import ShipmentsScreen from '../../../src/renderer/src/screens/shipments/ShipmentsScreen.svelte';
import type { Shipment, ShipmentStatus } from '../../../src/shared/ipc/records';
import { connectivity } from '../../../src/renderer/src/state/connectivity.svelte';
import '../../../src/renderer/src/styles/base.css';

const T = (n: number) => `shp_${String(n).padStart(20, '0')}`;

function shipment(n: number, status: ShipmentStatus, scope: 1 | 2): Shipment {
  const at = '2026-03-01T10:00:00.000Z';
  const party = (name: string, city: string) => ({ name, address: { line1: '1 Dock Road', line2: null, city, postalCode: '20457', country: 'DE' } });
  return {
    token: T(n),
    reference: `ORD-${n}`,
    scope,
    status,
    carrier: 'dhl',
    service: 'standard',
    trackingNumber: status === 'created' ? null : 'DHL123',
    sender: party('Main hall', 'Hamburg'),
    recipient: party('Ada Lovelace', 'Berlin'),
    parcels: [{ weightGrams: 1200, dimensionsMm: { length: 300, width: 200, height: 100 } }],
    createdAt: at,
    updatedAt: at,
    cancelledAt: null,
    confirmedAt: at,
    source: 'service',
  };
}

function installShipments(list: Shipment[]) {
  const calls: string[] = [];
  const ok = <T>(value: T) => Promise.resolve({ ok: true as const, value });
  const find = (token: string) => list.find((s) => s.token === token);
  const stub = {
    shipments: {
      list: () => ok({ shipments: list, nextCursor: null, source: 'service' as const }),
      read: ({ token }: { token: string }) => {
        calls.push(`read:${token}`);
        const s = find(token);
        return Promise.resolve(s ? { ok: true as const, value: s } : { ok: false as const, error: { code: 'shipment_not_found', message: 'No such shipment.', status: 404, requestId: 'req_nf' } });
      },
      cancel: ({ token }: { token: string }) => {
        calls.push(`cancel:${token}`);
        return ok({ ...find(token)!, status: 'cancelled' as const, cancelledAt: '2026-03-01T11:00:00.000Z' });
      },
      delete: ({ token }: { token: string }) => {
        calls.push(`delete:${token}`);
        return ok({ token, deleted: true as const });
      },
    },
    on: () => () => {},
  };
  Object.defineProperty(window, 'desk', { value: stub, configurable: true, writable: true });
  return calls;
}

describe('Shipment detail in Chromium', () => {
  afterEach(() => {
    delete (window as { desk?: unknown }).desk;
    connectivity.online = true;
  });

  it('offers Cancel only while created or label ready, Delete only for scope 2, both after a confirmation', async () => {
    const calls = installShipments([shipment(1, 'created', 1), shipment(2, 'in_transit', 2), shipment(3, 'delivered', 1)]);
    await page.viewport(1280, 800);
    render(ShipmentsScreen, { openToken: T(1) });
    const detail = page.getByTestId('shipment-detail');
    await expect.element(detail.getByRole('heading', { name: 'ORD-1' })).toBeVisible();
    expect(calls).toContain(`read:${T(1)}`);
    await expect.element(detail.getByRole('button', { name: 'Cancel shipment…' })).toBeVisible();
    await expect.element(detail.getByRole('button', { name: 'Delete this record…' })).not.toBeInTheDocument();
    await page.screenshot({ path: '../../artifacts/components/shipment-detail.png' });

    await detail.getByRole('button', { name: 'Cancel shipment…' }).click();
    await expect.element(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('button', { name: /^Keep it/ }).click();
    expect(calls.filter((c) => c.startsWith('cancel'))).toEqual([]);
    await detail.getByRole('button', { name: 'Cancel shipment…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: /^Cancel shipment/ }).click();
    await expect.element(detail.getByText(/The service answered: ORD-1, Cancelled since/)).toBeVisible();
    expect(calls).toContain(`cancel:${T(1)}`);
    await expect.element(detail.getByRole('button', { name: 'Cancel shipment…' })).not.toBeInTheDocument();

    // Back to the list: the row shows the new state; an in-transit scope 2 one can be deleted, not cancelled.
    await detail.getByRole('button', { name: '← All shipments' }).click();
    await page.getByRole('button', { name: 'Open shipment ORD-2', exact: true }).click();
    await expect.element(detail.getByRole('button', { name: 'Delete this record…' })).toBeVisible();
    await expect.element(detail.getByRole('button', { name: 'Cancel shipment…' })).not.toBeInTheDocument();
    await detail.getByRole('button', { name: 'Delete this record…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: /^Delete the record/ }).click();
    await expect.element(page.getByText(`Shipment ORD-2 was deleted by the service.`)).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Open shipment ORD-2', exact: true })).not.toBeInTheDocument();
  });

  it('offline: the actions that need the service are disabled and say why', async () => {
    installShipments([shipment(1, 'label_ready', 2)]);
    connectivity.online = false;
    render(ShipmentsScreen, { openToken: T(1) });
    const detail = page.getByTestId('shipment-detail');
    await expect.element(detail.getByRole('button', { name: 'Cancel shipment…' })).toBeDisabled();
    await expect.element(detail.getByRole('button', { name: 'Delete this record…' })).toBeDisabled();
    await expect.element(detail.getByRole('button', { name: 'Green index' })).toBeDisabled();
    await expect.element(detail.getByText(/Offline: cancel, delete and the calculations need the service/)).toBeVisible();
  });

  it('reads carrier, tracking and scope on one line each at 1280 px, and the times beside their labels', async () => {
    installShipments([{ ...shipment(4, 'delivered', 2), createdAt: '2024-12-07T07:00:00.000Z' }]);
    await page.viewport(1280, 800);
    render(ShipmentsScreen, { openToken: T(4) });
    const shipping = page.getByRole('region', { name: 'Shipping' });
    await expect.element(shipping).toMatchTextContent(/Carrier\s*DHL/);
    await expect.element(shipping).toMatchTextContent('Booked with the carrier directly (recorded here only)');
    // As a narrow card beside the addresses, the scope broke over three lines and a date over two.
    const values = [
      ...Array.from(shipping.element().querySelectorAll('dd')),
      ...Array.from(page.getByRole('region', { name: 'Times' }).element().querySelectorAll('dd')),
    ];
    expect(values.length).toBe(7);
    for (const dd of values) {
      expect(dd.getBoundingClientRect().height, dd.textContent ?? '').toBeLessThan(2 * parseFloat(getComputedStyle(dd).lineHeight));
    }
  });

  it('an unknown token shows the error with its code and request id', async () => {
    installShipments([]);
    render(ShipmentsScreen, { openToken: T(9) });
    const alert = page.getByRole('alert');
    await expect.element(alert).toMatchTextContent(/shipment_not_found/);
    await expect.element(alert).toMatchTextContent(/req_nf/);
  });
});
