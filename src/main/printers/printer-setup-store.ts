import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PrinterSetup, type PrinterProfile } from '../../shared/ipc/printer-records';
import { failure } from '../../shared/ipc/result';

export const PRINTERS_FILE = 'printers.json';

const EMPTY: PrinterSetup = { profiles: [], routes: {} };

/** What the machine-wide policy says of the printers: a preset (the desk's first setup) or, locked, the only one. */
export interface PrintersPolicy {
  /** The policy's valid printers; absent when it names none usable (locked, the desk keeps its own). */
  printers?: PrinterSetup;
  locked: boolean;
}

const locked = () => failure('setting_locked', "The printers are set by the IT department's policy and cannot be changed at the desk.", { params: { setting: 'printers' } });

/**
 * The desk's thermal printers and label routes, in a file of their own next to settings.json:
 * checked against the one schema on every read and write, so a hand-edited file that is not a
 * setup leaves the desk with no thermal printer (the PDF and system path still print), never a
 * half-read one. Locked by the policy, the policy's printers are served from memory (the desk's
 * own file is kept for when the lock is lifted) and every change is refused with `setting_locked`.
 */
export class PrinterSetupStore {
  readonly #file: string;
  #setup: PrinterSetup;
  readonly #locked: boolean;

  constructor(dataDir: string, policy: PrintersPolicy = { locked: false }) {
    this.#file = join(dataDir, PRINTERS_FILE);
    this.#locked = policy.locked;
    const firstStart = !existsSync(this.#file);
    this.#setup = this.#load();
    if (policy.printers && policy.locked) this.#setup = structuredClone(policy.printers);
    else if (policy.printers && firstStart) this.#write(policy.printers);
  }

  get setup(): PrinterSetup {
    return structuredClone(this.#setup);
  }

  profile(id: string): PrinterProfile | null {
    return this.#setup.profiles.find((p) => p.id === id) ?? null;
  }

  save(profile: PrinterProfile): PrinterSetup {
    if (this.#locked) throw locked();
    const others = this.#setup.profiles.filter((p) => p.id !== profile.id);
    const at = this.#setup.profiles.findIndex((p) => p.id === profile.id);
    const profiles = at === -1 ? [...others, profile] : [...others.slice(0, at), profile, ...others.slice(at)];
    return this.#write({ ...this.#setup, profiles });
  }

  delete(id: string): PrinterSetup {
    if (this.#locked) throw locked();
    if (!this.profile(id)) throw failure('invalid_argument', `No printer profile ${id}.`, { reason: 'printer_profile_not_found' });
    const routes = Object.fromEntries(Object.entries(this.#setup.routes).filter(([, to]) => to !== id));
    return this.#write({ profiles: this.#setup.profiles.filter((p) => p.id !== id), routes });
  }

  route(label: keyof PrinterSetup['routes'], profileId: string | null): PrinterSetup {
    if (this.#locked) throw locked();
    const routes = { ...this.#setup.routes };
    if (profileId === null) delete routes[label];
    else routes[label] = profileId;
    return this.#write({ ...this.#setup, routes });
  }

  #write(next: PrinterSetup): PrinterSetup {
    const parsed = PrinterSetup.safeParse(next);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw failure('invalid_argument', `The printers cannot be saved: ${issue?.message ?? 'not a setup'}.`, { reason: 'printer_setup_invalid' });
    }
    const temporary = `${this.#file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(parsed.data, null, 2)}\n`, { mode: 0o600 });
    renameSync(temporary, this.#file);
    this.#setup = parsed.data;
    return this.setup;
  }

  #load(): PrinterSetup {
    if (!existsSync(this.#file)) return EMPTY;
    try {
      const parsed = PrinterSetup.safeParse(JSON.parse(readFileSync(this.#file, 'utf8')));
      return parsed.success ? parsed.data : EMPTY;
    } catch {
      return EMPTY;
    }
  }
}
