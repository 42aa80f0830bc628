import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { DEFAULT_SETTINGS } from '../../shared/ipc/defaults';
import { Settings, type SettingsPatch } from '../../shared/ipc/records';
import { CredentialVault } from '../kernel/secrets';

export const SETTINGS_FILE = 'settings.json';

/**
 * Which account to sign in to at start. Not secret: the secret and the token live in the keychain.
 * Held to the keychain vault's own rules (no user name or password in the address, a client id
 * that is not blank): an account the vault would refuse, restored at start, would stop the desk.
 * A plain-http address on another computer passes here: the account service refuses it at start
 * with a notice of its own.
 */
const StoredAccount = z.object({ baseUrl: z.url({ protocol: /^https?$/ }).max(500), clientId: z.string().min(1).max(200) }).superRefine((account, ctx) => {
  try {
    CredentialVault.layout(account);
  } catch (error) {
    ctx.addIssue(error instanceof Error ? error.message : String(error));
  }
});
export type StoredAccountSetting = z.infer<typeof StoredAccount>;

/** settings.json: version 1. Never holds a credential or a token. */
const SettingsFile = z.object({
  version: z.literal(1),
  account: StoredAccount.nullable(),
  /** The worker last chose the demo (kept so the next start opens it again). */
  demo: z.boolean(),
  preferences: Settings,
});
type SettingsFile = z.infer<typeof SettingsFile>;

export interface SettingsProblem {
  reason: string;
  movedTo: string;
}

/**
 * settings.json in the data folder, validated with the contract's schemas on every read. A file
 * that does not parse or validate is moved aside (kept for support) and the defaults are used:
 * the app starts, and says so.
 */
export class SettingsStore {
  readonly #file: string;
  #data: SettingsFile;
  readonly problem: SettingsProblem | null;

  constructor(dataDir: string, now: () => Date = () => new Date()) {
    this.#file = join(dataDir, SETTINGS_FILE);
    const loaded = this.#load(now);
    this.#data = loaded.data;
    this.problem = loaded.problem;
  }

  get preferences(): Settings {
    return structuredClone(this.#data.preferences);
  }

  get account(): StoredAccountSetting | null {
    return this.#data.account ? { ...this.#data.account } : null;
  }

  get demo(): boolean {
    return this.#data.demo;
  }

  update(patch: SettingsPatch): Settings {
    const current = this.#data.preferences;
    const next = Settings.parse({
      scanner: { ...current.scanner, ...Object.fromEntries(Object.entries(patch.scanner ?? {}).filter(([, v]) => v !== undefined)) },
      soundsMuted: patch.soundsMuted ?? current.soundsMuted,
      confirmAdjustmentsFrom: patch.confirmAdjustmentsFrom ?? current.confirmAdjustmentsFrom,
      journalRetentionDays: patch.journalRetentionDays ?? current.journalRetentionDays,
      labelPrinter: patch.labelPrinter ?? current.labelPrinter,
      deskWarehouseId: patch.deskWarehouseId === undefined ? current.deskWarehouseId : patch.deskWarehouseId,
      language: patch.language ?? current.language,
      defaultAdjustKind: patch.defaultAdjustKind ?? current.defaultAdjustKind,
    });
    this.#save({ ...this.#data, preferences: next });
    return this.preferences;
  }

  setAccount(account: StoredAccountSetting | null, demo: boolean): void {
    this.#save({ ...this.#data, account: account ? StoredAccount.parse(account) : null, demo });
  }

  #load(now: () => Date): { data: SettingsFile; problem: SettingsProblem | null } {
    const defaults: SettingsFile = { version: 1, account: null, demo: false, preferences: structuredClone(DEFAULT_SETTINGS) };
    if (!existsSync(this.#file)) return { data: defaults, problem: null };
    let reason: string;
    try {
      const parsed = SettingsFile.safeParse(JSON.parse(readFileSync(this.#file, 'utf8')));
      if (parsed.success) return { data: parsed.data, problem: null };
      reason = parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`)
        .join('; ');
    } catch (error) {
      reason = error instanceof SyntaxError ? 'not valid JSON' : String(error);
    }
    const movedTo = `${this.#file}.broken-${now().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(this.#file, movedTo);
    // Kept for support, by its owner alone: a hand-edited file may hold a password in its address.
    chmodSync(movedTo, 0o600);
    return { data: defaults, problem: { reason, movedTo } };
  }

  /** Written to a temporary file and renamed over the old one: a crash never leaves half a file. */
  #save(data: SettingsFile): void {
    const checked = SettingsFile.parse(data);
    const temporary = `${this.#file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(checked, null, 2)}\n`, { mode: 0o600 });
    renameSync(temporary, this.#file);
    this.#data = checked;
  }
}
