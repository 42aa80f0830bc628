// Backs the Electronegativity gate and its justifications (.electronegativity/justifications.md):
// every window the sources and the build create takes its webPreferences from
// secureWebPreferences() and overrides nothing with an insecure value; every shell.openExternal
// call passes only what allowedExternalUrl() returned; and the gate's own logic (the justification
// table, matching findings, the severity threshold) does what it says.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { secureWebPreferences } from '../../src/main/electron/window-options';

const root = resolve(import.meta.dirname, '../..');

interface Finding {
  check: string;
  severity: string;
  file: string;
}
interface Justification {
  check: string;
  file: string;
  why: string;
  provenBy: string[];
}
interface Wrapper {
  parseJustifications(markdown: string): Justification[];
  covers(j: Justification, f: Finding): boolean;
  judge(findings: Finding[], justifications: Justification[], failAbove: string): { above: Finding[]; unjustified: Finding[]; unused: Justification[] };
  readConfig(): { inputs: string[]; failAbove: string; excludeChecks: Record<string, string> };
}

async function wrapper(): Promise<Wrapper> {
  // A plain .mjs script (it runs with node in `npm run lint`): imported by URL, typed here.
  const url = pathToFileURL(join(root, 'scripts/electronegativity.mjs')).href;
  return (await import(/* @vite-ignore */ url)) as Wrapper;
}

function filesUnder(dir: string, pattern: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && pattern.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

/** Every `new BrowserWindow(...)` / `new BrowserView(...)` with the text of its argument list. */
function windowCreations(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/new\s+(?:BrowserWindow|BrowserView|WebContentsView)\s*\(/g)) {
    let depth = 0;
    let end = match.index + match[0].length - 1;
    for (; end < source.length; end++) {
      if (source[end] === '(') depth++;
      else if (source[end] === ')' && --depth === 0) break;
    }
    found.push(source.slice(match.index, end + 1));
  }
  return found;
}

const INSECURE = /contextIsolation:\s*false|sandbox:\s*false|nodeIntegration(InWorker|InSubFrames)?:\s*true|webSecurity:\s*false|allowRunningInsecureContent:\s*true|experimentalFeatures:\s*true|enableBlinkFeatures|webviewTag:\s*true|enableRemoteModule:\s*true/;
const FROM_SECURE_PREFERENCES = /webPreferences:\s*(\{\s*\.\.\.)?secureWebPreferences\(/;

function sources(): Array<{ file: string; text: string }> {
  return filesUnder(join(root, 'src'), /\.(ts|js|mjs|cjs)$/).map((file) => ({ file, text: readFileSync(file, 'utf8') }));
}
function built(): Array<{ file: string; text: string }> {
  return filesUnder(join(root, 'out/main'), /\.(js|mjs|cjs)$/).map((file) => ({ file, text: readFileSync(file, 'utf8') }));
}

/** Each `<x>.openExternal(arg)` call with the 300 characters before it. */
function openExternalCalls(text: string): Array<{ arg: string; before: string }> {
  return [...text.matchAll(/\bshell\.openExternal\(([^)]*)\)/g)].map((m) => ({ arg: m[1]?.trim() ?? '', before: text.slice(Math.max(0, m.index - 300), m.index) }));
}

describe('what Electronegativity cannot see into', () => {
  it('every window of the sources takes its webPreferences from secureWebPreferences(), overriding nothing insecurely', () => {
    const creations = sources().flatMap(({ file, text }) => windowCreations(text).map((t) => ({ file, text: t })));
    expect(creations.length, 'the app creates at least its main window').toBeGreaterThan(0);
    for (const { file, text } of creations) {
      expect(text, file).toMatch(FROM_SECURE_PREFERENCES);
      expect(text, file).not.toMatch(INSECURE);
    }
  });

  it('so does every window of the built main process (when built)', () => {
    const files = built();
    if (files.length === 0) return; // npm test builds before this runs; a bare vitest run may not have
    const creations = files.flatMap(({ text }) => windowCreations(text));
    expect(creations.length).toBeGreaterThan(0);
    for (const text of creations) {
      expect(text).toMatch(FROM_SECURE_PREFERENCES);
      expect(text).not.toMatch(INSECURE);
    }
  });

  it('and secureWebPreferences() sets what the window checks look for', () => {
    const prefs = secureWebPreferences('/x/preload/index.cjs');
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.sandbox).toBe(true);
    expect(prefs.nodeIntegration).toBe(false);
    expect(String(prefs.disableBlinkFeatures).split(',')).toContain('Auxclick');
  });

  it('every shell.openExternal call, in the sources and the build, opens only what allowedExternalUrl() returned', () => {
    const calls = [...sources(), ...built()].flatMap(({ file, text }) => openExternalCalls(text).map((c) => ({ file, ...c })));
    expect(calls.length).toBeGreaterThan(0);
    for (const { file, arg, before } of calls) {
      expect(arg, `${file}: openExternal of an expression`).toMatch(/^[A-Za-z_$][\w$]*$/);
      expect(before, `${file}: ${arg} must come from allowedExternalUrl() just before`).toMatch(new RegExp(`\\b${arg}\\s*=\\s*allowedExternalUrl\\(`));
      expect(before.slice(-60), `${file}: the call must be guarded by if (${arg})`).toMatch(new RegExp(`if\\s*\\(\\s*${arg}\\s*\\)\\s*(void\\s+)?$`));
    }
  });
});

