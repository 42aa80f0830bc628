import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import CreateShipmentForm from '../../../src/renderer/src/screens/shipments/CreateShipmentForm.svelte';
import { ShipmentDraft, type Shipment } from '../../../src/shared/ipc/records';
import type { Result } from '../../../src/shared/ipc/result';
import '../../../src/renderer/src/styles/base.css';

function input(name: string): HTMLInputElement {
  const el = document.querySelector<HTMLInputElement>(`[data-testid="create-shipment"] input[name="${name}"]`);
  if (!el) throw new Error(`no input ${name}`);
  return el;
}
async function choose(name: string, value: string): Promise<void> {
  const el = document.querySelector<HTMLSelectElement>(`[data-testid="create-shipment"] select[name="${name}"]`);
  if (!el) throw new Error(`no select ${name}`);
  await userEvent.selectOptions(page.elementLocator(el), value);
}
async function fill(name: string, value: string): Promise<void> {
  await userEvent.fill(page.elementLocator(input(name)), value);
}
function errorOf(name: string): string | null {
  const ids = input(name).getAttribute('aria-describedby') ?? '';
  for (const id of ids.split(' ')) {
    const el = id ? document.getElementById(id) : null;
    if (el?.classList.contains('field-error')) return el.textContent;
  }
  return null;
}

function shipmentFrom(draft: ShipmentDraft): Shipment {
  const now = new Date().toISOString();
  return {
    token: 'shp_abcdefghij0123456789',
    reference: draft.reference,
    scope: draft.scope,
    status: 'created',
    carrier: draft.carrier,
    service: draft.service,
    trackingNumber: null,
    sender: draft.sender,
    recipient: draft.recipient,
    parcels: draft.parcels,
    createdAt: now,
    updatedAt: now,
    cancelledAt: null,
    confirmedAt: now,
    source: 'service',
  };
}

/** window.desk with only shipments.create, answering from a script of Results. */
function installCreate(answers: ((draft: ShipmentDraft) => Result<Shipment>)[]) {
  const drafts: unknown[] = [];
  const stub = {
    shipments: {
      create: async (draft: ShipmentDraft) => {
        drafts.push(draft);
        const next = answers.shift();
        if (!next) throw new Error('no scripted answer');
        return next(draft);
      },
    },
    on: () => () => {},
  };
  Object.defineProperty(window, 'desk', { value: stub, configurable: true, writable: true });
  return drafts;
}

async function fillValid(): Promise<void> {
  await fill('reference', 'ORDER-1001');
  await choose('carrier', 'dhl');
  for (const who of ['sender', 'recipient']) {
    await fill(`${who}.name`, who === 'sender' ? 'Main hall' : 'Ada Lovelace');
    await fill(`${who}.address.line1`, '1 Dock Road');
    await fill(`${who}.address.city`, 'Hamburg');
    await fill(`${who}.address.postalCode`, '20457');
    await fill(`${who}.address.country`, 'de');
  }
  await fill('parcels.0.weightGrams', '1500');
}

