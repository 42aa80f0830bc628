import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import type { JournalEntry } from '../../../src/shared/ipc/desk-work-records';
import { loadCatalogue } from '../../../src/renderer/src/i18n/catalogues.svelte';
import { setLanguageSetting } from '../../../src/renderer/src/i18n/locale.svelte';
import JournalScreen from '../../../src/renderer/src/screens/journal/JournalScreen.svelte';
import '../../../src/renderer/src/styles/base.css';
import { loadSettings } from '../../../src/renderer/src/state/settings.svelte';
import { createFakeDesk, SETTINGS } from '../support/fake-desk';

// Issue 18: the journal's Details column is worded by the screen in the desk's language from what
// main stored as data; a line from before that (no details) keeps main's English summary.
const line = (seq: number, over: Partial<JournalEntry>): JournalEntry => ({
  seq,
  at: '2026-03-14T09:30:00.000Z',
  kind: 'adjust',
  worker: 'Ana',
  code: null,
  sku: 'WD-000007',
  summary: '(English summary)',
  details: null,
  outcome: 'queued',
  requestId: null,
  ...over,
});

const ENTRIES: JournalEntry[] = [
  line(4, { kind: 'sent', outcome: 'rejected', details: { what: 'adjustment', params: { delta: -5, warehouse: 'AMS', reason: 'damaged' }, error: { code: 'insufficient_stock', message: 'Only 2 on hand in wh_ams; cannot remove 5.' } } }),
  line(3, { kind: 'resolve', outcome: 'discarded', details: { what: 'resolve_dropped', params: { delta: 3, warehouse: 'AMS', reason: 'found' } } }),
  line(2, { kind: 'count', outcome: 'done', details: { what: 'count_set', params: { counted: 1200, count: 'cnt_1' } } }),
  line(1, { kind: 'scan', outcome: 'found', summary: 'Widget: 4 on hand', details: null }),
];

// A refused scan stores why (and its values) beside main's English problem; a line from before
// the codes has only the problem.
const REFUSED: JournalEntry[] = [
  line(8, { kind: 'scan', outcome: 'failed', code: '(01)04006381333932', sku: null, details: { what: 'invalid_code', params: { gtin: '04006381333932', why: 'gtin_check_digit', problem: 'the check digit of GTIN 04006381333932 is wrong' } } }),
  line(7, { kind: 'scan', outcome: 'failed', code: 'WD 1', sku: null, details: { what: 'count_refused', params: { reason: 'invalid', why: 'not_a_code', problem: 'not a SKU, a barcode or a shipment token' } } }),
  line(6, { kind: 'scan', outcome: 'failed', code: 'X', sku: null, details: { what: 'invalid_code', params: { problem: 'an old English problem' } } }),
  line(5, { kind: 'scan', outcome: 'failed', code: 'Y', sku: null, details: { what: 'invalid_code', params: { why: 'a_code_from_a_newer_desk', problem: 'a newer desk’s English problem' } } }),
];

// A transfer's legs carry the API's reason `other`; main stores the other warehouse beside it.
const LEGS: JournalEntry[] = [
  line(10, { kind: 'sent', outcome: 'applied', details: { what: 'adjustment', params: { delta: 3, warehouse: 'NRTH', reason: 'other', transferFrom: 'MAIN' } } }),
  line(9, { kind: 'adjust', outcome: 'queued', details: { what: 'adjustment', params: { delta: -3, warehouse: 'MAIN', reason: 'other', transferTo: 'NRTH' } } }),
];

// A group of settings (the scanner's) stores its changed parts by the names main gives them.
const SETTINGS_LINES: JournalEntry[] = [
  line(12, { kind: 'settings', outcome: 'done', sku: null, details: { what: 'setting_changed', params: { settings: 'scanner', from: 'maxInterKeyMs 50, suffix Enter, scannerLayout auto', to: 'maxInterKeyMs 500, suffix Tab, scannerLayout desk' } } }),
  line(11, { kind: 'settings', outcome: 'done', sku: null, details: { what: 'setting_changed', params: { settings: 'confirmAdjustmentsFrom, soundsMuted', from: '50; false', to: '12; true' } } }),
];

