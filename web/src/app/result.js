/* app/result.js: a finished game's result, where it hides nothing: the
 * status line says it (words.js statusLine), and the side panel holds it
 * under the controls: who won and why, the game's own lines (a module's
 * resultBody), and what next (replay, review, a new game). It covers no
 * control and leaves the board in view. The end is said and reported
 * once for a finished position (an undo or a new game lets it come
 * again); a finished game opened from a link shows its result unsaid. */
import { el } from '../ui/dom.js';
import { canReview } from './review.js';
import { resultReason, resultTitle } from './words.js';

/** @typedef {import('./app.js').App} App */

export class ResultPanel {
  /** @param {App} app */
  constructor(app) {
    this.app = app;
    /** @type {string|null} the finished position whose end was said */
    this.saidFor = null;
    /** @type {string|null} the finished position the panel shows */
    this.shownFor = null;
    /** @type {HTMLElement|null} the panel's Review, while the panel shows and offers it */
    this.reviewButton = null;
  }

  /** Whether the panel shows (the review then offers its Review there). */
  showing() {
    return this.shownFor !== null;
  }

  /** A review runs or is done: the panel's Review goes (the review's own
   * words and graph are under the move list). @param {boolean} busy */
  reviewing(busy) {
    if (this.reviewButton) this.reviewButton.hidden = busy;
  }

  /** A position that ends the game may be said again. */
  forget() {
    this.saidFor = null;
  }

  /** A finished game opened to look at (a link): its result, unsaid.
   * @param {string} pos */
  skip(pos) {
    this.saidFor = pos;
  }

  /** After each refresh: the result of a game that ended (said once), in
   * the side panel while the game stays finished, replayed or not. */
  offer() {
    const app = this.app, game = app.game, pos = game.pos(), t = app.t.bind(app);
    const over = !game.readonly && game.rec.started && !app.ai.busy() && game.lastOver();
    if (!over) {
      this.close();
      return;
    }
    // The panel is made at the game's last position (its lines are of that position).
    if (game.replay !== null && this.shownFor !== pos) return;
    if (this.saidFor !== pos) {
      this.saidFor = pos;
      const reason = resultReason(game, t);
      app.shell.clearMessage();
      game.mark({ hint: null });
      app.shell.say(resultTitle(game, t) + (reason ? ' — ' + reason : ''));
      app.events.emit('end', { game: game.gameId, status: game.status, reason: game.view.reason });
    }
    if (this.shownFor !== pos) this.show(pos);
  }

  /** @param {string} pos the finished position */
  show(pos) {
    const app = this.app, t = app.t.bind(app), game = app.game, mod = game.mod, shell = app.shell;
    this.shownFor = pos;
    const reason = resultReason(game, t);
    const button = (/** @type {string} */ label, /** @type {() => void} */ onclick, primary = false) =>
      el('button', { class: primary ? 'primary' : null, onclick }, [label]);
    this.reviewButton = canReview(app) ? button(t('review'), () => app.review.start()) : null;
    const buttons = [
      app.moves ? button(t('replay'), () => app.viewPly(0)) : null,
      this.reviewButton,
      // The original dark chess ends with 退出游戏: back to the games.
      mod.exitButton && shell.picker ? button(t('exitGame'), () => toPicker(app)) : null,
      button(t('newGameButton'), () => app.startNewGame(), true),
    ];
    shell.showResult(el('section', { class: 'result-box', 'aria-label': t('resultLabel') }, [
      el('h2', { text: resultTitle(game, t) }),
      reason ? el('p', { text: reason }) : null,
      mod.resultBody ? mod.resultBody(app.api) : null,
      el('div', { class: 'row' }, buttons),
    ]));
  }

  close() {
    if (this.shownFor === null) return;
    this.shownFor = null;
    this.reviewButton = null;
    this.app.shell.showResult(null);
  }
}

/** Leaves the game for the picker: its tabs come into view, the game's
 * own tab focused, ready to choose another. @param {App} app */
function toPicker(app) {
  const picker = app.shell.picker;
  if (!picker) return;
  picker.scrollIntoView({ block: 'nearest' });
  const tab = /** @type {HTMLElement|null} */ (picker.querySelector('[aria-pressed=true]'));
  if (tab) tab.focus({ preventScroll: true });
}
