/* app/review.js: the review of a game (复盘). The engine judges each move
 * in a worker of its own, a ply at a time (a progress bar and Cancel);
 * then an evaluation graph under the move list (press it to replay that
 * move), marks beside the moves (?!, ?, ??, ⊘), and on a marked move, as
 * lichess shows it, that move's judgement in words and the better move
 * from the position it was played in, drawn as an arrow on the board
 * after it (and in words: how it wins), and each side's accuracy. A lost minesweeper game is reviewed too: the
 * fatal click's odds, and the cells that were provably safe then, marked
 * on the board. A marked move can be practised as a puzzle
 * (review-practice.js), and a link can open a game in its review. A
 * review belongs to the game it was made for: a new move, an undo or
 * another game drops it (the last one is kept, to come back to). */
import { engine } from '../engine/load.js';
import { AiWorker } from '../engine/worker.js';
import { el } from '../ui/dom.js';
import { arrow, ring } from '../ui/draw.js';
import { graphKeys, graphValue } from './a11y-review.js';
import { ReviewGraph, firstPlayerCurve } from './review-graph.js';
import { Practice } from './review-practice.js';
import { openShareCard, recordText } from './share.js';
import { moveName, sideName } from './words.js';

/** @typedef {import('./app.js').App} App */
/** @typedef {{ply: number, move: string, best: string, side: string, value_before: number,
 *   value_after: number, class: string|null, missed_win: boolean, exact: boolean,
 *   outcome_before?: string, win_in?: number, win_by?: string, p_mine?: number,
 *   safe_known?: boolean, forced_guess?: boolean, safe?: string[]}} ReviewPly */
/** The better move after a marked ply: its action and the move played's, on
 * the position they were played in (its view).
 * @typedef {{best: string, played: string|null, view: any}} BetterArrow */

/** The signs beside a move, by its class. */
const MARKS = /** @type {Record<string, string>} */ ({ inaccuracy: '?!', mistake: '?', blunder: '??' });
const MISSED_WIN = '⊘';


/** Whether the game shown can be reviewed: a game with a move list, or a
 * lost game where its module reviews a loss (GameModule.review).
 * @param {App} app */
export function canReview(app) {
  const game = app.game, way = game.mod.review;
  if (!way || game.ply() < 1) return false;
  return way.kind === 'loss' ? game.status === 'lost' : !!app.moves;
}

/** Whether a ply deserves a dot and a line in words. @param {ReviewPly|undefined} p */
export function marked(p) {
  return !!(p && (MARKS[p.class || ''] || p.missed_win));
}

/** How the better move wins, in words (", wins by VCF in 7"), or ''.
 * @param {ReviewPly} p @param {(key: string, vars?: any) => string} t */
export function winWords(p, t) {
  if (p.win_by === 'vcf') return t('reviewWinVcf', { n: p.win_in || 0 });
  if (p.win_by === 'vct') return t('reviewWinVct');
  if (p.win_by === 'four') return t('reviewWinFour');
  if (p.win_in === 1) return t('reviewWinAtOnce');
  if (p.win_in) return t('reviewWinIn', { n: p.win_in });
  if (p.exact && p.outcome_before === 'draw') return t('reviewHoldsDraw');
  return '';
}

/** The legal action that the game writes as `move` on pos, or null.
 * @param {string} game @param {string} pos @param {string} move */
export function actionOf(game, pos, move) {
  try {
    return engine.legal(game, pos).find((a) => engine.move(game, pos, a) === move) || null;
  } catch {
    return null;
  }
}

export class GameReview {
  /** @param {App} app */
  constructor(app) {
    this.app = app;
    // A worker of its own: the computer's moves and hints never cancel a review.
    this.worker = new AiWorker({ timeoutMs: 30000 });
    /** @type {string|null} the game the review (running or done) is for */
    this.key = null;
    /** @type {ReviewPly[]} */
    this.plies = [];
    /** @type {any} the engine's whole answer, once done */
    this.result = null;
    this.running = false;
    this.total = 0;
    /** @type {ReturnType<typeof buildPanel>|null} */
    this.panel = null;
    /** @type {{key: string, result: any}|null} the last review done, kept for a return to its game */
    this.kept = null;
    /** @type {{ply: number, arrow: BetterArrow|null}|null} the better move's arrow at a ply, found once */
    this.arrowAt = null;
    this.practice = new Practice(app, this);
  }

  /** A review of the game shown is done. */
  done() {
    return this.result !== null && this.key === this.gameKey();
  }