// A change a rebuilt cache held back, checked by hand: part of a move, or of an undo.
const CHECKED: JournalEntry[] = [
  line(12, { kind: 'check', outcome: 'done', details: { what: 'to_check_checked', params: { delta: -4, warehouse: 'MAIN', why: 'transfer' } } }),
  line(11, { kind: 'check', outcome: 'done', details: { what: 'to_check_checked', params: { delta: 6, warehouse: 'NRTH', why: 'undo' } } }),
];

describe('the journal’s title', () => {
  afterEach(() => setLanguageSetting('en'));

  it('names the desk when it has a name, and the worker on each line', async () => {
    const fake = createFakeDesk({ 'settings.get': () => ({ ok: true, value: { ...SETTINGS, deskName: 'Dock 3' } }), 'journal.search': () => ({ ok: true, value: { entries: LEGS, nextBefore: null } }) });
    const uninstall = fake.install();
    try {
      await loadSettings();
      render(JournalScreen);
      await expect.element(page.getByRole('heading', { level: 1 })).toHaveTextContent('Journal of Dock 3');
      await expect.poll(() => [...document.querySelectorAll('[data-testid="journal-row"] td:nth-child(3)')].map((td) => td.textContent)).toEqual(['Ana', 'Ana']);
      await loadCatalogue('de');
      setLanguageSetting('de');
      await expect.element(page.getByRole('heading', { level: 1 })).toHaveTextContent('Journal von Dock 3');
    } finally {
      uninstall();
    }
  });

  it('is the plain title for a desk without a name', async () => {
    const fake = createFakeDesk({ 'journal.search': () => ({ ok: true, value: { entries: LEGS, nextBefore: null } }) });
    const uninstall = fake.install();
    try {
      await loadSettings();
      render(JournalScreen);
      await expect.poll(() => document.querySelector('h1')?.textContent?.trim()).toBe('Journal');
    } finally {
      uninstall();
    }
  });
});

