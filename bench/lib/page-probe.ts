// Code evaluated in the harness page (Chromium) by figure 2. Kept as a string: this Node-side
// project has no DOM types, and the probe must not depend on the renderer's modules.
//
// At the Enter keydown of a scan (capture phase, before any app handler) it notes the time; a
// MutationObserver sees the answer card's SKU heading change to the scanned SKU; then one
// requestAnimationFrame (the frame that will show it) and a MessageChannel task after that frame
// (the paint has happened by then) give the "painted" time. The renderer's own
// \`performance.mark('scan:answer')\` (show() in src/renderer/src/scan/session.svelte.ts, detail
// {code}) splits Enter -> answer in the renderer (transport + core) from answer -> painted.
export const PROBE_SCRIPT = `(() => {
  if (window.__bench) return;
  const state = { enterAt: null, armed: null };
  addEventListener('keydown', (e) => { if (e.key === 'Enter' && state.armed && state.enterAt === null) state.enterAt = performance.now(); }, true);
  const selector = '[data-testid="answer-card"] h2.sku';
  const observer = new MutationObserver(() => {
    const armed = state.armed;
    if (!armed || armed.seenAt !== null) return;
    const heading = document.querySelector(selector);
    if (!heading || heading.textContent.trim() !== armed.sku) return;
    armed.seenAt = performance.now();
    const marks = performance.getEntriesByName('scan:answer', 'mark');
    const mark = marks[marks.length - 1];
    armed.answerAt = mark && mark.detail && mark.detail.code === armed.sku ? mark.startTime : null;
    requestAnimationFrame(() => {
      const frameAt = performance.now();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        armed.resolve({ enterAt: state.enterAt, answerAt: armed.answerAt, seenAt: armed.seenAt, frameAt, paintedAt: performance.now() });
        state.armed = null;
      };
      channel.port2.postMessage(0);
    });
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  window.__bench = {
    arm(sku) {
      state.enterAt = null;
      let resolve;
      const done = new Promise((r) => (resolve = r));
      state.armed = { sku, seenAt: null, answerAt: null, resolve };
      window.__bench.done = Promise.race([done, new Promise((r) => setTimeout(() => r(null), 5000))]);
    },
    done: null,
  };
})();`;

export interface ProbeTimes {
  enterAt: number;
  /** The renderer's 'scan:answer' mark for this SKU; null when the renderer has none (older build). */
  answerAt: number | null;
  seenAt: number;
  frameAt: number;
  paintedAt: number;
}
