import type { AddWorkerInput, SwitchWorkerInput, Workers } from '../../../shared/ipc/desk-work-records';
import type { DeskError, Result } from '../../../shared/ipc/result';
import { call } from './desk';

/** Who is at the desk, and the desk's list of workers. */
export const workers = $state<{ value: Workers; error: DeskError | null }>({ value: { workers: [], current: null }, error: null });

function keep(r: Result<Workers>): Result<Workers> {
  if (r.ok) {
    workers.value = r.value;
    workers.error = null;
  } else workers.error = r.error;
  return r;
}

export async function loadWorkers(): Promise<void> {
  keep(await call((d) => d.workers.list()));
}

export async function addWorker(input: AddWorkerInput): Promise<Result<Workers>> {
  return keep(await call((d) => d.workers.add(input)));
}

export async function switchWorker(input: SwitchWorkerInput): Promise<Result<Workers>> {
  return keep(await call((d) => d.workers.switch(input)));
}
