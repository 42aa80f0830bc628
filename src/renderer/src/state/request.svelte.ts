import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { DeskError, Result } from '../../../shared/ipc/result';
import { call } from './desk';

/**
 * One call to window.desk and its latest Result, reactive. Only the answer to the latest `run`
 * is kept, so a slow earlier answer never overwrites a newer one.
 *
 *   const read = new DeskRequest<Shipment>();
 *   await read.run((d) => d.shipments.read({ token }));
 *   {#if read.error}<ErrorNotice error={read.error} />{/if}
 */
export class DeskRequest<T> {
  pending = $state(false);
  result = $state<Result<T> | null>(null);
  #generation = 0;

  get value(): T | null {
    return this.result?.ok ? this.result.value : null;
  }
  get error(): DeskError | null {
    return this.result && !this.result.ok ? this.result.error : null;
  }

  async run(fn: (desk: DeskApi) => Promise<Result<T>>): Promise<Result<T>> {
    const generation = ++this.#generation;
    this.pending = true;
    const result = await call(fn);
    if (generation === this.#generation) {
      this.result = result;
      this.pending = false;
    }
    return result;
  }

  reset(): void {
    this.#generation++;
    this.pending = false;
    this.result = null;
  }
}
