import { describe, expect, it } from 'vitest';
import { transferAdvice } from '../../../src/renderer/src/screens/scan/transfer-advice';
import { TransferAdvice } from '../../../src/shared/ipc/desk-work-records';

const names: Record<string, string> = { wh_a: 'Amsterdam Westpoort', wh_b: 'Duisburg Logport' };
const name = (id: string): string => names[id] ?? id;

describe('transfer advice', () => {
  it('words every case main can send, naming the quantity and the warehouses, never the code', () => {
    for (const advice of TransferAdvice.options) {
      const text = transferAdvice({ advice, quantity: 1200, fromWarehouseId: 'wh_a', toWarehouseId: 'wh_b' }, name);
      expect(text, advice).not.toContain(advice);
      expect(text!.length, advice).toBeGreaterThan(20);
      if (advice !== 'undo_stuck') {
        expect(text, advice).toMatch(/1[,.\u202f\u00a0]?200/);
        expect(text, advice).toContain('Amsterdam Westpoort');
      }
    }
  });

  it('says nothing when nothing is wrong', () => {
    expect(transferAdvice({ advice: null, quantity: 1, fromWarehouseId: 'wh_a', toWarehouseId: 'wh_b' }, name)).toBeNull();
  });
});
