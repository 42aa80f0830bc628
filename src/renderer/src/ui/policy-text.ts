import { m } from '../i18n/messages';

const WHY: Record<string, () => string> = {
  unreadable: m.policy_why_unreadable,
  not_a_file: m.policy_why_not_a_file,
  too_large: m.policy_why_too_large,
  not_json: m.policy_why_not_json,
  not_an_object: m.policy_why_not_json,
  unknown_setting: m.policy_why_unknown_setting,
  invalid_value: m.policy_why_invalid_value,
};

/** Why part of the IT department's policy file was not used (shared/ipc/policy-records.ts), in the desk's language. */
export function policyProblemText(reason: string): string {
  return (WHY[reason] ?? m.policy_why_invalid_value)();
}

const SETTING_NAMES: Record<string, () => string> = {
  serviceUrl: m.settings_service_address,
  deskName: m.settings_desk_name,
  deskWarehouseId: m.settings_desk_warehouse,
  language: m.settings_language,
  scanner: m.settings_scanner,
  confirmAdjustmentsFrom: m.settings_confirm_from,
  journalRetentionDays: m.settings_retention,
  soundsMuted: m.settings_sounds,
  defaultAdjustKind: m.settings_adjust_kind,
  printers: m.printers_title,
};

/** A setting's name as Settings shows it; one without a label of its own as main names it. */
export function settingName(key: string): string {
  const named = SETTING_NAMES[key.trim()];
  return named ? named() : key.trim();
}

/**
 * The part of the policy file a problem is about: a setting the desk knows by the name its
 * Settings screen gives it; anything else (a name the desk does not know) as the file spells it,
 * for IT to find.
 */
export function policyEntryText(entry: string): string {
  const setting = entry.startsWith('settings.') ? entry.slice('settings.'.length) : null;
  // A printer or route of the policy's printers: the card's name, then the part as the file spells it.
  const [head = '', ...part] = (setting ?? '').split('.');
  const named = setting === null ? undefined : SETTING_NAMES[head];
  if (named && part.length > 0) return `${named()} (${part.join('.')})`;
  return named && head === setting ? named() : entry;
}
