import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCRIPT_STRINGS_ALLOWED } from './script-strings-allowlist';
import { scriptStrings } from './support/script-strings';

// The markup check (hardcoded-strings.test.ts) sees words between tags and in read attributes;
// this one sees the renderer's code: a string literal, or main's raw English (an error's `.message`,
// a refused code's `.problem`, a journal line's `.summary`), that reaches
// the screen through a property or variable named like UI text, a function's return, or the
// template. Texts that are no words for the catalogue are allowed by name, with why
// (script-strings-allowlist.ts).
const root = join(import.meta.dirname, '../..');
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (name === 'paraglide' || name === 'messages') return [];
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(svelte|ts)$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

describe('hard-coded words in the renderer’s code', () => {
  it('finds UI text in properties, assignments, returns and the template, and leaves codes alone', () => {
    const ts = [
      "const a = { text: 'Offline: scans answer from the cache.', code: 'not_found', tone: 'offline' };",
      "errors['shipDate'] = 'A date like 2026-03-14';",
      "function f(issue: { message: string }): string { if (issue) return 'btn btn-small'; return issue.message; }",
      "const g = (): string => 'Try again later';",
      "let applyError = r.error.message;",
      "const label = ok ? m.yes() : 'No';",
      "const id = 'SKU-00042'; const className = 'Wide row';",
    ].join('\n');
    expect(scriptStrings(ts, 'ts').map((s) => [s.line, s.text])).toEqual([
      [1, 'Offline: scans answer from the cache.'],
      [2, 'A date like 2026-03-14'],
      [3, '.message'],
      [4, 'Try again later'],
      [5, '.message'],
      [6, 'No'],
    ]);
    const svelte = `<script lang="ts">let problem = $state('');\nfunction go() { problem = 'Could not save'; }</script>\n<p>{ok ? m.a() : 'Not saved'}</p><div class={wide ? 'wide row' : 'row'} title={busy ? 'Busy now' : ''}>{x.message}</div>`;
    expect(scriptStrings(svelte, 'svelte').map((s) => s.text)).toEqual(['Not saved', 'Busy now', '.message', 'Could not save']);
    // Main's English beside a code (issue 18: a refused scan's problem was shown as it came).
    const card = `<script lang="ts">const q = $derived(check.problem);\nfunction f(a: Answer): string { return a.problem; }</script>\n<p>{answer.problem}</p><p>{line.summary}</p>`;
    expect(scriptStrings(card, 'svelte').map((s) => [s.text, s.where])).toEqual([
      ['.problem', 'shown in the template'],
      ['.summary', 'shown in the template'],
      ['.problem', 'returned'],
    ]);
  });

  it('finds none in the renderer but those allowed, and every allowed one is still there', () => {
    const found: Array<{ file: string; text: string; line: number; where: string }> = [];
    for (const file of sources(join(root, 'src/renderer/src'))) {
      const kind = file.endsWith('.svelte') ? 'svelte' : 'ts';
      for (const s of scriptStrings(readFileSync(file, 'utf8'), kind)) found.push({ file: relative(root, file), ...s });
    }
    const allowed = (f: { file: string; text: string }) => SCRIPT_STRINGS_ALLOWED.some((a) => a.file === f.file && a.text === f.text);
    expect(found.filter((f) => !allowed(f)).map((f) => `${f.file}:${f.line} ${f.where}: ${f.text}`)).toEqual([]);
    expect(SCRIPT_STRINGS_ALLOWED.filter((a) => !found.some((f) => f.file === a.file && f.text === a.text))).toEqual([]);
  });
});
