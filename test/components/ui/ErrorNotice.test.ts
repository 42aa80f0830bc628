import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import ErrorNotice from '../../../src/renderer/src/ui/ErrorNotice.svelte';
import '../../../src/renderer/src/styles/base.css';

describe('ErrorNotice', () => {
  it('shows the sentence from the catalogue, the code and a copyable request id; the service’s text is a technical detail', async () => {
    render(ErrorNotice, {
      error: { code: 'insufficient_stock', message: 'Only 3 on hand in Main hall.', status: 409, requestId: 'req_8f2a91' },
    });
    const alert = page.getByRole('alert');
    await expect.element(alert).toMatchTextContent('Not enough stock');
    await expect.element(page.getByText('The stock on hand would go below zero, so the service refused it. Nothing was changed.')).toBeVisible();
    await expect.element(page.getByText('Only 3 on hand in Main hall.')).not.toBeVisible();
    await page.getByText('Technical details').click();
    await expect.element(page.getByText('What the service or the desk said: Only 3 on hand in Main hall.')).toBeVisible();
    await expect.element(alert).toMatchTextContent('insufficient_stock');
    await expect.element(alert).toMatchTextContent('req_8f2a91');
    await page.getByRole('button', { name: 'Copy (request id req_8f2a91)' }).click();
    await expect.element(page.getByRole('button', { name: /request id req_8f2a91/ })).toMatchTextContent(/Copied|Copy failed/);
    await page.screenshot({ path: '../../artifacts/components/error-notice.png' });
  });

  it('cleans a message that carries a stack or an object dump', async () => {
    render(ErrorNotice, { error: { code: 'internal_error', message: 'TypeError: x is undefined\n    at run (main.js:10:5)' } });
    const alert = page.getByRole('alert');
    await expect.element(alert).toMatchTextContent('Try again. If it keeps happening, tell support the code and request id below.');
    await expect.element(alert).toMatchTextContent('TypeError: x is undefined');
    await expect.element(alert).not.toMatchTextContent('main.js');
    await expect.element(alert).not.toMatchTextContent('[object');
  });

  it('lists field problems of a validation error', async () => {
    render(ErrorNotice, { error: { code: 'validation_failed', message: 'The request is not valid.', details: [{ field: 'delta', problem: 'must not be 0' }] } });
    await expect.element(page.getByRole('alert')).toMatchTextContent('The service did not accept the value of “delta”.');
    await expect.element(page.getByRole('alert')).toMatchTextContent('delta: must not be 0');
  });
});
