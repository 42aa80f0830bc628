import { describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import ApprovalDialog from '../../../src/renderer/src/ui/ApprovalDialog.svelte';
import '../../../src/renderer/src/styles/base.css';

const sam = { id: 'wkr_000000000001', name: 'Sam', badge: null, addedAt: '2026-03-12T14:32:00.000Z', role: 'supervisor' as const, hasPin: true };

describe('ApprovalDialog', () => {
  it('starts on the PIN field; a wrong PIN is said, then Enter approves with the PIN typed', async () => {
    const onapprove = vi.fn(async (_id: string, pin: string) => (pin === '2468' ? null : { code: 'pin_refused', message: 'wrong', reason: 'wrong' }));
    render(ApprovalDialog, { supervisors: [sam], what: '+60 WD-000003 DOCK', onapprove, oncancel: () => {} });
    const dialog = page.getByRole('dialog', { name: 'Supervisor approval' });
    await expect.element(dialog).toHaveAccessibleDescription('A supervisor approves: +60 WD-000003 DOCK');
    await expect.element(page.getByLabelText('PIN')).toHaveFocus();
    await userEvent.keyboard('1357{Enter}');
    await expect.element(page.getByText('That PIN is not right. Try again.')).toBeVisible();
    await page.screenshot({ path: '../../artifacts/components/approval-dialog.png' });
    await page.getByLabelText('PIN').click();
    await userEvent.keyboard('2468{Enter}');
    expect(onapprove.mock.calls).toEqual([
      ['wkr_000000000001', '1357'],
      ['wkr_000000000001', '2468'],
    ]);
  });

  it('Escape cancels without asking main', async () => {
    const onapprove = vi.fn(async () => null);
    const oncancel = vi.fn();
    render(ApprovalDialog, { supervisors: [sam], what: '+60 WD-000003 DOCK', onapprove, oncancel });
    await expect.element(page.getByLabelText('PIN')).toHaveFocus();
    await userEvent.keyboard('24{Escape}');
    expect(oncancel).toHaveBeenCalledOnce();
    expect(onapprove).not.toHaveBeenCalled();
  });
});
