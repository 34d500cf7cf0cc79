/* app/move-list.js: the move list under the controls (turn-based games):
 * the moves as the game writes them, numbered; a press views that
 * position, buttons step through the game and play on from the position
 * shown, ← and → step wherever the focus is in the list. */
import { el } from '../ui/dom.js';
import { playOnFromHere, stepReplay } from './replay.js';

/** @typedef {import('./app.js').App} App */

export class MoveList {
  /** @param {App} app */
  constructor(app) {
    this.app = app;
    const t = app.t.bind(app);
    this.list = el('ol', { class: 'moves', tabindex: '0', 'aria-label': t('moveList') });
    this.list.addEventListener('click', (e) => {
      const item = /** @type {HTMLElement} */ (e.target).closest('li');
      if (item && item.dataset.ply) app.viewPly(Number(item.dataset.ply));
    });
    const nav = (/** @type {string} */ label, /** @type {string} */ title, /** @type {() => void} */ fn) =>
      /** @type {HTMLButtonElement} */ (el('button', { class: 'step', 'aria-label': title, title, onclick: fn }, [label]));
    const first = nav('|◀', t('replayFirst'), () => app.viewPly(0));
    this.back = nav('◀', t('replayBack'), () => stepReplay(app, -1));
    this.on = nav('▶', t('replayOn'), () => stepReplay(app, 1));
    const last = nav('▶|', t('replayLast'), () => app.viewPly(app.game.ply()));
    this.branch = /** @type {HTMLButtonElement} */ (el('button', { class: 'branch',
      onclick: () => playOnFromHere(app) }, [t('playOnHere')]));
    this.box = el('div', { class: 'record-box' }, [
      el('div', { class: 'replay-row' }, [first, this.back, this.on, last, this.branch]), this.list]);
    // ← and → step, wherever the focus is in the list or its buttons.
    this.box.addEventListener('keydown', (e) => {
      if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
        e.preventDefault();
        e.stopPropagation();
        stepReplay(app, e.key === 'ArrowLeft' ? -1 : 1);
      }
    });
  }

  /** Redraws the list: the move shown marked and in view. */
  update() {
    const game = this.app.game, list = this.list;
    const moves = game.writtenMoves(), shown = game.shownPly();
    list.innerHTML = '';
    this.box.hidden = !game.rec.started || game.readonly;
    moves.forEach((m, i) => {
      list.appendChild(el('li', { 'data-ply': String(i + 1), class: i + 1 === shown ? 'on' : null,
        'aria-current': i + 1 === shown ? 'step' : null }, [el('b', { text: String(i + 1) }), m]));
    });
    this.back.disabled = shown === 0;
    this.on.disabled = game.replay === null;
    this.branch.hidden = game.replay === null;
    const current = /** @type {HTMLElement|null} */ (list.querySelector('li.on'));
    if (current) list.scrollTop = Math.max(0, current.offsetTop - list.clientHeight / 2);
    else if (game.replay === null) list.scrollTop = list.scrollHeight;
  }
}
