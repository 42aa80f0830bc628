import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { DEFAULT_SETTINGS } from '../../shared/ipc/defaults';
import { Settings, type SettingsPatch } from '../../shared/ipc/records';
import { CredentialVault } from '../kernel/secrets';
import { NO_POLICY, type ManagedPolicy } from '../policy';
import { failure } from '../../shared/ipc/result';
import { PolicySetting } from '../../shared/ipc/policy-records';

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
  /**
   * The policy's presets as last applied: a preset is applied again only when IT changes it, so a
   * worker's own choice of an unlocked setting stands between two changes of the policy.
   */
  policyPresets: z.record(z.string(), z.unknown()).optional(),
  /** What the last usable policy file locked: kept while the file cannot be read (see `#effectivePolicy`). */
  policyLocks: z.object({ settings: z.array(PolicySetting), serviceUrl: z.string().nullable() }).optional(),
});
type SettingsFile = z.infer<typeof SettingsFile>;

export interface SettingsProblem {
  reason: string;
  movedTo: string;
}

/** The desk's settings a policy names (the service address is the account's, not a preference). */
/** The printers are the printer setup's to apply and guard (printers/printer-setup-store.ts). */
type PolicyPreference = Exclude<PolicySetting, 'serviceUrl' | 'printers'>;
const POLICY_PREFERENCES: readonly PolicyPreference[] = ['deskName', 'deskWarehouseId', 'language', 'scanner', 'confirmAdjustmentsFrom', 'journalRetentionDays'];

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

export interface SettingsStoreOptions {
  now?: () => Date;
  /** The machine-wide policy: its presets are applied at start, its locked settings refuse every change. */
  policy?: ManagedPolicy;
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
  readonly policy: ManagedPolicy;

  constructor(dataDir: string, options: SettingsStoreOptions = {}) {
    this.#file = join(dataDir, SETTINGS_FILE);
    const loaded = this.#load(options.now ?? (() => new Date()));
    this.#data = loaded.data;
    this.problem = loaded.problem;
    this.policy = this.#effectivePolicy(options.policy ?? NO_POLICY);
    this.#applyPolicy();
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

  /** Refused with `setting_locked` when it would change a setting the policy locks (the same value again is no change). */
  update(patch: SettingsPatch): Settings {
    const current = this.#data.preferences;
    this.#refuseLocked(patch, current);
    const next = Settings.parse({
      scanner: { ...current.scanner, ...Object.fromEntries(Object.entries(patch.scanner ?? {}).filter(([, v]) => v !== undefined)) },
      soundsMuted: patch.soundsMuted ?? current.soundsMuted,
      confirmAdjustmentsFrom: patch.confirmAdjustmentsFrom ?? current.confirmAdjustmentsFrom,
      journalRetentionDays: patch.journalRetentionDays ?? current.journalRetentionDays,
      labelPrinter: patch.labelPrinter ?? current.labelPrinter,
      deskWarehouseId: patch.deskWarehouseId === undefined ? current.deskWarehouseId : patch.deskWarehouseId,
      language: patch.language ?? current.language,
      defaultAdjustKind: patch.defaultAdjustKind ?? current.defaultAdjustKind,
      deskName: patch.deskName === undefined ? current.deskName : patch.deskName,
    });
    this.#save({ ...this.#data, preferences: next });
    return this.preferences;
  }

  setAccount(account: StoredAccountSetting | null, demo: boolean): void {
    this.#save({ ...this.#data, account: account ? StoredAccount.parse(account) : null, demo });
  }

  /**
   * The policy as read, except when its file is there but cannot be used at all (a typo in the
   * JSON, a folder in its place): then the locks of the last usable file stand, so a broken file
   * never opens what IT closed. Only a file taken away (no policy) lifts them.
   */
  #effectivePolicy(read: ManagedPolicy): ManagedPolicy {
    const wholeFileRefused = read.problems.some((p) => p.entry === null);
    const kept = this.#data.policyLocks;
    if (read.file !== null && wholeFileRefused) {
      if (!kept) return read;
      return { ...read, locked: new Set(kept.settings), values: kept.serviceUrl === null ? {} : { serviceUrl: kept.serviceUrl } };
    }
    const locks = read.file === null ? undefined : { settings: [...read.locked], serviceUrl: read.locked.has('serviceUrl') ? (read.values.serviceUrl ?? null) : null };
    if (!same(locks, kept)) {
      const { policyLocks: _dropped, ...rest } = this.#data;
      this.#save(locks ? { ...rest, policyLocks: locks } : rest);
    }
    return read;
  }

  #refuseLocked(patch: SettingsPatch, current: Settings): void {
    for (const setting of POLICY_PREFERENCES) {
      if (!this.policy.locked.has(setting)) continue;
      const asked = patch[setting];
      if (asked === undefined) continue;
      const changes =
        setting === 'scanner'
          ? Object.entries(asked as NonNullable<SettingsPatch['scanner']>).some(([key, value]) => value !== undefined && !same(value, current.scanner[key as keyof Settings['scanner']]))
          : !same(asked, current[setting]);
      if (changes) throw failure('setting_locked', `The setting ${setting} is set by the IT department's policy and cannot be changed at the desk.`, { params: { setting } });
    }
  }

  /**
   * Locked values always; an unlocked preset once, when it is new or changed in the policy. A value
   * the policy file had wrong is not in `values`: the desk keeps what it has (locked, it stays so).
   */
  #applyPolicy(): void {
    const values = this.policy.values;
    const presets: Record<string, unknown> = { ...(this.#data.policyPresets ?? {}) };
    let preferences = this.#data.preferences;
    let changed = false;
    for (const setting of POLICY_PREFERENCES) {
      const value = values[setting];
      if (value === undefined) continue;
      if (!this.policy.locked.has(setting) && same(presets[setting], value)) continue;
      presets[setting] = value;
      const next = setting === 'scanner' ? { ...preferences.scanner, ...values.scanner } : value;
      if (!same(next, preferences[setting])) {
        preferences = Settings.parse({ ...preferences, [setting]: next });
        changed = true;
      }
    }
    if (changed || !same(presets, this.#data.policyPresets ?? {})) this.#save({ ...this.#data, preferences, policyPresets: presets });
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
