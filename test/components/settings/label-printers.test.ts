import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import LabelPrintersSettings from '../../../src/renderer/src/screens/settings/LabelPrintersSettings.svelte';
import '../../../src/renderer/src/styles/base.css';
import type { PrintJob, PrinterProfile, PrinterSetup } from '../../../src/shared/ipc/printer-records';
import { policy } from '../../../src/renderer/src/state/policy.svelte';
import { createFakeDesk } from '../support/fake-desk';

const waitingJob: PrintJob = {
  id: '7d3e1c52-52a4-4d0c-9a43-1d2f1d0c9b11',
  profileId: 'dock-3',
  labelKind: 'shelf',
  labels: 4,
  worker: 'Ana',
  state: 'waiting',
  attempts: 2,
  nextAttemptAt: '2026-11-27T10:00:10.000Z',
  lastError: 'printer_not_ready',
  printerStatus: { paperOut: true, paused: false, headOpen: false, ribbonOut: false, formatsWaiting: 0 },
  createdAt: '2026-11-27T10:00:00.000Z',
};

/** A desk whose printer setup lives in memory, as main keeps it in printers.json. */
function deskWithPrinters(jobs: PrintJob[] = []) {
  let setup: PrinterSetup = { profiles: [], routes: {} };
  return createFakeDesk({
    'printers.setup': () => ({ ok: true, value: setup }),
    'printers.save': (profile) => {
      setup = { ...setup, profiles: [...setup.profiles.filter((p) => p.id !== profile.id), profile as PrinterProfile] };
      return { ok: true, value: setup };
    },
    'printers.route': ({ label, profileId }) => {
      setup = { ...setup, routes: { ...setup.routes, [label]: profileId ?? undefined } };
      return { ok: true, value: setup };
    },
    'printers.delete': ({ id }) => {
      setup = { profiles: setup.profiles.filter((p) => p.id !== id), routes: Object.fromEntries(Object.entries(setup.routes).filter(([, to]) => to !== id)) };
      return { ok: true, value: setup };
    },
    'printers.jobs': () => ({ ok: true, value: jobs }),
    'printers.testPrint': () => ({ ok: true, value: { ...waitingJob, labelKind: 'test-print', labels: 1, state: 'done', printerStatus: null, lastError: null } }),
    'printers.retry': () => ({ ok: true, value: { ...waitingJob, state: 'done' } }),
  });
}

