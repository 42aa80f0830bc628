import { details, failedPart, type DeclaredChannels, type JournalLine } from '../journal';
import { approvedSettings, type ApproveAction } from '../../shared/ipc/approval-records';
import type { Settings, SettingsPatch } from '../../shared/ipc/records';
import type { SettingsStore } from './settings-store';

const plain = (value: unknown): string => (value === null || value === undefined ? '-' : String(value));

/**
 * A setting's value as the journal shows it, short (settings hold no secret); of a group (the
 * scanner's, the label printer's) only its parts that changed, each with its name.
 */
function shown(value: unknown, other: unknown): string {
  if (value === null || typeof value !== 'object') return plain(value).slice(0, 120);
  const mine = value as Record<string, unknown>;
  const theirs = (other ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(mine), ...Object.keys(theirs)])].filter((k) => JSON.stringify(mine[k]) !== JSON.stringify(theirs[k]));
  return keys.map((k) => `${k} ${plain(mine[k])}`).join(', ').slice(0, 120);
}

/** The line of a settings change: which settings, their old and new values; none when nothing changed. */
function changeLine(before: Settings, after: Settings): JournalLine | null {
  const changed = (Object.keys(after) as Array<keyof Settings>).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  if (changed.length === 0) return null;
  const from = changed.map((key) => shown(before[key], after[key])).join('; ');
  const to = changed.map((key) => shown(after[key], before[key])).join('; ');
  return { kind: 'settings', code: null, sku: null, details: details('setting_changed', { settings: changed.join(', '), from, to }), outcome: 'done', requestId: null };
}

/** Whether a change sets a setting other than the comfort ones to another value than it has. */
function changesApproved(before: Settings, patch: SettingsPatch): boolean {
  return approvedSettings(patch).some((key) => {
    const value = patch[key];
    // The scanner's settings come in part: only the parts sent are compared.
    const now = key === 'scanner' ? { ...before.scanner, ...(value as object) } : value;
    return JSON.stringify(now) !== JSON.stringify(before[key]);
  });
}

export function settingsChannels(settings: SettingsStore, approve: ApproveAction): DeclaredChannels<'settings.get' | 'settings.update'> {
  // The settings each answer replaced, for its journal line (the answer carries only the new ones).
  const replaced = new WeakMap<Settings, Settings>();
  return {
    'settings.get': { handle: () => settings.preferences },
    'settings.update': {
      handle: ({ approval, ...patch }) => {
        const before = settings.preferences;
        // A change that only sets a setting to what it is, or a comfort one, needs nobody.
        if (changesApproved(before, patch)) approve({ kind: 'settings', patch }, approval);
        const after = settings.update(patch);
        replaced.set(after, before);
        return after;
      },
      journal: (_patch, after) => {
        const before = replaced.get(after);
        return before ? changeLine(before, after) : null;
      },
      // A refused change (a setting the IT department locked) is on the journal too, with why.
      journalFailure: (_patch, thrown) => ({ kind: 'settings', code: null, sku: null, ...failedPart(thrown) }),
    },
  };
}
