import { describe, expect, it } from 'vitest';
import { outcomeUnknown } from '../../src/shared/outbox-outcome';
import type { OutboxEntry } from '../../src/shared/ipc/records';

const entry = (e: Partial<OutboxEntry>) => ({ state: 'queued', firstSentAt: null, lastError: null, ...e }) as Pick<OutboxEntry, 'state' | 'firstSentAt' | 'lastError'>;
const sent = '2025-01-01T10:00:00.000Z';

describe('outcomeUnknown: the service may have applied it and the desk has no verdict', () => {
  it('is unknown once it went out without an answer, while it goes out, while the worker decides, or when the answer was unreadable', () => {
    expect(outcomeUnknown(entry({ state: 'queued', firstSentAt: sent }))).toBe(true);
    expect(outcomeUnknown(entry({ state: 'sending', firstSentAt: sent }))).toBe(true);
    expect(outcomeUnknown(entry({ state: 'uncertain', firstSentAt: sent }))).toBe(true);
    expect(outcomeUnknown(entry({ state: 'rejected', firstSentAt: sent, lastError: { code: 'unexpected_response', message: 'x' } }))).toBe(true);
  });
  it('is known for one never sent, applied, refused by the service, or discarded', () => {
    expect(outcomeUnknown(entry({ state: 'queued' }))).toBe(false);
    expect(outcomeUnknown(entry({ state: 'applied', firstSentAt: sent }))).toBe(false);
    expect(outcomeUnknown(entry({ state: 'rejected', firstSentAt: sent, lastError: { code: 'insufficient_stock', message: 'x' } }))).toBe(false);
    expect(outcomeUnknown(entry({ state: 'discarded', firstSentAt: sent }))).toBe(false);
  });
});
