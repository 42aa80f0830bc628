import { DEFAULT_SETTINGS } from '../../../shared/ipc/defaults';
import type { Settings, SettingsPatch } from '../../../shared/ipc/records';
import type { DeskError, Result } from '../../../shared/ipc/result';
import { call } from './desk';

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

export async function updateSettings(patch: SettingsPatch): Promise<Result<Settings>> {
  const r = await call((d) => d.settings.update(patch));
  if (r.ok) {
    settings.value = r.value;
    settings.loaded = true;
  }
  return r;
}
