/* games/minesweeper-common.js: what minesweeper's board (minesweeper.js)
 * and its panel (minesweeper-panel.js) share: the presets and limits, the
 * module's state for a game in play, and the clock. */
import { Analysis } from './analysis.js';

/**
 * The engine's description of a position (engine.describe).
 * @typedef {object} MinesweeperView
 * @property {string} status 'playing', 'won' or 'lost'
 * @property {string} reason
 * @property {number} w
 * @property {number} h
 * @property {number} mines
 * @property {'safe'|'zero'} rule
 * @property {boolean} qmarks
 * @property {boolean} noguess
 * @property {string} [preset] the preset's name, for a preset's board
 * @property {boolean} started whether the first cell is open (the mines are laid)
 * @property {string} cells row by row: '.' hidden, 'f' flag, '?' mark, '0'-'8' open,
 *   '*' a mine, 'X' the mine hit, 'w' a wrong flag
 * @property {number} flags
 * @property {number} left mines less flags
 * @property {number} opened
 * @property {number} safeCells
 * @property {number[]} chord the numbers a press opens around
 */

/**
 * The module's state for one game in play: the clock, whether the game
 * counts (no help), the result it recorded, the odds overlay, the
 * auto-play and flag toggles, the controls, and the marks that animate.
 * @typedef {object} MinesweeperState
 * @property {string|null} key the game the clock runs for ("PARAMS SEED" of its start)
 * @property {number} hist the record's length at the last refresh (an undo shortens it)
 * @property {number} base ms played before `since`
 * @property {number|null} since when the clock started again (Date.now()), null while stopped
 * @property {boolean} assisted
 * @property {boolean} recorded
 * @property {string} pos
 * @property {string} status
 * @property {boolean} overlay the mine odds are shown
 * @property {Analysis<{probs: number[]}>} probs the odds of the position they were asked for
 * @property {boolean} auto
 * @property {boolean} flagMode a tap flags
 * @property {{cell: number, t0: number}|null} burst a long press's ring
 * @property {number} burstUntil when it has grown (performance.now())
 * @property {boolean} facePressed
 * @property {string|null} lastOpen the last open the player asked for (a no-guess refusal retries it)
 * @property {number} shownSec the timer's digits drawn
 * @property {any} result what the finished game recorded (its card)
 * @property {{preset: string, w: number, h: number, m: number}|null} askedSize the size chosen, shown
 *   in the size list while the player is asked whether to leave the game in progress
 * @property {any} controls
 */
/** @typedef {import('../app/registry.js').GameModule<MinesweeperView, MinesweeperState>} MinesweeperModule */
/** @typedef {import('../app/module-api.js').ModuleApi<MinesweeperState>} Api */

export const PRESETS = {
  beginner: { w: 9, h: 9, m: 10 }, intermediate: { w: 16, h: 16, m: 40 },
  expert: { w: 30, h: 16, m: 99 }
};
export const LIMITS = { side: [5, 64] };

/** @returns {MinesweeperState} */
export function createState() {
  return { key: null, hist: 0, base: 0, since: null, assisted: false, recorded: false, pos: '',
    overlay: false, probs: new Analysis(), auto: false, flagMode: false, burst: null, burstUntil: 0,
    facePressed: false, lastOpen: null, shownSec: -1, result: null, askedSize: null, controls: null,
    status: 'playing' };
}

/** @param {MinesweeperState} st */
export function elapsed(st) {
  return st.base + (st.since !== null ? Date.now() - st.since : 0);
}

/* A touch screen (the finger is the pointer). */
export function coarsePointer() {
  return typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
}
