import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playTone, type Tone } from '../../../src/renderer/src/scan/tones';

/**
 * The tones as heard: playTone renders into a real (offline) Web Audio graph in Chromium, and the
 * samples are measured. playTone swallows every audio error by design, so "does not throw" would
 * prove nothing; silence where a tone belongs, or two outcomes that sound alike, fail here.
 */
const RATE = 44_100;
let current: OfflineAudioContext;

/** The AudioContext tones.ts creates once: each test swaps in a fresh offline context behind it. */
class RecordingContext {
  readonly state = 'running';
  get currentTime(): number {
    return current.currentTime;
  }
  get destination(): AudioDestinationNode {
    return current.destination;
  }
  createOscillator(): OscillatorNode {
    return current.createOscillator();
  }
  createGain(): GainNode {
    return current.createGain();
  }
  resume(): Promise<void> {
    return Promise.resolve();
  }
}

const realAudioContext = globalThis.AudioContext;
beforeAll(() => {
  globalThis.AudioContext = RecordingContext as unknown as typeof AudioContext;
});
afterAll(() => {
  globalThis.AudioContext = realAudioContext;
});

interface Heard {
  peak: number;
  /** Seconds from the first to the last audible sample. */
  seconds: number;
  /** Pitch (Hz) near the start and near the end, from zero crossings over 40 ms. */
  startHz: number;
  endHz: number;
}

async function hear(tone: Tone, muted = false): Promise<Heard> {
  current = new OfflineAudioContext(1, RATE, RATE);
  playTone(tone, muted);
  const samples = (await current.startRendering()).getChannelData(0);
  let first = -1;
  let last = -1;
  let peak = 0;
  samples.forEach((s, i) => {
    peak = Math.max(peak, Math.abs(s));
    if (Math.abs(s) > 0.01) {
      if (first < 0) first = i;
      last = i;
    }
  });
  const pitch = (from: number): number => {
    const n = Math.round(0.04 * RATE);
    let crossings = 0;
    for (let i = from + 1; i < from + n; i++) if (Math.sign(samples[i]!) !== Math.sign(samples[i - 1]!)) crossings++;
    return crossings / 2 / 0.04;
  };
  const margin = Math.round(0.015 * RATE); // past the fade in / before the fade out
  return {
    peak,
    seconds: first < 0 ? 0 : (last - first) / RATE,
    startHz: first < 0 ? 0 : pitch(first + margin),
    endHz: first < 0 ? 0 : pitch(last - margin - Math.round(0.04 * RATE)),
  };
}

describe('scan tones', () => {
  it('sound when not muted, and are silent when muted', async () => {
    expect((await hear('found')).peak).toBeGreaterThan(0.1);
    for (const tone of ['found', 'not_found', 'error', 'queued'] as const) {
      expect((await hear(tone, true)).peak, tone).toBe(0);
    }
  });

  it('tell the outcomes apart by pitch, direction and length', async () => {
    const found = await hear('found');
    const notFound = await hear('not_found');
    const error = await hear('error');
    const queued = await hear('queued');

    // found: two short rising beeps; not found: two falling mid tones.
    expect(found.endHz).toBeGreaterThan(found.startHz * 1.3);
    expect(notFound.endHz).toBeLessThan(notFound.startHz / 1.3);
    expect(found.seconds).toBeLessThan(0.3);
    // error: one long low buzz, longer and far lower than any other.
    expect(error.seconds).toBeGreaterThan(0.35);
    expect(error.startHz).toBeLessThan(300);
    for (const other of [found, notFound, queued]) {
      expect(other.startHz).toBeGreaterThan(error.startHz * 2);
      expect(other.seconds).toBeLessThan(error.seconds);
    }
    // queued: one blip, the shortest.
    expect(queued.seconds).toBeLessThan(Math.min(found.seconds, notFound.seconds));
  });
});
