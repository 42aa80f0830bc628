import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const GENERATED = pathToFileURL(join(import.meta.dirname, '../../src/shared/api/validators.gen.js')).href;

/**
 * Runs `script` as an ES module in a Node that refuses to make code from strings (no eval, no
 * `new Function`), with the generated validators' table as `validators`; returns what it printed.
 */
function inNodeWithoutEval(script: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(
    process.execPath,
    ['--disallow-code-generation-from-strings', '--input-type=module', '-e', `import { validatorTable } from ${JSON.stringify(GENERATED)};\nconst validators = validatorTable();\n${script}`],
    { encoding: 'utf8' },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the validators generated from resources/openapi.yaml', () => {
  it('check values with no code made at run time, and need no package', () => {
    const run = inNodeWithoutEval(`
      const item = validators['#/components/schemas/StockItem'].whole;
      const level = { warehouse_id: 'wh_ams1', on_hand: 4, reserved: 0, available: 4 };
      const good = { sku: 'WD-000001', name: 'Pallet wrap', levels: [level], updated_at: '2026-11-30T05:00:00.000Z', version: 1 };
      const twice = { ...good, levels: [level, { ...level, on_hand: 1, available: 1 }] };
      const results = [good, { ...good, sku: 3 }, { ...good, updated_at: 'Monday' }, twice].map((value) => (item(value) ? 'ok' : item.errors.map((e) => e.keyword + ' ' + e.message).join('; ')));
      console.log(JSON.stringify(results));
    `);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const [good, wrongType, notATime, twice] = JSON.parse(run.stdout) as string[];
    expect(good).toBe('ok');
    expect(wrongType).toContain('type must be string');
    expect(notATime).toContain('format must match format "date-time"');
    expect(twice).toContain('x-unique-by lists warehouse_id "wh_ams1" more than once');
  });
});