  /** The game shown, as far as a review cares. */
  gameKey() {
    const game = this.app.game, h = game.rec.history;
    return game.gameId + ' ' + h.length + ' ' + h[0] + ' ' + h[h.length - 1];
  }

  /** Starts reviewing the game shown (a review already running stops). */
  start() {
    const app = this.app;
    if (!canReview(app)) return;
    this.cancel();
    let text;
    try {
      text = recordText(app);
    } catch (e) {
      app.shell.toast(app.t('reviewFailed', { why: /** @type {Error} */ (e).message }));
      return;
    }
    const key = this.key = this.gameKey();
    // The same game again (back from practice, a review link opened twice): no work.
    if (this.kept && this.kept.key === key) {
      this.finish(this.kept.result);
      return;
    }
    this.running = true;
    this.total = app.game.ply();
    this.update();
    this.worker.review(text, null, (progress) => this.progressed(key, progress)).then((result) => {
      if (this.key === key) this.finish(result);
    }, (/** @type {Error} */ err) => {
      if (this.key !== key) return;
      this.drop();
      if (err.message === 'no worker') app.shell.toast(app.t('reviewNoWorker'));
      else if (err.message !== 'cancelled') app.shell.toast(app.t('reviewFailed', { why: err.message }));
      this.update();
    });
  }

  /** The review's answer is in: shown, announced, kept. @param {any} result */
  finish(result) {
    const app = this.app;
    this.running = false;
    this.result = result;
    this.plies = result.plies;
    this.kept = { key: /** @type {string} */ (this.key), result };
    this.arrowAt = null;
    app.shell.say(this.ofLoss() ? this.lostWords() : app.t('reviewAccuracy', { sides: this.accuracyWords() }));
    this.update();
    app.shell.board.invalidate();
  }

  /** Whether the review is of a lost game's fatal move (not of every move). */
  ofLoss() {
    const way = this.app.game.mod.review;
    return !!way && way.kind === 'loss';
  }

  /** @param {string} key @param {{done: number, total: number, entry: ReviewPly}} progress */
  progressed(key, progress) {
    if (this.key !== key) return;
    this.plies.push(progress.entry);
    this.total = progress.total;
    this.showProgress();
  }

  /** Stops a review in flight and forgets any review. */
  cancel() {
    if (this.running) this.worker.cancelReview();
    this.drop();
  }

  drop() {
    this.key = null;
    this.running = false;
    this.result = null;
    this.plies = [];
  }

  stop() {
    this.drop();
    this.worker.stop();
  }

  /** After each refresh: a review of another game goes; the panel, the
   * marks and the words follow the position shown. */
  update() {
    const app = this.app;
    if (this.key !== null && this.key !== this.gameKey()) this.cancel();
    const moves = app.moves;
    // Under the move list; a loss's (no list) beside the board.
    const host = moves ? moves.box : this.ofLoss() ? app.shell.side : null;
    if (!host) return;
    if (!this.panel || !host.contains(this.panel.box)) {
      if (this.panel) this.panel.box.remove();
      this.panel = buildPanel(app, this);
      host.appendChild(this.panel.box);
    }
    const panel = this.panel, done = this.result !== null, loss = this.ofLoss();
    const practising = this.practice.update(panel);
    // A finished game's result offers it (result.js): one Review button at a time.
    panel.start.hidden = this.running || done || practising || !canReview(app) || app.result.showing();
    app.result.reviewing(this.running || done || practising);
    panel.progressRow.hidden = !this.running;
    panel.chart.box.hidden = panel.graph.hidden = panel.scale.hidden = !done || loss;
    panel.words.hidden = !done && !practising;
    panel.summary.hidden = !done || loss;
    panel.share.hidden = !done;
    panel.practise.hidden = !done || loss || !this.practice.canStart(this.shownPly());
    if (this.running) this.showProgress();
    if (!done) return;
    if (loss) {
      panel.words.textContent = this.lostWords();
      return;
    }
    if (moves) this.markMoves(moves.list);
    panel.chart.draw();
    const shown = this.shownPly(), curve = firstPlayerCurve(this.plies);
    panel.words.textContent = this.wordsAt(shown);
    graphValue(panel.graph, this.plies.length, shown, app.t('viewingMove', { n: shown, total: this.plies.length }) +
      app.t('sentenceSep') + this.readout(shown, curve[shown]) + app.t('sentenceSep') + panel.words.textContent);
    panel.summary.textContent = app.t('reviewAccuracy', { sides: this.accuracyWords() });
  }

