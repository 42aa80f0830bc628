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

/**
 * How long the audio output stays open after a tone. A running AudioContext keeps the page's audio
 * thread and the browser's audio service rendering silence for as long as the page lives: after
 * one scan, an idle desk spent 0.5 CPU s every 10 s on it (0.1 before any scan). So it is
 * suspended once the desk has been quiet this long, and a scan's tone resumes it.
 */
export const RELEASE_AUDIO_AFTER_MS = 5_000;
let release: ReturnType<typeof setTimeout> | null = null;
/** A suspend under way: a tone asked for meanwhile resumes once it has finished. */
let suspending: Promise<void> | null = null;

function releaseAfter(ctx: AudioContext, lastNoteEnds: number): void {
  if (release) clearTimeout(release);
  const playing = Math.max(0, lastNoteEnds - ctx.currentTime) * 1000;
  release = setTimeout(() => {
    release = null;
    try {
      const done = ctx.suspend().catch(() => undefined);
      suspending = done.finally(() => (suspending = null));
    } catch {
      // no audio output to let go of
    }
  }, playing + RELEASE_AUDIO_AFTER_MS);
}

function wake(ctx: AudioContext): void {
  if (suspending) void suspending.then(() => ctx.resume()).catch(() => undefined);
  else if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
}

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
    wake(ctx);
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
    releaseAfter(ctx, at);
  } catch {
    // no audio output: colour feedback still tells the outcome
  }
}
