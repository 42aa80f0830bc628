/**
 * Scan feedback tones made with the Web Audio API (no audio files: the CSP allows no media and
 * the app ships none). Each outcome has its own shape, not just its own pitch, so it can be told
 * apart in a noisy hall: found = two short rising beeps, not found = two falling mid tones,
 * error = one long low buzz, queued = one soft short blip.
 */
export type Tone = 'found' | 'not_found' | 'error' | 'queued';

interface Note {
  freq: number;
  ms: number;
  type: OscillatorType;
  gap?: number;
}

const TONES: Record<Tone, Note[]> = {
  found: [
    { freq: 1046, ms: 70, type: 'sine', gap: 30 },
    { freq: 1568, ms: 90, type: 'sine' },
  ],
  not_found: [
    { freq: 660, ms: 130, type: 'triangle', gap: 40 },
    { freq: 440, ms: 170, type: 'triangle' },
  ],
  error: [{ freq: 180, ms: 420, type: 'square' }],
  queued: [{ freq: 880, ms: 60, type: 'sine' }],
};

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (context) return context;
  const Ctor = globalThis.AudioContext;
  if (!Ctor) return null;
  try {
    context = new Ctor();
  } catch {
    context = null;
  }
  return context;
}

/** The notes of a tone, for tests and the settings preview. */
export function toneNotes(tone: Tone): readonly Note[] {
  return TONES[tone];
}

/** Plays a tone unless muted. Never throws: a missing sound card must not break a scan. */
export function playTone(tone: Tone, muted: boolean, volume = 0.18): void {
  if (muted) return;
  const ctx = audio();
  if (!ctx) return;
  try {
    if (ctx.state === 'suspended') void ctx.resume();
    let at = ctx.currentTime + 0.01;
    for (const note of TONES[tone]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = note.type;
      osc.frequency.setValueAtTime(note.freq, at);
      const end = at + note.ms / 1000;
      // Short ramps avoid clicks at start and end.
      gain.gain.setValueAtTime(0, at);
      gain.gain.linearRampToValueAtTime(note.type === 'square' ? volume * 0.5 : volume, at + 0.008);
      gain.gain.setValueAtTime(note.type === 'square' ? volume * 0.5 : volume, end - 0.015);
      gain.gain.linearRampToValueAtTime(0, end);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(end + 0.01);
      at = end + (note.gap ?? 0) / 1000;
    }
  } catch {
    // no audio output: colour feedback still tells the outcome
  }
}