describe('the label printers card in Chromium', () => {
  let uninstall: () => void = () => {};
  afterEach(() => {
    uninstall();
    policy.value = { file: null, locked: [], serviceUrl: null, problems: [] };
  });

  it('adds a network label printer, refusing an address that is not one, and routes shelf labels to it', async () => {
    const fake = deskWithPrinters();
    uninstall = fake.install();
    render(LabelPrintersSettings);

    await page.getByRole('button', { name: 'Add a label printer' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Dock 3');
    await page.getByRole('textbox', { name: 'Network address' }).fill('http://10.0.0.7');
    await expect.element(page.getByText('Enter a name or an IP address, without http:// or spaces.')).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await page.getByRole('textbox', { name: 'Network address' }).fill('10.0.0.7');
    await page.getByRole('combobox', { name: 'Label roll' }).selectOptions('100 × 150 mm (4 × 6 in)');
    await page.getByRole('button', { name: 'Save' }).click();

    await expect.element(page.getByText('Printer saved.')).toBeVisible();
    const saved = fake.calls.filter((c) => c.channel === 'printers.save').map((c) => c.input);
    expect(saved).toEqual([expect.objectContaining({ name: 'Dock 3', kind: 'zpl-network', host: '10.0.0.7', port: 9100, dpi: 203, size: '100x150' })]);
    await expect.poll(() => page.getByTestId('printer-profile').element().textContent).toMatch(/Dock 3.*10\.0\.0\.7:9100 · 203 dpi · 100 × 150 mm/);

    await page.getByTestId('route-shelf').selectOptions('Dock 3');
    const profileId = (saved[0] as { id: string }).id;
    expect(fake.calls.filter((c) => c.channel === 'printers.route').map((c) => c.input)).toEqual([{ label: 'shelf', profileId }]);

    await page.getByRole('button', { name: 'Print a test label' }).click();
    await expect.element(page.getByText('A test label is on its way to Dock 3.')).toBeVisible();
  });

  it('lists a waiting job with what the printer said, and sends it again on Print again', async () => {
    const fake = deskWithPrinters([waitingJob]);
    await fake.handlers['printers.save']!({ id: 'dock-3', name: 'Dock 3', kind: 'zpl-network', host: '10.0.0.7', port: 9100, dpi: 203, size: '62x29' });
    uninstall = fake.install();
    render(LabelPrintersSettings);

    await expect.poll(() => page.getByTestId('print-job').element().textContent).toMatch(/Waiting for the printer.*Dock 3, labels: 4.*The printer says it is out of labels\./);
    await page.getByRole('button', { name: 'Print again' }).click();
    expect(fake.calls.filter((c) => c.channel === 'printers.retry').map((c) => c.input)).toEqual([{ id: waitingJob.id }]);

    await page.viewport(1280, 800);
    await page.screenshot({ path: '../../artifacts/components/label-printers-1280.png' });
    await page.viewport(1024, 700);
    await page.screenshot({ path: '../../artifacts/components/label-printers-1024.png' });
  });

  it('adds a printer of this computer\'s printer list by its queue name, refusing a name the system could not have', async () => {
    const fake = deskWithPrinters([{ ...waitingJob, lastError: 'print_queue_stopped', printerStatus: null }]);
    uninstall = fake.install();
    render(LabelPrintersSettings);

    await page.getByRole('button', { name: 'Add a label printer' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Dock 3');
    await page.getByRole('radio', { name: "Through this computer's printer list" }).click();
    await expect.element(page.getByRole('textbox', { name: 'Network address' })).not.toBeInTheDocument();
    await page.getByRole('textbox', { name: 'Printer name on this computer' }).fill('-o raw');
    await expect.element(page.getByText('Use the name exactly as the printer list shows it', { exact: false })).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await page.getByRole('textbox', { name: 'Printer name on this computer' }).fill('Zebra_Dock3');
    await expect.element(page.getByText("As the system's printer list names it, for example Zebra_Dock3.")).toBeVisible();
    await page.viewport(1280, 800);
    await page.screenshot({ path: '../../artifacts/components/label-printers-queue-form-1280.png' });
    await page.viewport(1024, 700);
    await page.screenshot({ path: '../../artifacts/components/label-printers-queue-form-1024.png' });
    await page.getByRole('button', { name: 'Save' }).click();

    await expect.element(page.getByText('Printer saved.')).toBeVisible();
    expect(fake.calls.find((c) => c.channel === 'printers.save')?.input).toEqual({ id: expect.any(String) as string, name: 'Dock 3', kind: 'zpl-queue', queue: 'Zebra_Dock3', dpi: 203, size: '62x29' });
    await expect.element(page.getByText("Through this computer's printer list: Zebra_Dock3", { exact: false })).toBeVisible();
    await expect.element(page.getByText("The printer is stopped in this computer's printer list.", { exact: false })).toBeVisible();
    await page.viewport(1280, 800);
    await page.screenshot({ path: '../../artifacts/components/label-printers-queue-1280.png' });
    await page.viewport(1024, 700);
    await page.screenshot({ path: '../../artifacts/components/label-printers-queue-1024.png' });
  });

  it('asks before removing a printer, saying how many kinds of labels go to it', async () => {
    const fake = deskWithPrinters();
    await fake.handlers['printers.save']!({ id: 'dock-3', name: 'Dock 3', kind: 'zpl-network', host: '10.0.0.7', port: 9100, dpi: 203, size: '62x29' });
    await fake.handlers['printers.route']!({ label: 'shelf', profileId: 'dock-3' });
    await fake.handlers['printers.route']!({ label: 'shipment', profileId: 'dock-3' });
    uninstall = fake.install();
    render(LabelPrintersSettings);

    await page.getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove Dock 3?' });
    await expect.element(dialog).toBeVisible();
    await expect.element(dialog.getByText('2 kinds of labels go to this printer: Shelf labels, Parcel labels.', { exact: false })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(fake.calls.some((c) => c.channel === 'printers.delete')).toBe(false);

    await page.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect.element(page.getByText('No label printer added yet.')).toBeVisible();
    expect(fake.calls.filter((c) => c.channel === 'printers.delete').map((c) => c.input)).toEqual([{ id: 'dock-3' }]);
  });

  it('shows the system\'s own id of a job that went through this computer\'s printer list', async () => {
    const fake = deskWithPrinters([{ ...waitingJob, state: 'done', lastError: null, printerStatus: null, systemJob: 'Zebra_Dock3-42' }]);
    await fake.handlers['printers.save']!({ id: 'dock-3', name: 'Dock 3', kind: 'zpl-queue', queue: 'Zebra_Dock3', dpi: 203, size: '62x29' });
    uninstall = fake.install();
    render(LabelPrintersSettings);
    await expect.element(page.getByText('Job in the printer list: Zebra_Dock3-42')).toBeVisible();
  });

  it('locked by the IT department: says so, and offers no way to add, change, remove or reroute a printer', async () => {
    policy.value = { file: '/etc/warehouse-desk/policy.json', locked: ['printers'], serviceUrl: null, problems: [] };
    const fake = deskWithPrinters([{ ...waitingJob, state: 'done', lastError: null, printerStatus: null }]);
    await fake.handlers['printers.save']!({ id: 'dock-3', name: 'Dock 3', kind: 'zpl-network', host: '10.0.0.7', port: 9100, dpi: 203, size: '100x150' });
    await fake.handlers['printers.save']!({ id: 'shelf', name: 'Shelf labels', kind: 'zpl-queue', queue: 'Zebra_Shelf', dpi: 300, size: '62x29' });
    await fake.handlers['printers.route']!({ label: 'shelf', profileId: 'shelf' });
    uninstall = fake.install();
    render(LabelPrintersSettings);

    await expect.element(page.getByText('Set by your IT department')).toBeVisible();
    await expect.poll(() => page.getByTestId('printer-profile').elements().length).toBe(2);
    await expect.element(page.getByRole('button', { name: 'Add a label printer' })).not.toBeInTheDocument();
    await expect.element(page.getByRole('button', { name: 'Change' }).first()).not.toBeInTheDocument();
    await expect.element(page.getByRole('button', { name: 'Remove' }).first()).not.toBeInTheDocument();
    await expect.element(page.getByTestId('route-shelf')).toBeDisabled();
    // A test label is still the worker's to print: it changes nothing.
    await expect.element(page.getByRole('button', { name: 'Print a test label' }).first()).toBeEnabled();
    for (const [w, h] of [[1280, 800], [1024, 700]] as const) {
      await page.viewport(w, h);
      await page.screenshot({ path: `../../artifacts/components/label-printers-locked-${w}.png` });
    }
  });

  it('not locked: the same printers with everything to change, for the shots side by side', async () => {
    const fake = deskWithPrinters([{ ...waitingJob, state: 'done', lastError: null, printerStatus: null }]);
    await fake.handlers['printers.save']!({ id: 'dock-3', name: 'Dock 3', kind: 'zpl-network', host: '10.0.0.7', port: 9100, dpi: 203, size: '100x150' });
    await fake.handlers['printers.save']!({ id: 'shelf', name: 'Shelf labels', kind: 'zpl-queue', queue: 'Zebra_Shelf', dpi: 300, size: '62x29' });
    await fake.handlers['printers.route']!({ label: 'shelf', profileId: 'shelf' });
    uninstall = fake.install();
    render(LabelPrintersSettings);
    await expect.poll(() => page.getByTestId('printer-profile').elements().length).toBe(2);
    await expect.element(page.getByText('Set by your IT department')).not.toBeInTheDocument();
    await expect.element(page.getByTestId('route-shelf')).toBeEnabled();
    for (const [w, h] of [[1280, 800], [1024, 700]] as const) {
      await page.viewport(w, h);
      await page.screenshot({ path: `../../artifacts/components/label-printers-unlocked-${w}.png` });
    }
  });
});