describe('journal details in the desk’s language', () => {
  afterEach(() => setLanguageSetting('en'));

  it('words a change checked by hand after a rebuild, for a move and for an undo, in English and in German', async () => {
    const fake = createFakeDesk({ 'journal.search': () => ({ ok: true, value: { entries: CHECKED, nextBefore: null } }) });
    const uninstall = fake.install();
    try {
      render(JournalScreen);
      await expect.element(page.getByText('−4 at MAIN, part of a move between warehouses, checked by hand after the cache was rebuilt')).toBeVisible();
      await expect.element(page.getByText('+6 at NRTH, part of an undo, checked by hand after the cache was rebuilt')).toBeVisible();
      await loadCatalogue('de');
      setLanguageSetting('de');
      await expect.element(page.getByText('−4 in MAIN, Teil einer Umlagerung, nach dem Neuaufbau des Speichers von Hand geprüft')).toBeVisible();
    } finally {
      uninstall();
    }
  });

  it('words a transfer leg as the Scan screen does, never "(Other)", in English and in German', async () => {
    const fake = createFakeDesk({ 'journal.search': () => ({ ok: true, value: { entries: LEGS, nextBefore: null } }) });
    const uninstall = fake.install();
    try {
      render(JournalScreen);
      await expect.element(page.getByText('−3 at MAIN (Transfer to NRTH)')).toBeVisible();
      await expect.element(page.getByText('+3 at NRTH (Transfer from MAIN)')).toBeVisible();
      await expect.element(page.getByText(/\(Other\)/)).not.toBeInTheDocument();
      await loadCatalogue('de');
      setLanguageSetting('de');
      await expect.element(page.getByText('−3 in MAIN (Umlagerung nach NRTH)')).toBeVisible();
      await expect.element(page.getByText('+3 in NRTH (Umlagerung aus MAIN)')).toBeVisible();
    } finally {
      uninstall();
    }
  });

  it('words each line from its details, in English and in German; an old line keeps its summary', async () => {
    const fake = createFakeDesk({ 'journal.search': () => ({ ok: true, value: { entries: ENTRIES, nextBefore: null } }) });
    const uninstall = fake.install();
    try {
      render(JournalScreen);
      await expect.element(page.getByText('−5 at AMS (Damaged): Not enough stock')).toBeVisible();
      await expect.element(page.getByText('+3 at AMS (Found) not sent again: its outcome stayed unknown')).toBeVisible();
      await expect.element(page.getByText('Count set to 1,200 (count cnt_1)')).toBeVisible();
      await expect.element(page.getByText('Widget: 4 on hand')).toBeVisible();
      await loadCatalogue('de');
      setLanguageSetting('de');
      await expect.element(page.getByText('−5 in AMS (Beschädigt): Nicht genug Bestand')).toBeVisible();
      await expect.element(page.getByText('Zählmenge auf 1.200 gesetzt (Inventur cnt_1)')).toBeVisible();
      await expect.element(page.getByText('Entscheidung')).toBeVisible();
      await expect.element(page.getByText('(English summary)')).not.toBeInTheDocument();
    } finally {
      uninstall();
    }
  });

  it('says why a scanned code was refused, in German; main’s English only for a line it cannot word', async () => {
    const fake = createFakeDesk({ 'journal.search': () => ({ ok: true, value: { entries: REFUSED, nextBefore: null } }) });
    const uninstall = fake.install();
    try {
      render(JournalScreen);
      await expect.element(page.getByText('Not a valid code: the check digit of GTIN 04006381333932 is wrong')).toBeVisible();
      await loadCatalogue('de');
      setLanguageSetting('de');
      await expect.element(page.getByText('Kein gültiger Code: die Prüfziffer der GTIN 04006381333932 ist falsch')).toBeVisible();
      await expect.element(page.getByText('Nicht gezählt: keine Artikelnummer, kein Barcode und kein Sendungscode')).toBeVisible();
      await expect.element(page.getByText('Kein gültiger Code: an old English problem')).toBeVisible();
      await expect.element(page.getByText('Kein gültiger Code: a newer desk’s English problem')).toBeVisible();
    } finally {
      uninstall();
    }
  });

  it('names a changed setting and each changed part of a group as Settings does, never by main’s names, in English and in Polish', async () => {
    const fake = createFakeDesk({ 'journal.search': () => ({ ok: true, value: { entries: SETTINGS_LINES, nextBefore: null } }) });
    const uninstall = fake.install();
    try {
      render(JournalScreen);
      await expect
        .element(page.getByText('Scanner changed from Longest gap between scanner characters (ms): 50, Suffix key: Enter, Scanner keyboard layout: decided for each scan to Longest gap between scanner characters (ms): 500, Suffix key: Tab, Scanner keyboard layout: this desk’s'))
        .toBeVisible();
      await expect.element(page.getByText('changed from 50; on to 12; off')).toBeVisible();
      expect(document.body.textContent).not.toMatch(/maxInterKeyMs|scannerLayout|soundsMuted|confirmAdjustmentsFrom/);
      await loadCatalogue('pl');
      setLanguageSetting('pl');
      await expect.element(page.getByText(/Układ klawiatury skanera: ten tego stanowiska/)).toBeVisible();
      expect(document.body.textContent).not.toMatch(/maxInterKeyMs|scannerLayout/);
    } finally {
      uninstall();
    }
  });

  it('words the minimum lines (all warehouses, a reorder quantity, a sheet with lines left out), an export and a failed sync', async () => {
    const lines: JournalEntry[] = [
      line(18, { kind: 'export', outcome: 'done', details: { what: 'support_file', params: { file: 'support-dock-3-2026-03-14.zip' } } }),
      line(17, { kind: 'export', outcome: 'done', details: { what: 'exported', params: { list: 'low_stock', rows: 1234, file: 'low-stock-2026-03-14.csv' } } }),
      line(16, { kind: 'sync', outcome: 'failed', requestId: 'req_9', details: { what: 'sync_failed', params: {}, error: { code: 'network_error', message: 'fetch failed' } } }),
      line(15, { kind: 'levels', outcome: 'done', details: { what: 'minimums_imported', params: { file: 'min.csv', applied: 40, problems: 2 } } }),
      line(14, { kind: 'levels', outcome: 'done', details: { what: 'minimum_cleared', params: { warehouse: '' } } }),
      line(13, { kind: 'levels', outcome: 'done', details: { what: 'minimum_set', params: { warehouse: 'AMS', minimum: 1200, reorder: 300 } } }),
    ];
    const fake = createFakeDesk({ 'journal.search': () => ({ ok: true, value: { entries: lines, nextBefore: null } }) });
    const uninstall = fake.install();
    try {
      render(JournalScreen);
      await expect.element(page.getByText('Minimum set to 1,200 in AMS, reorder 300')).toBeVisible();
      await expect.element(page.getByText('Minimum in all warehouses removed')).toBeVisible();
      await expect.element(page.getByText('Minimums from min.csv: 40 set, 2 lines left out')).toBeVisible();
      await expect.element(page.getByText('Low stock list saved to low-stock-2026-03-14.csv: 1,234 rows')).toBeVisible();
      await expect.element(page.getByText(/^Sync did not finish: /)).toBeVisible();
      await expect.element(page.getByText('Support file saved as support-dock-3-2026-03-14.zip')).toBeVisible();
    } finally {
      uninstall();
    }
  });

  it('words the approvals of an uncertain adjustment, a shipment and a settings change, granted and refused, never by main’s names', async () => {
    const shp = 'shp_00000000000000000007';
    const lines: JournalEntry[] = [
      line(26, { kind: 'approval', outcome: 'done', details: { what: 'approval_granted', params: { approver: 'Sam', action: 'uncertain_drop', sku: 'WD-000003', warehouse: 'AMS', delta: 2 } } }),
      line(25, { kind: 'approval', outcome: 'failed', details: { what: 'approval_refused', params: { approver: 'Sam', action: 'uncertain_applied', sku: 'WD-000003', warehouse: 'AMS', delta: 2 }, error: { code: 'pin_refused', message: 'That PIN is not right.', reason: 'wrong' } } }),
      line(24, { kind: 'approval', outcome: 'done', code: shp, sku: null, details: { what: 'approval_granted', params: { approver: 'Sam', action: 'shipment_cancel', shipment: shp } } }),
      line(23, { kind: 'approval', outcome: 'done', code: shp, sku: null, details: { what: 'approval_granted', params: { approver: 'Sam', action: 'shipment_delete', shipment: shp } } }),
      line(22, { kind: 'approval', outcome: 'done', sku: null, details: { what: 'approval_granted', params: { approver: 'Sam', action: 'settings', settings: 'confirmAdjustmentsFrom, deskName' } } }),
    ];
    const fake = createFakeDesk({ 'journal.search': () => ({ ok: true, value: { entries: lines, nextBefore: null } }) });
    const uninstall = fake.install();
    try {
      render(JournalScreen);
      await expect.element(page.getByText('Sam approved not sending +2 of WD-000003 at AMS')).toBeVisible();
      await expect.element(page.getByText(/^Approval of taking \+2 of WD-000003 at AMS as applied refused/)).toBeVisible();
      await expect.element(page.getByText(`Sam approved cancelling shipment ${shp}`)).toBeVisible();
      await expect.element(page.getByText(`Sam approved deleting shipment ${shp}`)).toBeVisible();
      await expect.element(page.getByText(/^Sam approved a change to /)).toBeVisible();
      expect(document.body.textContent).not.toMatch(/confirmAdjustmentsFrom|deskName|uncertain_drop|shipment_cancel/);
      await loadCatalogue('de');
      setLanguageSetting('de');
      await expect.element(page.getByText(`Sam hat das Stornieren der Sendung ${shp} freigegeben`)).toBeVisible();
    } finally {
      uninstall();
    }
  });
});
