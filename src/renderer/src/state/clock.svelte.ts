/**
 * One ticking "now" for every age shown on screen ("cached 3 min ago"), so ages move without each
 * component running its own timer. Ticks every 15 s: ages are shown to the minute.
 */
const TICK_MS = 15_000;

export const clock = $state({ now: Date.now() });

let timer: ReturnType<typeof setInterval> | null = null;
let users = 0;

/** Starts ticking while at least one user holds it; returns the release function. */
export function useClock(): () => void {
  users += 1;
  // A new age on screen is measured from now, not from the last tick up to 15 s ago (an event
  // newer than that tick would otherwise read as seconds in the future).
  clock.now = Date.now();
  if (!timer) {
    timer = setInterval(() => (clock.now = Date.now()), TICK_MS);
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    users -= 1;
    if (users === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}
