import type { Settings } from '../../../shared/ipc/records';
import type { DeskError, Result } from '../../../shared/ipc/result';
import { call } from './desk';

/** Used until main answers settings.get; equal to main's defaults (open mSupply's ~50 ms). */
export const DEFAULT_SETTINGS: Settings = {
  scanner: { maxInterKeyMs: 50, minLength: 4, prefix: '', suffix: 'Enter' },
  soundsMuted: false,
  confirmAdjustmentsFrom: 50,
};

export const settings = $state<{ value: Settings; loaded: boolean; error: DeskError | null }>({
  value: structuredClone(DEFAULT_SETTINGS),
  loaded: false,
  error: null,
});

export async function loadSettings(): Promise<void> {
  const r = await call((d) => d.settings.get());
  if (r.ok) {
    settings.value = r.value;
    settings.loaded = true;
    settings.error = null;
  } else settings.error = r.error;
}

type Patch = { scanner?: Partial<Settings['scanner']>; soundsMuted?: boolean; confirmAdjustmentsFrom?: number };

export async function updateSettings(patch: Patch): Promise<Result<Settings>> {
  const r = await call((d) => d.settings.update(patch));
  if (r.ok) {
    settings.value = r.value;
    settings.loaded = true;
  }
  return r;
}
