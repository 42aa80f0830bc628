import { describe, expect, it } from 'vitest';
import { playTone, toneNotes, type Tone } from '../../../src/renderer/src/scan/tones';

describe('scan tones', () => {
  it('give each outcome its own shape, not only its own pitch', () => {
    const shape = (t: Tone): string => toneNotes(t).map((n) => `${n.type}:${n.freq}:${n.ms}`).join('|');
    const shapes = (['found', 'not_found', 'error', 'queued'] as const).map(shape);
    expect(new Set(shapes).size).toBe(4);
    expect(toneNotes('found').length).toBe(2);
    expect(toneNotes('error')[0]!.type).toBe('square');
    // found rises, not found falls
    const [f1, f2] = toneNotes('found');
    const [n1, n2] = toneNotes('not_found');
    expect(f2!.freq).toBeGreaterThan(f1!.freq);
    expect(n2!.freq).toBeLessThan(n1!.freq);
  });

  it('plays without throwing, and not at all when muted', () => {
    expect(() => playTone('found', false)).not.toThrow();
    expect(() => playTone('error', true)).not.toThrow();
  });
});
