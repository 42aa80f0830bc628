import { writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { ready } from 'zpl-renderer-js';

/**
 * ZPL to PNG by an independent renderer: zebrash (Go, as wasm in zpl-renderer-js), which knows
 * nothing of how the desk laid the label out. One PNG per `^XA...^XZ` format.
 */
export async function renderZpl(zpl: string, widthMm: number, heightMm: number, dotsPerMm: number): Promise<Buffer[]> {
  const { api } = await ready;
  const pngs = await api.zplToBase64MultipleAsync(zpl, widthMm, heightMm, dotsPerMm);
  return pngs.map((b64) => Buffer.from(b64, 'base64'));
}

export function savePng(path: string, png: Buffer): string {
  writeFileSync(path, png);
  return path;
}

/** Dark pixels of a rendered label, as a bounding box: where ink would go on the paper. */
export function inkBounds(png: Buffer): { left: number; top: number; right: number; bottom: number; width: number; height: number } {
  const image = PNG.sync.read(png);
  let left = image.width;
  let top = image.height;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const i = (y * image.width + x) * 4;
      // Transparent or light is bare label.
      if ((image.data[i + 3] as number) > 127 && (image.data[i] as number) < 128) {
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
    }
  }
  return { left, top, right, bottom, width: image.width, height: image.height };
}
