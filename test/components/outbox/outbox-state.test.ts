// The renderer's copy of the outbox: what is still waiting to be sent, per SKU and warehouse, as
// entries are queued, sent, applied, refused and undone, in whatever order their news arrives.
import { beforeEach, describe, expect, it } from 'vitest';
import { entriesOf, forgetEntries, pendingDelta, pendingDeltas, rememberEntry } from '../../../src/renderer/src/state/outbox.svelte';
import type { OutboxEntry } from '../../../src/shared/ipc/records';
import { entryOf } from '../support/fake-desk';

const at = (second: number): string => `2026-11-29T08:00:${String(second).padStart(2, '0')}.000Z`;
const entry = (overrides: Partial<OutboxEntry>): OutboxEntry => entryOf({ createdAt: at(0), updatedAt: at(0), ...overrides });

describe('the outbox as the renderer keeps it', () => {
  beforeEach(() => forgetEntries());

  it('counts a change as waiting while it is queued or being sent, and no longer once applied or refused', () => {
    rememberEntry(entry({ id: 'a', sku: 'S-1', warehouseId: 'wh-main', delta: 7, state: 'queued' }));
    rememberEntry(entry({ id: 'b', sku: 'S-1', warehouseId: 'wh-main', delta: -2, state: 'queued' }));
    rememberEntry(entry({ id: 'c', sku: 'S-1', warehouseId: 'wh-north', delta: 4, state: 'queued' }));
    rememberEntry(entry({ id: 'd', sku: 'S-2', warehouseId: 'wh-main', delta: 1, state: 'applied' }));
    expect([pendingDelta('S-1', 'wh-main'), pendingDelta('S-1', 'wh-north'), pendingDelta('S-1'), pendingDelta('S-2')]).toEqual([5, 4, 9, 0]);
    expect(pendingDeltas()).toEqual({ 'S-1': 9 });
    expect(pendingDeltas('wh-north')).toEqual({ 'S-1': 4 });

    rememberEntry(entry({ id: 'a', sku: 'S-1', warehouseId: 'wh-main', delta: 7, state: 'sending', updatedAt: at(1) }));
    expect(pendingDelta('S-1', 'wh-main')).toBe(5);
    rememberEntry(entry({ id: 'a', sku: 'S-1', warehouseId: 'wh-main', delta: 7, state: 'applied', updatedAt: at(2) }));
    rememberEntry(entry({ id: 'b', sku: 'S-1', warehouseId: 'wh-main', delta: -2, state: 'rejected', updatedAt: at(2) }));
    expect(pendingDelta('S-1', 'wh-main')).toBe(0);
    expect(pendingDeltas()).toEqual({ 'S-1': 4 });
    rememberEntry(entry({ id: 'c', sku: 'S-1', warehouseId: 'wh-north', delta: 4, state: 'discarded', updatedAt: at(3) }));
    expect(pendingDeltas()).toEqual({});
  });

  it('keeps the newer copy when an older one arrives late, and counts each entry once however often it is told', () => {
    rememberEntry(entry({ id: 'a', sku: 'S-1', delta: 3, state: 'applied', updatedAt: at(5) }));
    rememberEntry(entry({ id: 'a', sku: 'S-1', delta: 3, state: 'queued', updatedAt: at(1) }));
    expect(pendingDelta('S-1')).toBe(0);
    for (let i = 0; i < 3; i++) rememberEntry(entry({ id: 'b', sku: 'S-1', delta: 2, state: 'queued', updatedAt: at(6) }));
    expect(pendingDelta('S-1')).toBe(2);
    expect(entriesOf('S-1').map((e) => e.id).sort()).toEqual(['a', 'b']);
  });

  it('lists one SKU’s entries newest first, and forgets everything for the next account', () => {
    rememberEntry(entry({ id: 'old', sku: 'S-1', createdAt: at(1), updatedAt: at(1) }));
    rememberEntry(entry({ id: 'other', sku: 'S-2', createdAt: at(2), updatedAt: at(2) }));
    rememberEntry(entry({ id: 'new', sku: 'S-1', createdAt: at(3), updatedAt: at(3) }));
    expect(entriesOf('S-1').map((e) => e.id)).toEqual(['new', 'old']);
    forgetEntries();
    expect(entriesOf('S-1')).toEqual([]);
    expect(pendingDeltas()).toEqual({});
  });
});
