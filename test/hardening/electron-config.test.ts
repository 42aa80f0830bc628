// Backs the Electronegativity justifications (.electronegativity/justifications.md): the findings
// on `new BrowserWindow(...)` are justified by "its webPreferences come from secureWebPreferences()",
// so this checks that claim on every window the sources and the build create, and checks the
// gate's own logic (parsing the justification table, matching findings, the severity threshold).
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

describe('the windows Electronegativity cannot see into', () => {
  it('every window of the sources takes its webPreferences from secureWebPreferences()', () => {
    const creations = filesUnder(join(root, 'src'), /\.(ts|js|mjs|cjs)$/).flatMap((file) =>
      windowCreations(readFileSync(file, 'utf8')).map((text) => ({ file, text })),
    );
    expect(creations.length, 'the app creates at least its main window').toBeGreaterThan(0);
    for (const { file, text } of creations) {
      expect(text, file).toMatch(/webPreferences:\s*secureWebPreferences\(/);
    }
  });

  it('so does every window of the built main process (when built)', () => {
    const built = filesUnder(join(root, 'out/main'), /\.(js|mjs|cjs)$/);
    if (built.length === 0) return; // npm test builds before this runs; a bare vitest run may not have
    const creations = built.flatMap((file) => windowCreations(readFileSync(file, 'utf8')));
    expect(creations.length).toBeGreaterThan(0);
    for (const text of creations) expect(text).toMatch(/webPreferences:\s*secureWebPreferences\(/);
  });

  it('and secureWebPreferences() sets what the three justified checks look for', () => {
    const prefs = secureWebPreferences('/x/preload/index.cjs');
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.sandbox).toBe(true);
    expect(prefs.nodeIntegration).toBe(false);
    expect(String(prefs.disableBlinkFeatures).split(',')).toContain('Auxclick');
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
