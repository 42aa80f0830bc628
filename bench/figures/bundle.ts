// Figure 7: gzip size of what a start of the renderer loads: the entry script and stylesheet that
// index.html names, plus the largest language chunk (a desk in German or Polish loads one before its
// first paint; English is in the entry). Chunks loaded later (the barcode renderer of the labels,
// the other languages) are listed apart and not counted: they are not part of a start. Sizes are
// deterministic for one build, so one build is measured; the yardstick is the budget itself.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { runChild } from '../lib/child';
import { errorText, notMeasured, type BenchContext, type Figure } from '../lib/figure';
import { round } from '../lib/stats';

const ROOT = join(import.meta.dirname, '..', '..');
const ASSETS = join(ROOT, 'out', 'renderer', 'assets');
const BUDGET_KB = 150;
const KEY = 'renderer_bundle_gzip';
const TITLE = '7. Renderer bundle at start, gzip JS + CSS';
/** The language chunks scripts/lazy-locales.ts makes, one per language but English. */
const LOCALE_CHUNK = /^(de|nl|fr|pl)-[\w-]+\.js$/;
const GOAL = `< ${BUDGET_KB} KB`;

export async function buildRenderer(ctx: BenchContext): Promise<{ ok: true; ms: number } | { ok: false; why: string }> {
  ctx.log('electron-vite build ...');
  const out = await runChild(process.execPath, [join(ROOT, 'scripts', 'build.mjs'), '--logLevel', 'warn'], { cwd: ROOT, timeoutMs: 120_000 });
  if (out.code !== 0) return { ok: false, why: `electron-vite build failed (${out.code ?? out.signal}): ${out.stderr.split('\n').slice(-5).join(' ')}` };
  return { ok: true, ms: out.ms };
}

export async function measureBundle(ctx: BenchContext, build: Awaited<ReturnType<typeof buildRenderer>>): Promise<Figure[]> {
  if (!build.ok) return [notMeasured(KEY, TITLE, 'KB', GOAL, build.why)];
  try {
    const files = readdirSync(ASSETS).filter((f) => /\.(js|css|mjs)$/.test(f));
    if (files.length === 0) return [notMeasured(KEY, TITLE, 'KB', GOAL, 'no JS or CSS in out/renderer/assets')];
    const perFile = files.map((name) => {
      const raw = readFileSync(join(ASSETS, name));
      return { name, rawKB: round(raw.length / 1024, 1), gzipKB: round(gzipSync(raw).length / 1024, 1) };
    });
    // What index.html loads itself: its module script and its stylesheet.
    const html = readFileSync(join(ASSETS, '..', 'index.html'), 'utf8');
    const named = new Set([...html.matchAll(/(?:src|href)="\.\/assets\/([^"]+)"/g)].map((hit) => hit[1]));
    const entry = perFile.filter((f) => named.has(f.name));
    if (!entry.some((f) => f.name.endsWith('.js'))) return [notMeasured(KEY, TITLE, 'KB', GOAL, 'index.html names no entry script in out/renderer/assets')];
    const locales = perFile.filter((f) => LOCALE_CHUNK.test(f.name));
    const largestLocale = locales.reduce<(typeof perFile)[number] | null>((a, f) => (a === null || f.gzipKB > a.gzipKB ? f : a), null);
    const lazy = perFile.filter((f) => !named.has(f.name) && !LOCALE_CHUNK.test(f.name));
    const sum = (list: typeof perFile): number => round(list.reduce((a, f) => a + f.gzipKB, 0), 1);
    const js = sum(entry.filter((f) => !f.name.endsWith('.css')));
    const css = sum(entry.filter((f) => f.name.endsWith('.css')));
    const english = round(js + css, 1);
    const total = round(english + (largestLocale?.gzipKB ?? 0), 1);
    ctx.log(`bundle at start: ${total} KB gzip (entry ${js} + CSS ${css} + language ${largestLocale?.gzipKB ?? 0}); lazy ${sum(lazy)} KB, every file ${sum(perFile)} KB`);
    return [
      {
        key: KEY,
        title: TITLE,
        value: total,
        unit: 'KB',
        bound: { label: 'the budget', value: BUDGET_KB, unit: 'KB' },
        ratio: round(total / BUDGET_KB, 3),
        ratioMeaning: 'of budget',
        goal: GOAL,
        met: total < BUDGET_KB,
        details: {
          counted: 'entry JS + CSS (named by index.html) + the largest language chunk',
          entryJsGzipKB: js,
          cssGzipKB: css,
          englishStartGzipKB: english,
          largestLanguageChunk: largestLocale,
          languageChunks: locales,
          lazyChunks: lazy,
          lazyGzipKB: sum(lazy),
          everyFileGzipKB: sum(perFile),
          buildMs: round(build.ms, 0),
          gzip: 'zlib default level (6)',
        },
      },
    ];
  } catch (error) {
    return [notMeasured(KEY, TITLE, 'KB', GOAL, errorText(error))];
  }
}
