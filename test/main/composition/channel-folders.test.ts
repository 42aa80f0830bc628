import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { channels } from '../../../src/shared/ipc/contract';

// A maintainer looking for a channel opens the folder its name says: `stock.adjust` is in
// src/main/stock/handlers.ts and nowhere else. The composition root only merges the folders'
// declarations, so a channel declared there (or in a folder of another name) is caught here.
const MAIN = join(__dirname, '../../../src/main');
const CHANNELS = new Set(Object.keys(channels));
const DECLARED = /(?:^|[{,])\s*'([a-z]+\.[A-Za-z]+)'\s*:\s*\{/gm;

function declarationsIn(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(DECLARED)].map((m) => m[1]!).filter((name) => CHANNELS.has(name));
}

describe('each channel is declared in the folder its name says', () => {
  const where = new Map<string, string[]>();
  for (const folder of readdirSync(MAIN, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    const file = join(MAIN, folder.name, 'handlers.ts');
    if (!existsSync(file)) continue;
    for (const name of declarationsIn(file)) where.set(name, [...(where.get(name) ?? []), folder.name]);
  }

  it('finds every channel of the contract declared exactly once', () => {
    const missing = [...CHANNELS].filter((name) => !where.has(name));
    const twice = [...where].filter(([, folders]) => folders.length > 1);
    expect(missing).toEqual([]);
    expect(twice).toEqual([]);
  });

  it('finds it in the folder named by its prefix', () => {
    const elsewhere = [...where].filter(([name, [folder]]) => name.split('.')[0] !== folder).map(([name, [folder]]) => `${name} in ${folder}/`);
    expect(elsewhere).toEqual([]);
  });
});
