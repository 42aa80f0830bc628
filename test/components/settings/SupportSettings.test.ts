import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import { loadCatalogue } from '../../../src/renderer/src/i18n/catalogues.svelte';
import { setLanguageSetting } from '../../../src/renderer/src/i18n/locale.svelte';
import SupportSettings from '../../../src/renderer/src/screens/settings/SupportSettings.svelte';
import '../../../src/renderer/src/styles/base.css';
import { createFakeDesk, type FakeDesk } from '../support/fake-desk';

// The Settings card that makes the support file: it says where the file went (saved by the dialog,
// or downloaded when the desk runs in a browser), and what went wrong when it could not be made.
describe('the support file card', () => {
  let fake: FakeDesk;
  let uninstall: () => void;
  beforeEach(() => {
    fake = createFakeDesk();
    uninstall = fake.install();
  });
  afterEach(() => {
    uninstall();
    setLanguageSetting('en');
  });

  it('says where the saved file is, in English and in German', async () => {
    fake.handlers['support.createFile'] = () => ({ ok: true, value: { status: 'saved', path: '/home/ana/Documents/support-dock-3-2026-11-28.zip', rows: 1 } });
    render(SupportSettings);
    await expect.element(page.getByRole('heading', { name: 'Help from IT' })).toBeVisible();
    await page.getByRole('button', { name: 'Create support file' }).click();
    await expect.element(page.getByRole('status')).toHaveTextContent('Support file saved to /home/ana/Documents/support-dock-3-2026-11-28.zip. Send it to your IT department.');
    expect(fake.calls.filter((c) => c.channel === 'support.createFile')).toHaveLength(1);
    await loadCatalogue('de');
    setLanguageSetting('de');
    await expect.element(page.getByRole('button', { name: 'Supportdatei erstellen' })).toBeVisible();
  });

  it('downloads the zip main handed back, as bytes, and names the file', async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00, 0x80]);
    fake.handlers['support.createFile'] = () => ({ ok: true, value: { status: 'download', fileName: 'support-2026-11-28.zip', content: btoa(String.fromCharCode(...bytes)), rows: 1, encoding: 'base64' } });
    const blobs: Blob[] = [];
    const create = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (b: Blob | MediaSource) => {
      blobs.push(b as Blob);
      return create(b);
    };
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = () => undefined;
    try {
      render(SupportSettings);
      await page.getByRole('button', { name: 'Create support file' }).click();
      await expect.element(page.getByRole('status')).toHaveTextContent('Support file downloaded as support-2026-11-28.zip. Send it to your IT department.');
      expect(blobs[0]?.type).toBe('application/zip');
      expect(new Uint8Array(await blobs[0]!.arrayBuffer())).toEqual(bytes);
    } finally {
      URL.createObjectURL = create;
      HTMLAnchorElement.prototype.click = click;
    }
  });

  it('says so when the file could not be made', async () => {
    fake.handlers['support.createFile'] = () => ({ ok: false, error: { code: 'internal_error', message: 'disk full' } });
    render(SupportSettings);
    await page.getByRole('button', { name: 'Create support file' }).click();
    await expect.element(page.getByText('The support file could not be created')).toBeVisible();
  });
});
