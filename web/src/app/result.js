/* app/result.js: the card of a finished game, beside the board: who won
 * and why, the game's own lines (a module's resultBody), and what next
 * (look at the board, replay, play again). It remembers the position it
 * was shown for, so that a refresh of the same finished position does
 * not show it again, and an undo or a new game lets it come back. */
import { dialog } from '../ui/dialog.js';
import { canReview } from './review.js';
import { viewPly } from './travel.js';

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
    const app = this.app, pos = app.pos();
    if (!app.isOver() || this.shownFor === pos || app.busy || app.replay !== null || app.readonly) return;
    this.shownFor = pos;
    const title = resultTitle(app);
    const reason = app.view.reason ? app.t('reason_' + app.view.reason) : '';
    app.clearMessage();
    app.ui.hint = null;
    app.announce(title + (reason ? ' — ' + reason : ''));
    app.emit('end', { game: app.gameId, status: app.status, reason: app.view.reason });
    const delay = app.mod.resultDelay === undefined ? DELAY_MS : app.mod.resultDelay;
    app.later(() => {
      if (app.isOver() && this.shownFor === app.pos() && !this.card && !app.startCard) this.open(title, reason);
    }, delay);
  }

  /** @param {string} title @param {string} reason */
  open(title, reason) {
    const app = this.app, t = app.t.bind(app);
    this.card = dialog(app.parts.side, {
      title, text: reason, focus: app.engaged, docked: true,
      body: app.mod.resultBody ? app.mod.resultBody(app.api()) : null,
      buttons: [
        { label: t('viewBoard') },
        app.parts.moves ? { label: t('replay'), onclick: () => viewPly(app, 0) } : null,
        canReview(app) ? { label: t('review'), onclick: () => app.review.start() } : null,
        // The original dark chess ends with 退出游戏: back to the games.
        app.mod.exitButton && app.parts.picker ? { label: t('exitGame'), onclick: () => app.toPicker() } : null,
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

/** The words of a finished game. @param {App} app */
export function resultTitle(app) {
  const t = app.t.bind(app), st = app.status;
  if (st === 'won') return t('youWin');
  if (st === 'lost') return t('youLose');
  if (st === 'draw') return t('draw');
  const winner = st.charAt(4);
  if (app.rec.mode === 'ai') return winner === app.humanSide() ? t('youWin') : t('youLose');
  return t('sideWins', { side: app.sideName(winner) });
}