  /** The marked move that led to the position shown, or null.
   * @returns {ReviewPly|null} */
  markedHere() {
    const shown = this.shownPly(), p = shown > 0 ? this.plies[shown - 1] : undefined;
    return p && marked(p) ? p : null;
  }

  /** Where the board draws the better move on the position shown, after a
   * marked move: from the position that move was played in, the better
   * move's place (and the piece's, for a move from a square to another),
   * and the move played's; null where there is none to draw. */
  better() {
    if (!this.done() || this.ofLoss()) return null;
    const shown = this.shownPly(), p = this.markedHere(), mod = this.app.game.mod;
    if (!p || !p.best || p.best === p.move || !mod.movePlace) return null;
    if (!this.arrowAt || this.arrowAt.ply !== shown) {
      const game = this.app.game, id = game.gameId, pos = game.rec.history[shown - 1];
      const best = actionOf(id, pos, p.best), played = actionOf(id, pos, p.move);
      this.arrowAt = { ply: shown, arrow: best ? { best, played, view: engine.describe(id, pos) } : null };
    }
    return this.arrowAt.arrow;
  }

  /** Draws the better move over the board after a marked move: an arrow
   * from the piece it moves, or, where it places one, from the move
   * played to the better point (a ring where there is no arrow to draw).
   * @param {CanvasRenderingContext2D} ctx @param {number} w @param {number} h
   * @param {import('../ui/draw.js').Palette} colors */
  drawBetter(ctx, w, h, colors) {
    const b = this.better(), mod = this.app.game.mod;
    if (!b || !mod.movePlace || this.app.game.marks.anim) return;
    const best = mod.movePlace(b.best, b.view, w, h);
    const played = b.played ? mod.movePlace(b.played, b.view, w, h) : null;
    const from = best.from || (played && played.to);
    ctx.save();
    ctx.globalAlpha = 0.85;
    if (from && Math.hypot(from[0] - best.to[0], from[1] - best.to[1]) > best.r) {
      arrow(ctx, from, best.to, best.r, colors.green, Math.max(3, best.r * 0.3));
    } else {
      ring(ctx, best.to[0], best.to[1], best.r, colors.green);
    }
    ctx.restore();
  }

  /** What the board marks for a reviewed loss (the module's ReviewWay
   * marks: minesweeper's safe cells then, the fatal cell and its odds). */
  boardMarks() {
    const game = this.app.game, way = game.mod.review;
    if (!this.done() || !way || way.kind !== 'loss') return null;
    const p = this.plies[this.plies.length - 1];
    return p && game.view ? way.marks(p, game.view) : null;
  }

  /** The fatal click in words: its odds, and the safe cells there were. */
  lostWords() {
    const t = this.app.t.bind(this.app), p = this.plies[this.plies.length - 1];
    if (!p || p.p_mine === undefined) return '';
    const pct = p.p_mine * 100;
    const odds = pct > 0 && pct < 1 ? pct.toFixed(1) : String(Math.round(pct));
    return t('reviewLost', { move: moveName(this.app.game, t, p.move), p: odds }) +
      (p.forced_guess ? t('reviewForced') : t('reviewSafeCells', { n: (p.safe || []).length }));
  }

  showProgress() {
    if (!this.panel) return;
    this.panel.bar.max = Math.max(1, this.total);
    this.panel.bar.value = this.plies.length;
  }

  shownPly() {
    return this.app.game.shownPly();
  }

  /** The signs beside the moves of the list (drawn afresh by each refresh).
   * @param {HTMLElement} list */
  markMoves(list) {
    const t = this.app.t.bind(this.app);
    for (const item of /** @type {NodeListOf<HTMLElement>} */ (list.querySelectorAll('li[data-ply]'))) {
      const p = this.plies[Number(item.dataset.ply) - 1];
      if (!marked(p)) continue;
      const kinds = [];
      if (MARKS[p.class || '']) {
        kinds.push(t('mark_' + p.class));
        item.appendChild(el('span', { class: 'mark ' + p.class, text: MARKS[p.class || ''] }));
      }
      if (p.missed_win) {
        kinds.push(t('reviewMissed'));
        item.appendChild(el('span', { class: 'mark missed', title: t('reviewMissed'), text: MISSED_WIN }));
      }
      item.title = kinds.join(t('listSeparator'));
      item.setAttribute('aria-label', (item.textContent || '') + ' — ' + kinds.join(t('listSeparator')));
    }
  }

