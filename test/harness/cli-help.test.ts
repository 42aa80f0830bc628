import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

/** A newcomer finds the harness's options and its limits without reading its code. */
describe('npm run harness, as a newcomer meets it', () => {
  it('--help says it opens no window, lists every option, the offline switch and the keychain', () => {
    const help = execFileSync(process.execPath, ['--import', 'tsx', 'src/harness/cli.ts', '--help'], { cwd: root, encoding: 'utf8' });
    for (const option of ['--port', '--data-dir', '--offline-switch', '--verbose']) expect(help).toContain(option);
    expect(help).toMatch(/does not open a window/);
    expect(help).toMatch(/keychain/);
  });

  it('the README documents the same options and the keychain sign-in needs', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Trying the desk in a browser'));
    for (const option of ['--port', '--data-dir', '--offline-switch']) expect(section).toContain(option);
    expect(section).toMatch(/opens no window/);
    expect(section).toMatch(/keychain/);
  });
});