describe('the Electronegativity gate (scripts/electronegativity.mjs)', () => {
  it('reads the justification table and requires reasons and existing tests for every row', async () => {
    const { parseJustifications } = await wrapper();
    const rows = parseJustifications(readFileSync(join(root, '.electronegativity/justifications.md'), 'utf8'));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.why.length, `${row.check} ${row.file}`).toBeGreaterThanOrEqual(40);
      expect(row.provenBy.length, `${row.check} ${row.file}`).toBeGreaterThan(0);
      for (const test of row.provenBy) expect(existsSync(join(root, test)), test).toBe(true);
    }
  });

  it('fails on findings above LOW that no row covers, and only on those', async () => {
    const { judge, parseJustifications, readConfig } = await wrapper();
    expect(readConfig().failAbove).toBe('LOW');
    const rows = parseJustifications(
      [
        '| check | file | why | proven by |',
        '|---|---|---|---|',
        '| SANDBOX_JS_CHECK | out/renderer/assets/index-*.js | a reason long enough to be a reason, really | test/a.test.ts |',
        '| CONTEXT_ISOLATION_JS_CHECK | src/main/app.ts | a reason long enough to be a reason, really | test/b.test.ts |',
      ].join('\n'),
    );
    expect(rows.map((r) => r.check)).toEqual(['SANDBOX_JS_CHECK', 'CONTEXT_ISOLATION_JS_CHECK']);
    const findings: Finding[] = [
      { check: 'SANDBOX_JS_CHECK', severity: 'MEDIUM', file: 'out/renderer/assets/index-abc123.js' },
      { check: 'SANDBOX_JS_CHECK', severity: 'MEDIUM', file: 'out/renderer/assets/deep/index-abc123.js' }, // * stops at /
      { check: 'SANDBOX_JS_CHECK', severity: 'HIGH', file: 'src/main/app.ts' }, // same file, other check
      { check: 'CSP_GLOBAL_CHECK', severity: 'LOW', file: 'src/renderer/index.html' }, // not above LOW
      { check: 'CSP_GLOBAL_CHECK', severity: 'INFORMATIONAL', file: 'src/x.ts' },
    ];
    const verdict = judge(findings, rows, 'LOW');
    expect(verdict.above).toHaveLength(3);
    expect(verdict.unjustified.map((f) => f.file)).toEqual(['out/renderer/assets/deep/index-abc123.js', 'src/main/app.ts']);
    expect(verdict.unused.map((r) => r.check)).toEqual(['CONTEXT_ISOLATION_JS_CHECK']);
  });

  it('excludes only checks it explains, and scans both the sources and the build', async () => {
    const config = (await wrapper()).readConfig();
    expect(config.inputs).toEqual(['src', 'out']);
    expect(Object.keys(config.excludeChecks)).toEqual(['AvailableSecurityFixesGlobalCheck']);
  });
});