  /** The words under the graph: the judgement of the move that led to
   * the position shown, when it is marked, and the better move (drawn on
   * the board). @param {number} shown */
  wordsAt(shown) {
    const p = shown > 0 ? this.plies[shown - 1] : undefined;
    if (!p || !marked(p)) return this.app.t('reviewGraphNote');
    const t = this.app.t.bind(this.app), game = this.app.game;
    const kinds = [];
    if (MARKS[p.class || '']) kinds.push(t('mark_' + p.class));
    if (p.missed_win) kinds.push(t('reviewMissed'));
    const better = t('reviewBetter', { n: p.ply, move: moveName(game, t, p.move), kind: kinds.join(t('listSeparator')),
      best: moveName(game, t, p.best) });
    const drawn = this.better() ? t('reviewArrow') : '';
    return better + winWords(p, t) + drawn;
  }

  /** A ply on the graph in words: its number, the move as the player
   * reads it and its mark, and the first player's chances after it
   * ("Move 5 (bottom middle) ??: X's chances 0%").
   * @param {number} ply @param {number} chance the first player's, 0..1 */
  readout(ply, chance) {
    const app = this.app, game = app.game, t = app.t.bind(app), p = this.plies[ply - 1];
    const vars = { side: sideName(game, t, game.info.sides.charAt(0)), p: Math.round(chance * 100) };
    if (!p) return t('reviewAtStart', vars);
    const sign = (MARKS[p.class || ''] || '') + (p.missed_win ? MISSED_WIN : '');
    return t('reviewAtMove', { ...vars, n: ply, move: moveName(game, t, p.move) + (sign ? ' ' + sign : '') });
  }

  /** Each side's accuracy: "X 92% · O 70%". */
  accuracyWords() {
    const summary = (this.result && this.result.summary) || {};
    const app = this.app, t = app.t.bind(app);
    return Object.keys(summary).map((side) =>
      sideName(app.game, t, side) + ' ' + Math.round(summary[side].accuracy) + '%').join(' · ');
  }
}

/** The panel under the move list: Review, the progress while it runs,
 * then the graph and its words. @param {App} app @param {GameReview} review */
export function buildPanel(app, review) {
  const t = app.t.bind(app);
  const start = /** @type {HTMLButtonElement} */ (el('button', { class: 'review-start',
    onclick: () => review.start() }, [t('review')]));
  const bar = /** @type {HTMLProgressElement} */ (el('progress', { 'aria-label': t('reviewing') }));
  // The Cancel button goes: the focus moves to Review, not to the page.
  const cancel = el('button', { onclick: () => {
    review.cancel();
    review.update();
    // The Review that shows: this one, or the finished game's (result.js).
    const again = start.hidden ? app.result.reviewButton : start;
    if (again) again.focus({ preventScroll: true });
  } }, [t('reviewCancel')]);
  const progressRow = el('div', { class: 'review-progress' },
    [el('span', { text: t('reviewing') }), bar, cancel]);
  const game = app.game, sides = game.info.sides;
  const side = (/** @type {number} */ i) => sideName(game, t, sides.charAt(i));
  const chart = new ReviewGraph({
    plies: () => review.plies, shown: () => review.shownPly(), go: (ply) => app.viewPly(ply),
    readout: (ply, chance) => review.readout(ply, chance),
  }, t('reviewGraphLabel', { up: side(0), down: side(1) }));
  const graph = chart.canvas;
  graphKeys(graph, app);
  // The scale in words, under the graph (the graph's name says it to a screen reader).
  const scale = el('p', { class: 'review-scale', 'aria-hidden': 'true',
    text: t('reviewScale', { up: side(0), down: side(1) }) });
  const words = el('p', { class: 'review-words', 'aria-live': 'polite' });
  const summary = el('p', { class: 'review-summary' });
  const practise = /** @type {HTMLButtonElement} */ (el('button', { class: 'review-practise',
    onclick: () => review.practice.start(review.shownPly()) }, [t('reviewPractice')]));
  const share = /** @type {HTMLButtonElement} */ (el('button', { class: 'review-share',
    onclick: () => openShareCard(app, { review: true }) }, [t('reviewShare')]));
  const practiceRow = el('div', { class: 'review-actions' }, []);
  const box = el('div', { class: 'review' }, [start, progressRow, chart.box, scale, words,
    el('div', { class: 'review-actions' }, [practise, share]), practiceRow, summary]);
  return { box, start, progressRow, bar, graph, chart, scale, words, summary, practise, share, practiceRow };
}
