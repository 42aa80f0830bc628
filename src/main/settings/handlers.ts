import type { HandlerMap } from '../kernel/ipc/router';
import type { SettingsStore } from './settings-store';

export function settingsHandlers(settings: SettingsStore): HandlerMap<'settings.get' | 'settings.update'> {
  return {
    'settings.get': () => settings.preferences,
    'settings.update': (patch) => settings.update(patch),
  };
}
