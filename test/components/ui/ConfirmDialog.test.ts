import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import Host from './ConfirmDialogHost.svelte';
import '../../../src/renderer/src/styles/base.css';

describe('ConfirmDialog', () => {
  it('a destructive one opens on Cancel: Enter cancels; Tab then Enter confirms, and the focus goes back', async () => {
    render(Host);
    const opener = page.getByRole('button', { name: 'Open' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Remove 60?' });
    await expect.element(dialog).toBeVisible();
    await expect.element(dialog).toHaveAccessibleDescription('On hand 120 → 60.');
    await page.screenshot({ path: '../../artifacts/components/confirm-dialog.png' });
    await expect.element(page.getByRole('button', { name: /^Cancel/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByTestId('outcome')).toMatchTextContent('cancelled');
    await opener.click();
    await userEvent.keyboard('{Tab}');
    await expect.element(page.getByRole('button', { name: /^Remove/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByTestId('outcome')).toMatchTextContent('confirmed');
    await expect.element(opener).toHaveFocus();
  });

  it('cancels with Escape', async () => {
    render(Host);
    await page.getByRole('button', { name: 'Open' }).click();
    await expect.element(page.getByRole('dialog')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByTestId('outcome')).toMatchTextContent('cancelled');
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps Tab inside, and Enter on Cancel cancels', async () => {
    render(Host);
    await page.getByRole('button', { name: 'Open' }).click();
    const confirm = page.getByRole('button', { name: /^Remove/ });
    const cancel = page.getByRole('button', { name: /^Cancel/ });
    await expect.element(cancel).toHaveFocus();
    await userEvent.keyboard('{Tab}');
    await expect.element(confirm).toHaveFocus();
    await userEvent.keyboard('{Tab}');
    await expect.element(cancel).toHaveFocus();
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    await expect.element(confirm).toHaveFocus();
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    await expect.element(cancel).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByTestId('outcome')).toMatchTextContent('cancelled');
  });

  it('a plain one opens on its confirm button, and Enter confirms', async () => {
    render(Host, { danger: false });
    const opener = page.getByRole('button', { name: 'Open' });
    await opener.click();
    await expect.element(page.getByRole('button', { name: /^Remove/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByTestId('outcome')).toMatchTextContent('confirmed');
    await expect.element(opener).toHaveFocus();
  });
});
