import type { LookupResult } from '../../shared/ipc/records';
import type { WorkerStore } from '../workers';

/**
 * A worker's badge, scanned where a code is looked up: that worker is now at the desk, and the
 * scan means nothing more. Looked for before the code is read as anything else, so a badge never
 * goes to the cache or the service. Undefined when the code is no badge. Where the policy requires
 * a worker's PIN (`pinRequired`), the badge only names who is to enter it: a found badge is no proof.
 */
export function workerBadge(workers: Pick<WorkerStore, 'byBadge' | 'switchTo'>, pinRequired: () => boolean): (input: { code: string }) => LookupResult | undefined {
  return ({ code }) => {
    const badge = workers.byBadge(code.trim());
    if (!badge) return undefined;
    const switched = !pinRequired();
    if (switched) workers.switchTo({ id: badge.id });
    return { kind: 'worker', code, name: badge.name, workerId: badge.id, switched };
  };
}
