import { m } from '../../i18n/messages';
import { settingName } from '../../ui/policy-text';

/** The parts of a group of settings (the scanner's, the label printer's) by the names Settings gives them. */
const PART_NAMES: Record<string, () => string> = {
  maxInterKeyMs: m.settings_inter_key,
  minLength: m.settings_shortest_code,
  prefix: m.settings_prefix,
  suffix: m.settings_suffix,
  gsKey: m.settings_gs_key,
  scannerLayout: m.settings_scanner_layout,
  silent: m.labelprinter_silent,
  deviceName: m.labelprinter_printer,
};

/** Values that are words of the app rather than the worker's (true, auto), by the setting or part they belong to. */
const VALUE_WORDS: Record<string, Record<string, () => string>> = {
  soundsMuted: { true: m.journal_value_off, false: m.journal_value_on },
  silent: { true: m.journal_value_on, false: m.journal_value_off },
  scannerLayout: { auto: m.settings_layout_auto, us: m.settings_layout_us, desk: m.settings_layout_desk },
};

const word = (key: string, value: string): string => VALUE_WORDS[key]?.[value]?.() ?? value;

/** A group's parts as main writes them ("maxInterKeyMs 50, suffix Enter"); a value may hold ", " itself. */
const PART_START = new RegExp(`, (?=(?:${Object.keys(PART_NAMES).join('|')}) )`);

function groupText(value: string): string {
  return value
    .split(PART_START)
    .map((part) => {
      const space = part.indexOf(' ');
      const key = space < 0 ? part : part.slice(0, space);
      const name = PART_NAMES[key];
      return name ? `${name()}: ${word(key, part.slice(space + 1))}` : part;
    })
    .join(', ');
}

/**
 * A `setting_changed` line in the desk's words: the settings by their names on the Settings
 * screen, and the old and new values (main writes them "; "-separated, one per setting, a group's
 * changed parts by their field names) with each part named and each app word put in plain words.
 * Values it cannot line up with the settings stay as main wrote them.
 */
export function settingChangeText(params: Record<string, string | number>): { settings: string; from: string; to: string } {
  const keys = String(params['settings'] ?? '').split(',').map((k) => k.trim());
  const values = (text: string): string => {
    const each = text.split('; ');
    if (each.length !== keys.length) return text;
    return each.map((value, i) => (PART_START.test(`, ${value}`) ? groupText(value) : word(keys[i]!, value))).join('; ');
  };
  return { settings: keys.map(settingName).join(', '), from: values(String(params['from'] ?? '')), to: values(String(params['to'] ?? '')) };
}
