import type { OnHandChange } from '../../../../../shared/ipc/movement-records';

export interface OnHandPoint {
  /** ms since epoch */
  x: number;
  y: number;
}

export interface OnHandSeries {
  warehouseId: string;
  points: OnHandPoint[];
}

/**
 * One line per warehouse whose on hand the desk saw change: the figure before the first change,
 * each new figure at its time, and the last one held until `now` (drawn as steps: a figure holds
 * until the next is seen). Warehouses in the order their first change came.
 */
export function onHandSeries(changes: readonly OnHandChange[], now: number): OnHandSeries[] {
  const byWarehouse = new Map<string, OnHandPoint[]>();
  for (const c of changes) {
    const x = Date.parse(c.at);
    let points = byWarehouse.get(c.warehouseId);
    if (!points) byWarehouse.set(c.warehouseId, (points = [{ x, y: c.before }]));
    points.push({ x, y: c.after });
  }
  return [...byWarehouse].map(([warehouseId, points]) => ({ warehouseId, points: [...points, { x: Math.max(now, points.at(-1)!.x), y: points.at(-1)!.y }] }));
}
