import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import type { PolicyProblem } from '../../shared/ipc/policy-records';

/** A policy is a few hundred bytes; anything past this is not one, and is not read into memory. */
export const MAX_POLICY_BYTES = 64 * 1024;

/**
 * Where the machine-wide policy lives on each system (beside where Chrome and VS Code keep theirs),
 * or the path `WAREHOUSE_DESK_POLICY` names (tests, and IT trying a file before rolling it out).
 */
export function policyFilePath(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  const named = env['WAREHOUSE_DESK_POLICY'];
  if (named) return named;
  if (platform === 'win32') return join(env['ProgramData'] ?? 'C:\\ProgramData', 'Warehouse Desk', 'policy.json');
  if (platform === 'darwin') return '/Library/Application Support/Warehouse Desk/policy.json';
  return '/etc/warehouse-desk/policy.json';
}

export type PolicyRead = { file: null } | { file: string; json: unknown } | { file: string; problem: PolicyProblem };

const whole = (reason: PolicyProblem['reason'], detail: string): PolicyProblem => ({ reason, entry: null, detail });

/**
 * The file's JSON, or why there is none. No file is no policy, not a problem. The file is opened
 * once and measured through its descriptor, so a file swapped or grown between a check and the read
 * is never read past the cap; a folder, a device or a file past the cap is refused unread.
 */
export function readPolicyFile(file: string): PolicyRead {
  let fd: number;
  try {
    // Non-blocking: a named pipe put in the file's place would otherwise hold the start until someone writes to it.
    fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { file: null };
    if (code === 'EISDIR') return { file, problem: whole('not_a_file', 'the policy path is a folder, not a file') };
    return { file, problem: whole('unreadable', `the policy file cannot be opened (${code ?? 'error'})`) };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { file, problem: whole('not_a_file', 'the policy path is not a plain file') };
    if (stat.size > MAX_POLICY_BYTES) return { file, problem: whole('too_large', `the policy file is ${stat.size} bytes, more than ${MAX_POLICY_BYTES}`) };
    const buffer = Buffer.alloc(MAX_POLICY_BYTES + 1);
    let length = 0;
    while (length < buffer.length) {
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
    }
    if (length > MAX_POLICY_BYTES) return { file, problem: whole('too_large', `the policy file is more than ${MAX_POLICY_BYTES} bytes`) };
    const text = buffer.subarray(0, length).toString('utf8').replace(/^\uFEFF/, '');
    try {
      return { file, json: JSON.parse(text) };
    } catch {
      return { file, problem: whole('not_json', 'the policy file is not valid JSON') };
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EISDIR') return { file, problem: whole('not_a_file', 'the policy path is a folder, not a file') };
    return { file, problem: whole('unreadable', `the policy file cannot be read (${code ?? 'error'})`) };
  } finally {
    closeSync(fd);
  }
}
