import type { DeclaredChannels } from '../journal';
import type { SettingsStore } from './settings-store';

export function settingsChannels(settings: SettingsStore): DeclaredChannels<'settings.get' | 'settings.update'> {
  return {
    'settings.get': { handle: () => settings.preferences },
    'settings.update': { handle: (patch) => settings.update(patch) },
  };
}
