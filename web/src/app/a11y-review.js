/* app/a11y-review.js: the review's evaluation graph for the keyboard and
 * a screen reader: a slider over the plies (the arrow keys, Home and End
 * step through the game as the move list does), which says the move shown
 * and the review's words on it. */
import { stepReplay } from './replay.js';

/** @typedef {import('./app.js').App} App */

/** Makes the graph a slider; its value follows the ply shown (graphValue).
 * @param {HTMLCanvasElement} graph @param {App} app */
export function graphKeys(graph, app) {
  graph.setAttribute('role', 'slider');
  graph.setAttribute('tabindex', '0');
  graph.setAttribute('aria-valuemin', '0');
  graph.addEventListener('keydown', (e) => {
    const last = app.game.ply();
    /** @type {Record<string, () => void>} */
    const keys = {
      ArrowLeft: () => stepReplay(app, -1), ArrowDown: () => stepReplay(app, -1),
      ArrowRight: () => stepReplay(app, 1), ArrowUp: () => stepReplay(app, 1),
      Home: () => app.viewPly(0), End: () => app.viewPly(last),
    };
    if (!keys[e.key]) return;
    e.preventDefault();
    e.stopPropagation();
    keys[e.key]();
  });
}

/** The slider's value: the ply shown, in words with the review's note on it.
 * @param {HTMLCanvasElement} graph @param {number} plies @param {number} shown @param {string} words */
export function graphValue(graph, plies, shown, words) {
  graph.setAttribute('aria-valuemax', String(plies));
  graph.setAttribute('aria-valuenow', String(shown));
  graph.setAttribute('aria-valuetext', words);
}
