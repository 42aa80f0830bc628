import { failure } from '../../../shared/ipc/result';
import type { LabelSize } from '../../../shared/ipc/label-records';
import { LABEL_GEOMETRY, type LabelContent } from '../../labels';
import { dotsAt, type PrinterDpi } from './dots';
import { labelFields } from './zpl-templates';

/** Label rolls a thermal printer takes: the A4 sheet is an office printer's. */
export type RollSize = Exclude<LabelSize, 'a4'>;

export interface ZplOptions {
  size: LabelSize;
  dpi: PrinterDpi;
  /** Copies of each label, printed by the printer itself (`^PQ`). */
  copies: number;
  /** Print darkness 0 to 30 (`~SD`), or the printer's own setting when absent. */
  darkness?: number;
  /** Print speed in inches a second, 2 to 14 (`^PR`), or the printer's own. */
  speed?: number;
}

export interface ZplDocument {
  zpl: string;
  /** Labels that come out, copies included. */
  labels: number;
}

/**
 * Every label as a ZPL format of its own: UTF-8 (`^CI28`) so a name in Polish or Japanese
 * arrives as written, the width and length of the label in dots, and its copies.
 */
export function zplDocument(labels: readonly LabelContent[], options: ZplOptions): ZplDocument {
  if (options.size === 'a4') throw failure('label_not_printable', 'A thermal label printer takes label rolls, not an A4 sheet; choose a roll size.', { reason: 'sheet_on_thermal' });
  const geometry = LABEL_GEOMETRY[options.size];
  const dots = dotsAt(options.dpi);
  const head = options.darkness === undefined ? '' : `~SD${String(options.darkness).padStart(2, '0')}`;
  const speed = options.speed === undefined ? '' : `^PR${options.speed}`;
  const formats = labels.map(
    (label) => `^XA^CI28^PW${dots.of(geometry.width)}^LL${dots.of(geometry.height)}^LH0,0${speed}${labelFields(label, geometry, dots)}^PQ${options.copies},0,1,N^XZ`,
  );
  return { zpl: head + formats.join('\n') + '\n', labels: labels.length * options.copies };
}
