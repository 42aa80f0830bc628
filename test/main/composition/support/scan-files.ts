import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `dir` (recursively) that contains one of `needles`, as bytes (also inside SQLite pages). */
export function filesContaining(dir: string, needles: Iterable<string>): Array<{ file: string; needle: string }> {
  const hits: Array<{ file: string; needle: string }> = [];
  const list = [...needles].filter((n) => n.length > 0).map((n) => ({ text: n, bytes: Buffer.from(n, 'utf8'), utf16: Buffer.from(n, 'utf16le') }));
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else {
        const content = readFileSync(path);
        for (const n of list) if (content.includes(n.bytes) || content.includes(n.utf16)) hits.push({ file: path, needle: n.text.slice(0, 6) + '…' });
      }
    }
  };
  walk(dir);
  return hits;
}
