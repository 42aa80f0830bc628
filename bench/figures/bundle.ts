// Figure 7: gzip size of the built renderer's JS and CSS. Sizes are deterministic for one build, so
// one build is measured; the yardstick is the budget itself (no peer app is built here).
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
const TITLE = '7. Renderer bundle, gzip JS + CSS';
const GOAL = `< ${BUDGET_KB} KB`;

export async function buildRenderer(ctx: BenchContext): Promise<{ ok: true; ms: number } | { ok: false; why: string }> {
  ctx.log('electron-vite build ...');
  const bin = join(ROOT, 'node_modules', '.bin', 'electron-vite');
  const out = await runChild(bin, ['build', '--logLevel', 'warn'], { cwd: ROOT, timeoutMs: 120_000 });
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
    const total = perFile.reduce((a, f) => a + f.gzipKB, 0);
    const js = perFile.filter((f) => !f.name.endsWith('.css')).reduce((a, f) => a + f.gzipKB, 0);
    const css = total - js;
    ctx.log(`bundle: ${round(total, 1)} KB gzip (${files.length} files)`);
    return [
      {
        key: KEY,
        title: TITLE,
        value: round(total, 1),
        unit: 'KB',
        bound: { label: 'the budget', value: BUDGET_KB, unit: 'KB' },
        ratio: round(total / BUDGET_KB, 3),
        ratioMeaning: 'of budget',
        goal: GOAL,
        met: total < BUDGET_KB,
        details: { jsGzipKB: round(js, 1), cssGzipKB: round(css, 1), files: perFile, buildMs: round(build.ms, 0), gzip: 'zlib default level (6)' },
      },
    ];
  } catch (error) {
    return [notMeasured(KEY, TITLE, 'KB', GOAL, errorText(error))];
  }
}
