import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import { ScanDetector, type DetectedScan } from '../../../src/renderer/src/scan/detector';
import ScannerSetupCheck from '../../../src/renderer/src/screens/settings/ScannerSetupCheck.svelte';
import { TEST_SHEET } from '../../../src/renderer/src/scan/setup-check';
import { loadSettings } from '../../../src/renderer/src/state/settings.svelte';
import '../../../src/renderer/src/styles/base.css';
import { wedgeStrokes, type WedgeSetup } from '../../corpus/wedge';
import { createFakeDesk, type FakeDesk } from '../support/fake-desk';

/** Types the sheet's codes into the focused capture field as the wedge would, waiting for each to be judged. */
async function scanSheet(setup: WedgeSetup, shot?: string): Promise<void> {
  for (const [i, code] of TEST_SHEET.entries()) {
    await expect.element(page.getByText(`Code ${i + 1} of ${TEST_SHEET.length}`)).toBeVisible();
    if (i === 0 && shot) await page.screenshot({ path: shot });
    const target = document.activeElement ?? document.body;
    for (const s of wedgeStrokes(code.text, setup)) {
      target.dispatchEvent(new KeyboardEvent(s.type, { bubbles: true, cancelable: true, key: s.key, code: s.code, shiftKey: s.shiftKey, ctrlKey: s.ctrlKey, altKey: s.altKey, modifierCapsLock: s.capsLock, modifierAltGraph: s.altGraph }));
    }
  }
}

describe('scanner setup check screen', () => {
  let fake: FakeDesk;
  let uninstall: () => void;
  beforeEach(async () => {
    await page.viewport(1100, 900);
    fake = createFakeDesk();
    uninstall = fake.install();
    await loadSettings();
  });
  afterEach(() => uninstall());

  it('finds a Tab suffix, GS sent as F9 and Caps Lock; applies the two the app can fix and names the scanner setting for the third', async () => {
    render(ScannerSetupCheck);
    await expect.element(page.getByRole('list', { name: 'Test sheet' })).toBeVisible();
    await expect.poll(() => document.querySelectorAll('canvas[data-drawn]').length).toBe(3);
    await page.screenshot({ path: '../../artifacts/components/setup-check-1-intro.png' });
    await page.getByRole('button', { name: 'Start the check' }).click();
    await scanSheet({ scanner: 'us', desk: 'us', gs: 'substitute-f9', suffix: 'tab', capsLock: true }, '../../artifacts/components/setup-check-2-scan.png');
    const findings = page.getByTestId('setup-findings');
    await expect.element(findings).toMatchTextContent('ends each code with Tab');
    await expect.element(findings).toMatchTextContent('GS1 separator as the key F9');
    await expect.element(findings).toMatchTextContent('Caps Lock is on');
    await expect.element(page.getByText('Turn Caps Lock off on the keyboard.')).toBeVisible();
    await page.screenshot({ path: '../../artifacts/components/setup-check-3-summary.png' });
    // Main keeps the verdict for the support file.
    const kept = fake.calls.filter((c) => c.channel === 'support.scannerCheck').map((c) => c.input as { findings: string[] });
    expect(kept).toHaveLength(1);
    expect(kept[0]?.findings).toEqual(expect.arrayContaining(['caps_lock']));
    expect(kept[0]?.findings).toHaveLength(3);
    await page.getByRole('button', { name: 'Apply these settings' }).click();
    await expect.element(page.getByRole('status')).toMatchTextContent('Settings saved');
    const update = fake.calls.find((c) => c.channel === 'settings.update');
    expect(update?.input).toEqual({ scanner: { suffix: 'Tab', gsKey: 'F9' } });
    await page.screenshot({ path: '../../artifacts/components/setup-check-4-applied.png' });
  });

  it('says so when all is well, and asks for nothing; the app’s window-wide scanner looks nothing up meanwhile', async () => {
    const appScans: DetectedScan[] = [];
    const detach = new ScanDetector({ config: { maxInterKeyMs: 50, minLength: 4, prefix: '', suffix: 'Enter' }, onScan: (s) => appScans.push(s) }).attach(window);
    render(ScannerSetupCheck);
    await page.getByRole('button', { name: 'Start the check' }).click();
    await scanSheet({ scanner: 'us', desk: 'qwertz', gs: 'ctrl-bracket', suffix: 'enter' });
    await expect.element(page.getByTestId('setup-verdict')).toMatchTextContent('All three codes were read right');
    expect(fake.calls.some((c) => c.channel === 'settings.update')).toBe(false);
    expect(fake.calls.filter((c) => c.channel === 'support.scannerCheck').map((c) => (c.input as { findings: string[] }).findings)).toEqual([[]]);
    detach();
    expect(appScans).toEqual([]);
    await page.screenshot({ path: '../../artifacts/components/setup-check-5-all-well.png' });
  });

  it('a worker pressing Caps Lock before the first scan: the key alone is no scan, the check still waits for code 1', async () => {
    render(ScannerSetupCheck);
    await page.getByRole('button', { name: 'Start the check' }).click();
    await expect.element(page.getByText(`Code 1 of ${TEST_SHEET.length}`)).toBeVisible();
    const field = document.activeElement ?? document.body;
    for (const type of ['keydown', 'keyup']) field.dispatchEvent(new KeyboardEvent(type, { bubbles: true, cancelable: true, key: 'CapsLock', code: 'CapsLock', modifierCapsLock: true }));
    // Longer than the pause that ends a scan.
    await new Promise((r) => setTimeout(r, 900));
    await expect.element(page.getByText(`Code 1 of ${TEST_SHEET.length}`)).toBeVisible();
    await scanSheet({ scanner: 'us', desk: 'us', gs: 'substitute-f9', suffix: 'tab', capsLock: true });
    await expect.element(page.getByTestId('setup-verdict')).toHaveTextContent('✕ The check found 3 things to change.');
  });

  it('a scanner set to another layout than the desk: only the scanner can fix it', async () => {
    render(ScannerSetupCheck);
    await page.getByRole('button', { name: 'Start the check' }).click();
    await scanSheet({ scanner: 'azerty', desk: 'us', gs: 'ctrl-bracket', suffix: 'enter' });
    await expect.element(page.getByTestId('setup-findings')).toMatchTextContent('different keyboard layout than this desk');
    await expect.element(page.getByText(/Keyboard country: USA/)).toBeVisible();
    expect(page.getByRole('button', { name: /Apply/ }).query()).toBeNull();
    await page.screenshot({ path: '../../artifacts/components/setup-check-6-layout.png' });
  });

  it('prints the sheet through the label print dialog: main is asked for the sheet’s three codes as labels, not the screen', async () => {
    fake.handlers['labels.print'] = (input) => ({ ok: true, value: { output: input.output, done: true, labels: input.items.length, pages: 1, path: '/tmp/labels-scanner-test-sheet-a4.pdf' } });
    render(ScannerSetupCheck);
    await page.getByRole('button', { name: 'Print the sheet…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print the scanner test sheet' });
    await expect.element(dialog).toBeVisible();
    await dialog.getByText('A4 sheet').click();
    await dialog.getByRole('button', { name: 'Save as PDF…' }).click();
    await expect.element(page.getByTestId('print-outcome')).toMatchTextContent('3 labels saved');
    await page.screenshot({ path: '../../artifacts/components/setup-check-7-print.png' });
    const print = fake.calls.find((c) => c.channel === 'labels.print');
    expect(print?.input).toEqual({ items: TEST_SHEET.map((c) => ({ template: 'scanner-test', code: c.id })), size: 'a4', copies: 1, output: 'pdf' });
  });
});
