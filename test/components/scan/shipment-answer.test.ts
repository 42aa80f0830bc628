import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import type { Answer } from '../../../src/renderer/src/scan/session.svelte';
import AnswerCard from '../../../src/renderer/src/screens/scan/AnswerCard.svelte';
import '../../../src/renderer/src/styles/base.css';

describe('a scanned shipment on the Scan screen', () => {
  it('is headed by the code the worker scanned, never by the service token', async () => {
    const answer: Answer = { id: 1, code: 'JJD000390007000123456', origin: 'scanner', entry: 'scanned', at: Date.now(), kind: 'shipment', token: 'shp_00000000000000000007' };
    render(AnswerCard, { props: { answer } });
    await expect.element(page.getByRole('heading', { level: 2 })).toHaveTextContent('JJD000390007000123456');
    expect(document.body.textContent).not.toContain('shp_');
  });
});
