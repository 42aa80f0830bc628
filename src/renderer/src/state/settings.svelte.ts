import { DEFAULT_SETTINGS } from '../../../shared/ipc/defaults';
import type { Settings, SettingsPatch } from '../../../shared/ipc/records';
import type { DeskError, Result } from '../../../shared/ipc/result';
import { m } from '../i18n/messages';
import { withApproval } from './approval.svelte';
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

/** Where the policy says so, a supervisor approves a change (main knows which; the comfort ones need none). */
export async function updateSettings(patch: SettingsPatch): Promise<Result<Settings>> {
  const r = await withApproval({ kind: 'settings', patch }, m.approval_what_settings(), (approval) => call((d) => d.settings.update({ ...patch, ...(approval ? { approval } : {}) })));
  if (r.ok) {
    settings.value = r.value;
    settings.loaded = true;
  }
  return r;
}

/**
 * The sound switch, from the status bar or Settings alike: the desk goes quiet at once (a worker
 * flipping it mid-scan expects silence on the next beep), main's answer follows. A refusal puts the
 * old value back, so the switch never shows a choice that was not kept; the caller says why where
 * the worker is looking.
 */
export async function setMuted(muted: boolean): Promise<Result<Settings>> {
  const before = settings.value.soundsMuted;
  settings.value.soundsMuted = muted;
  const r = await updateSettings({ soundsMuted: muted });
  // Only undo our own change: a later flip that already landed stays.
  if (!r.ok && settings.value.soundsMuted === muted) settings.value.soundsMuted = before;
  return r;
}
