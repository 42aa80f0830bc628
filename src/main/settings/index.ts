export { SettingsStore, SETTINGS_FILE, type SettingsProblem, type StoredAccountSetting } from './settings-store';
export { settingsChannels } from './handlers';
