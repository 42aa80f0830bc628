import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import baseline from './hardcoded-baseline.json' with { type: 'json' };
import { hardcodedStrings } from './support/hardcoded-strings';

// A component shows words only through the catalogue (m.key()). This finds the words written
// straight into a component's markup: text between tags, and the attributes a person reads or
// hears (aria-label, title, placeholder, alt, label). Files not yet converted are listed in
// hardcoded-baseline.json with how many they hold; the count may only fall (a new hard-coded
// word fails, and so does a conversion that leaves the baseline stale).
const root = join(import.meta.dirname, '../..');
const rendererDir = join(root, 'src/renderer/src');
function components(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return components(full);
    return name.endsWith('.svelte') ? [full] : [];
  });
}

describe('hard-coded words in components', () => {
  it('finds text, read attributes, and nothing else', () => {
    expect(hardcodedStrings('<p>Stock <b>{x}</b></p><input placeholder="SKU or barcode" class="wide" type="text" /><kbd>{k}</kbd><span aria-label={m.a()}>→</span><kbd>Esc</kbd><td style:height="{h}px">1</td>')).toEqual(['Stock', 'SKU or barcode']);
  });

  it('only fall below the baseline of files not yet converted', () => {
    const counts: Record<string, number> = {};
    for (const file of components(rendererDir)) {
      const n = hardcodedStrings(readFileSync(file, 'utf8')).length;
      if (n > 0) counts[relative(root, file)] = n;
    }
    expect(counts).toEqual(baseline);
  });
});