describe('Create shipment form in Chromium', () => {
  afterEach(() => {
    delete (window as { desk?: unknown }).desk;
  });

  it('refuses an empty or wrong form with messages next to the fields, and sends nothing', async () => {
    const drafts = installCreate([]);
    await page.viewport(1280, 800);
    render(CreateShipmentForm, { oncreated: () => {} });
    await page.getByRole('button', { name: 'Create shipment' }).click();

    // A short summary and one message, at the first field (which has the focus): not a wall of
    // "Required" under every empty field of an empty form.
    await expect.element(page.getByTestId('create-errors')).toMatchTextContent(/^\d+ fields need attention\. The cursor is in the first one; Enter goes on to the next\.$/);
    expect(input('reference').getAttribute('aria-invalid')).toBe('true');
    expect(errorOf('reference')).toBe('Required');
    expect(document.querySelectorAll('[data-testid="create-shipment"] .field-error')).toHaveLength(1);
    expect(errorOf('recipient.address.postalCode')).toBe(null);
    expect(input('recipient.address.postalCode').getAttribute('aria-invalid')).toBe(null);
    expect(document.activeElement).toBe(input('reference'));
    // A part begun says what it still lacks.
    await fill('recipient.name', 'Ada Lovelace');
    await expect.poll(() => errorOf('recipient.address.postalCode')).toBe('Required');
    expect(errorOf('recipient.address.country')).toBe('Required');
    await page.screenshot({ path: '../../artifacts/components/create-shipment-errors.png' });

    // Messages follow the typing once the worker has tried to submit.
    await fill('reference', 'ORDER-1');
    await expect.poll(() => errorOf('reference')).toBe(null);
    await fill('sender.address.country', 'D1');
    expect(errorOf('sender.address.country')).toBe('Two letters, e.g. DE or FR');
    await fill('parcels.0.weightGrams', '1.5');
    expect(errorOf('parcels.0.weightGrams')).toBe('Enter a whole number');
    await fill('parcels.0.weightGrams', 'heavy');
    expect(errorOf('parcels.0.weightGrams')).toBe('A weight in g or kg, e.g. 750 g or 1,5 kg');
    // Kilograms as people write them.
    await fill('parcels.0.weightGrams', '1,5 kg');
    expect(errorOf('parcels.0.weightGrams')).toBe(null);
    // A size is all three or none.
    await fill('parcels.0.dimensionsMm.length', '300');
    expect(errorOf('parcels.0.dimensionsMm.width')).toBe('Required');
    // The carrier is a choice of known carriers, said in words when missing.
    const carrier = document.querySelector<HTMLSelectElement>('[data-testid="create-shipment"] select[name="carrier"]')!;
    expect(document.getElementById(carrier.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Choose a carrier');
    await choose('carrier', 'dhl');
    await expect.poll(() => carrier.getAttribute('aria-invalid')).toBe(null);
    await fill('parcels.0.weightGrams', '100001');
    expect(errorOf('parcels.0.weightGrams')).toMatch(/^At most 100.000$/);
    // Scope 2 (booked elsewhere) needs the carrier's tracking number.
    await page.getByRole('radio', { name: /^With the carrier directly/ }).click();
    await expect.poll(() => errorOf('trackingNumber')).toBe('Required');
    await fill('trackingNumber', 'ab');
    expect(errorOf('trackingNumber')).toBe('4 to 40 letters, digits or -');
    expect(drafts).toEqual([]);
  });

  it('Enter on a select goes on to the next field to fill, so the next name is typed there and never picks a carrier by type-ahead', async () => {
    installCreate([]);
    await page.viewport(1280, 800);
    render(CreateShipmentForm, { oncreated: () => {} });
    await fill('reference', 'ORDER-1001');
    const carrier = document.querySelector<HTMLSelectElement>('[data-testid="create-shipment"] select[name="carrier"]')!;
    await choose('carrier', 'dhl');
    carrier.focus();
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(input('sender.name'));
    await userEvent.keyboard('Ups Depot');
    expect(carrier.value).toBe('dhl');
    expect(input('sender.name').value).toBe('Ups Depot');
  });

  it('Enter on a select of a complete form sends it', async () => {
    const drafts = installCreate([(d) => ({ ok: true, value: shipmentFrom(d) })]);
    await page.viewport(1280, 800);
    render(CreateShipmentForm, { oncreated: () => {}, newKey: () => '00000000-0000-4000-8000-000000000001' });
    await fillValid();
    document.querySelector<HTMLSelectElement>('[data-testid="create-shipment"] select[name="service"]')!.focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => drafts.length).toBe(1);
  });

  it('sends a draft the contract accepts; a retry of the same content reuses its request id, new content gets a new one', async () => {
    let n = 0;
    const newKey = () => `00000000-0000-4000-8000-00000000000${++n}`;
    const drafts = installCreate([
      () => ({ ok: false, error: { code: 'timeout', message: 'The service did not answer in 10 s.' } }),
      (d) => ({ ok: true, value: shipmentFrom(d) }),
      (d) => ({ ok: true, value: shipmentFrom(d) }),
    ]);
    const created: Shipment[] = [];
    render(CreateShipmentForm, { oncreated: (s: Shipment) => created.push(s), newKey });
    await fillValid();
    await page.getByRole('button', { name: 'Create shipment' }).click();

    await expect.element(page.getByText('The shipment was not created')).toBeVisible();
    await expect.element(page.getByText('timeout', { exact: true })).toBeVisible();
    expect(drafts).toHaveLength(1);
    const first = ShipmentDraft.parse(drafts[0]);
    expect(first.clientRequestId).toBe('00000000-0000-4000-8000-000000000001');
    expect(first.sender.address.country).toBe('DE');
    expect(first.carrier).toBe('dhl');
    expect(first.service).toBe('standard');
    expect(first.trackingNumber).toBeUndefined();
    expect(first.parcels).toEqual([{ weightGrams: 1500, dimensionsMm: null }]);
    expect(first.recipient.address.line2).toBeNull();

    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => created.length).toBe(1);
    expect(ShipmentDraft.parse(drafts[1]).clientRequestId).toBe(first.clientRequestId);
    // After a success the form is empty again; the next shipment is a new submission.
    expect(input('reference').value).toBe('');
    await fillValid();
    await page.getByRole('button', { name: 'Create shipment' }).click();
    await expect.poll(() => created.length).toBe(2);
    expect(ShipmentDraft.parse(drafts[2]).clientRequestId).toBe('00000000-0000-4000-8000-000000000002');
    // A hang guard, not a speed claim: it fills the whole form twice, which took over 15 s while
    // the node tests loaded both cores of this machine.
  }, 60_000);

  it("shows the service's field problems next to the fields (wire names mapped)", async () => {
    installCreate([
      () => ({
        ok: false,
        error: { code: 'validation_failed', message: 'The request is not valid.', status: 422, requestId: 'req_123', details: [{ field: 'recipient.address.postal_code', problem: 'unknown postal code for DE' }] },
      }),
    ]);
    render(CreateShipmentForm, { oncreated: () => {} });
    await fillValid();
    await page.getByRole('button', { name: 'Create shipment' }).click();
    await expect.element(page.getByText('req_123', { exact: true })).toBeVisible();
    expect(errorOf('recipient.address.postalCode')).toBe('unknown postal code for DE');
  });
});
