/* app/result.js: the card of a finished game, beside the board: who won
 * and why, the game's own lines (a module's resultBody), and what next
 * (look at the board, replay, review, play again). It remembers the
 * position it was shown for, so that a refresh of the same finished
 * position does not show it again, and an undo or a new game lets it come
 * back. */
import { dialog } from '../ui/dialog.js';
import { canReview } from './review.js';
import { resultTitle } from './words.js';

/** @typedef {import('./app.js').App} App */
/** @typedef {import('../ui/dialog.js').DialogHandle} DialogHandle */

const DELAY_MS = 350; // the last move is seen before the card comes

export class ResultCard {
  /** @param {App} app */
  constructor(app) {
    this.app = app;
    /** @type {string|null} the finished position the card was shown for */
    this.shownFor = null;
    /** @type {DialogHandle|null} */
    this.card = null;
  }

  /** A position that ends the game may show the card again. */
  forget() {
    this.shownFor = null;
  }

  /** A finished game opened to look at (a link): its board, no card.
   * @param {string} pos */
  skip(pos) {
    this.shownFor = pos;
  }

  /** Shows the card once for a finished game on its last position. */
  offer() {
    const app = this.app, game = app.game, pos = game.pos(), t = app.t.bind(app);
    if (!game.isOver() || this.shownFor === pos || app.ai.busy() || game.replay !== null || game.readonly) return;
    this.shownFor = pos;
    const title = resultTitle(game, t);
    const reason = game.view.reason ? t('reason_' + game.view.reason) : '';
    app.shell.clearMessage();
    game.mark({ hint: null });
    app.shell.say(title + (reason ? ' — ' + reason : ''));
    app.events.emit('end', { game: game.gameId, status: game.status, reason: game.view.reason });
    const delay = game.mod.resultDelay === undefined ? DELAY_MS : game.mod.resultDelay;
    app.scope.later(() => {
      const starting = app.startCard && !app.startCard.closed;
      if (game.isOver() && this.shownFor === game.pos() && !this.card && !starting) this.open(title, reason);
    }, delay);
  }

  /** @param {string} title @param {string} reason */
  open(title, reason) {
    const app = this.app, t = app.t.bind(app), mod = app.game.mod, shell = app.shell;
    this.card = dialog(shell.side, {
      title, text: reason, focus: app.engaged, docked: true,
      body: mod.resultBody ? mod.resultBody(app.api) : null,
      buttons: [
        { label: t('viewBoard') },
        app.moves ? { label: t('replay'), onclick: () => app.viewPly(0) } : null,
        canReview(app) ? { label: t('review'), onclick: () => app.review.start() } : null,
        // The original dark chess ends with 退出游戏: back to the games.
        mod.exitButton && shell.picker ? { label: t('exitGame'), onclick: () => toPicker(app) } : null,
        { label: t('playAgain'), primary: true, onclick: () => app.newGame() },
      ].filter((b) => b !== null),
      onclose: () => { this.card = null; },
    });
    this.card.node.scrollIntoView({ block: 'nearest' });
  }

  close() {
    if (this.card) this.card.close();
    this.card = null;
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
