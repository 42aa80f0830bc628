// An adjustment that needs the worker's decision (uncertain) is announced wherever the worker
// is: in the status bar and on the Outbox tab, counted as needing attention like a refusal.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import App from '../../../src/renderer/src/App.svelte';
import { nav } from '../../../src/renderer/src/shell/navigation.svelte';
import '../../../src/renderer/src/styles/base.css';
import { createFakeDesk, type FakeDesk } from '../support/fake-desk';

describe('uncertain adjustments in the shell', () => {
  let fake: FakeDesk;
  let uninstall: () => void;
  beforeEach(async () => {
    await page.viewport(1280, 800);
    fake = createFakeDesk();
    fake.handlers['outbox.list'] = () => ({ ok: true, value: { entries: [], counts: { queued: 0, sending: 0, applied: 4, rejected: 0, discarded: 0, uncertain: 1, rejectedSeen: 0, toCheck: 0 }, nextBefore: null } });
    uninstall = fake.install();
    nav.screen = 'scan';
  });
  afterEach(() => uninstall());

  it('shows "1 to decide" in the status bar and counts it on the Outbox tab', async () => {
    render(App);
    await expect.element(page.getByTestId('pending-count')).toMatchTextContent('1 to decide');
    await expect.element(page.getByLabelText('0 waiting to send, 0 rejected, 1 need a decision')).toHaveTextContent('1');
  });
});
