/* games/minesweeper-common.js: what minesweeper's board (minesweeper.js)
 * and its panel (minesweeper-panel.js) share: the presets and limits, the
 * per-app state and the clock. */

export const PRESETS = {
  beginner: { w: 9, h: 9, m: 10 }, intermediate: { w: 16, h: 16, m: 40 },
  expert: { w: 30, h: 16, m: 99 }
};
export const LIMITS = { side: [5, 64] };

/* ---- per-app state (several boards may share this module): kept on the
 * record's settings object, which the shell passes to every hook. */
const STATES = new WeakMap();
export function state(settings) {
  let st = STATES.get(settings);
  if (!st) {
    st = { key: null, hist: 0, base: 0, since: null, assisted: false, recorded: false,
      overlay: false, probs: null, asking: null, auto: false, flagMode: false, burst: null,
      shownSec: -1, result: null, controls: null, status: 'playing' };
    STATES.set(settings, st);
  }
  return st;
}

export function elapsed(st) {
  return st.base + (st.since !== null ? Date.now() - st.since : 0);
}

/* A touch screen (the finger is the pointer). */
export function coarsePointer() {
  return typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
}
