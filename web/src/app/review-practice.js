/* app/review-practice.js: learn from your mistakes. From a review, on a
 * marked move, the position it was played in opens as a puzzle (the puzzle mode's
 * opening: that position, the player to move, the computer answering in
 * a game against it); the player's move there is judged by the review's
 * own judge (one ply in the review's worker): right when it is the better
 * move or as good (class best or good, no win missed), else wrong, with
 * the better move named. Try again brings the position back; Back to the
 * review reopens the reviewed game at that move, its review kept. */
import { engine } from '../engine/load.js';
import { el } from '../ui/dom.js';
import { openShared } from './links.js';
import { recordText } from './share.js';
import { moveName, sideName } from './words.js';

/** @typedef {import('./app.js').App} App */
/** @typedef {import('./review.js').GameReview} GameReview */

export class Practice {
  /** @param {App} app @param {GameReview} review */
  constructor(app, review) {
    this.app = app;
    this.review = review;
    /** @type {{game: string, pos: string, best: string, move: string, ply: number, side: string,
     *   text: string, verdict: string|null, tried: string}|null} the puzzle under way */
    this.state = null;
    this.listening = false; // the app's events exist once it is built: heard from the first puzzle
  }

  /** Whether the move that led to ply `shown` can be practised. @param {number} shown */
  canStart(shown) {
    const p = shown > 0 ? this.review.plies[shown - 1] : undefined;
    return !!(p && p.best && p.best !== p.move && (p.missed_win || ['mistake', 'blunder', 'inaccuracy']
      .includes(p.class || '')));
  }

  /** Opens the position the move of ply `shown` was played in as a puzzle. @param {number} shown */
  start(shown) {
    const app = this.app, p = this.review.plies[shown - 1];
    if (!this.canStart(shown)) return;
    if (!this.listening) app.events.on('move', (/** @type {any} */ d) => this.moved(d));
    this.listening = true;
    this.state = { game: app.game.gameId, pos: app.game.rec.history[shown - 1], best: p.best, move: p.move, ply: p.ply,
      side: p.side, text: recordText(app), verdict: null, tried: '' };
    app.openPos(this.state.pos);
    this.focus();
  }

  /** Whether the game shown is the puzzle (else the puzzle is forgotten). */
  active() {
    const st = this.state, game = this.app.game;
    if (st && (game.gameId !== st.game || game.rec.history[0] !== st.pos)) this.state = null;
    return this.state !== null;
  }

  /** The player's move on the puzzle: judged once, the first move only.
   * @param {{game: string, action: string, ply: number}} d */
  moved(d) {
    const st = this.state;
    if (!st || !this.active() || d.ply !== 0 || st.verdict !== null) return;
    const game = st.game, move = engine.move(game, st.pos, d.action);
    st.tried = move;
    if (move === st.best) {
      this.judged(st, 'right');
      return;
    }
    st.verdict = 'checking';
    const text = engine.record(game, '=' + st.pos, '', [move]);
    this.review.worker.review(text, null, () => {}).then((r) => {
      const p = r.plies[0];
      this.judged(st, (p.class === 'best' || p.class === 'good') && !p.missed_win ? 'right' : 'wrong');
    }, () => this.judged(st, move === st.best ? 'right' : 'wrong'));
  }

  /** @param {NonNullable<Practice['state']>} st @param {string} verdict */
  judged(st, verdict) {
    if (this.state !== st) return;
    st.verdict = verdict;
    this.app.shell.say(this.words());
    this.review.update();
  }

  /** The puzzle's line: the task, then the verdict. */
  words() {
    const st = this.state, app = this.app, t = app.t.bind(app);
    if (!st) return '';
    const name = (/** @type {string} */ move) => moveName(app.game, t, move);
    const task = t('reviewPracticeTask', { n: st.ply, side: sideName(app.game, t, st.side), move: name(st.move) });
    if (st.verdict === 'checking') return t('reviewChecking');
    if (st.verdict === 'right') return t('reviewRight', { move: name(st.tried) });
    if (st.verdict === 'wrong') return t('reviewWrong', { move: name(st.tried), best: name(st.best) });
    return task;
  }

  /** Fills the panel while a puzzle is under way; false when none is.
   * @param {ReturnType<typeof import('./review.js').buildPanel>} panel */
  update(panel) {
    const practising = this.active();
    panel.practiceRow.hidden = !practising;
    panel.practiceRow.innerHTML = '';
    if (!practising) return false;
    const t = this.app.t.bind(this.app);
    panel.words.textContent = this.words();
    panel.practiceRow.append(
      el('button', { class: 'practice-again', onclick: () => this.again() }, [t('reviewTryAgain')]),
      el('button', { class: 'practice-back', onclick: () => this.back() }, [t('reviewBack')]));
    return true;
  }

  /** The puzzle's position again. */
  again() {
    const st = this.state;
    if (!st) return;
    st.verdict = null;
    st.tried = '';
    this.app.openPos(st.pos);
    this.focus();
  }

  /** The reviewed game again, at the practised move. */
  back() {
    const st = this.state, app = this.app;
    if (!st) return;
    this.state = null;
    if (openShared(app, st.text)) return;
    this.review.start();
    app.viewPly(st.ply);
    const start = this.review.panel && this.review.panel.practise;
    if (start && !start.hidden) start.focus({ preventScroll: true });
  }

  /** The board takes the focus: the player moves next. */
  focus() {
    const canvas = this.app.shell && this.app.shell.board.canvas;
    if (canvas && this.app.engaged) canvas.focus({ preventScroll: true });
  }
}
