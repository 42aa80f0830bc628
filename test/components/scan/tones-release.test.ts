import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { playTone, RELEASE_AUDIO_AFTER_MS } from '../../../src/renderer/src/scan/tones';

/**
 * The tones' audio output in Chromium's own AudioContext: open while the desk beeps, let go once
 * it has been quiet a while (a running context renders silence for as long as the page lives), and
 * taken back by the next tone. Only the timers that decide when are faked; the context is real.
 */
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the audio output of the scan tones', () => {
  it('is let go after a quiet spell, and the next tone takes it back', async () => {
    // A key press first: Chromium lets a page start audio only after the user did something.
    await userEvent.keyboard('{Shift}');
    const created = vi.spyOn(AudioContext.prototype, 'createOscillator');
    const suspend = vi.spyOn(AudioContext.prototype, 'suspend');
    const resume = vi.spyOn(AudioContext.prototype, 'resume');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    playTone('found', false);
    const context = created.mock.contexts[0] as AudioContext;
    await expect.poll(() => context.state).toBe('running');

    // Beeping again within the spell keeps it open, and starts the spell again.
    vi.advanceTimersByTime(RELEASE_AUDIO_AFTER_MS - 1);
    playTone('queued', false);
    vi.advanceTimersByTime(RELEASE_AUDIO_AFTER_MS - 1);
    expect(suspend).not.toHaveBeenCalled();
    expect(context.state).toBe('running');

    // Quiet for the whole spell after the last tone: the output is let go.
    vi.advanceTimersByTime(1_000);
    expect(suspend).toHaveBeenCalledTimes(1);
    await expect.poll(() => context.state).toBe('suspended');

    // The next scan's tone opens it again.
    playTone('found', false);
    expect(resume).toHaveBeenCalled();
    await expect.poll(() => context.state).toBe('running');
  });
});
