/* app/review.js: the review of a game (复盘). The engine judges each move
 * in a worker of its own, a ply at a time (a progress bar and Cancel);
 * then an evaluation graph under the move list (press it to replay that
 * move), marks beside the moves (?!, ?, ??, ⊘), the better move at a
 * marked ply (drawn as a ghost on the board, and in words: how it wins),
 * and each side's accuracy. A lost minesweeper game is reviewed too: the
 * fatal click's odds, and the cells that were provably safe then, marked
 * on the board. A marked move can be practised as a puzzle
 * (review-practice.js), and a link can open a game in its review. A
 * review belongs to the game it was made for: a new move, an undo or
 * another game drops it (the last one is kept, to come back to). */
import { engine } from '../engine/load.js';
import { AiWorker } from '../engine/worker.js';
import { el } from '../ui/dom.js';
import { theme } from '../ui/draw.js';
import { graphKeys, graphValue } from './a11y-review.js';
import { Practice } from './review-practice.js';
import { openShareCard, recordText } from './share.js';
import { sideName } from './words.js';

/** @typedef {import('./app.js').App} App */
/** @typedef {{ply: number, move: string, best: string, side: string, value_before: number,
 *   value_after: number, class: string|null, missed_win: boolean, exact: boolean,
 *   outcome_before?: string, win_in?: number, win_by?: string, p_mine?: number,
 *   safe_known?: boolean, forced_guess?: boolean, safe?: string[]}} ReviewPly */

/** The signs beside a move, by its class. */
const MARKS = /** @type {Record<string, string>} */ ({ inaccuracy: '?!', mistake: '?', blunder: '??' });
const MISSED_WIN = '⊘';

const GRAPH_HEIGHT = 96;
const GRAPH_PAD = 6; // the line keeps clear of the edges

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
    /** @type {{ply: number, action: string|null}|null} the ghost's action at a ply, found once */
    this.ghostAt = null;
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
    this.ghostAt = null;
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
    panel.start.hidden = this.running || done || practising || !canReview(app);
    panel.progressRow.hidden = !this.running;
    panel.graph.hidden = !done || loss;
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
    drawGraph(panel.graph, this.plies, this.shownPly());
    panel.words.textContent = this.wordsAt(this.shownPly());
    graphValue(panel.graph, this.plies.length, this.shownPly(), app.t('viewingMove', { n: this.shownPly(),
      total: this.plies.length }) + app.t('sentenceSep') + panel.words.textContent);
    panel.summary.textContent = app.t('reviewAccuracy', { sides: this.accuracyWords() });
  }

  /** The better move at the position shown, when the move played from it
   * is marked: its action, for the board to draw as a ghost. */
  ghost() {
    if (!this.done() || this.ofLoss()) return null;
    const shown = this.shownPly(), p = this.plies[shown];
    if (!marked(p) || !p.best || p.best === p.move) return null;
    if (!this.ghostAt || this.ghostAt.ply !== shown) {
      const game = this.app.game;
      this.ghostAt = { ply: shown, action: actionOf(game.gameId, game.rec.history[shown], p.best) };
    }
    return this.ghostAt.action;
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
    return t('reviewLost', { move: p.move, p: odds }) +
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

  /** The words under the graph: the better move, at the position before a
   * marked move, or on the marked move itself. @param {number} shown */
  wordsAt(shown) {
    const p = marked(this.plies[shown]) ? this.plies[shown] : this.plies[shown - 1];
    if (!marked(p)) return this.app.t('reviewGraphNote');
    const t = this.app.t.bind(this.app);
    const kinds = [];
    if (MARKS[p.class || '']) kinds.push(t('mark_' + p.class));
    if (p.missed_win) kinds.push(t('reviewMissed'));
    const better = t('reviewBetter', { n: p.ply, move: p.move, kind: kinds.join(t('listSeparator')), best: p.best });
    const ghost = p.ply === shown + 1 && this.ghost() ? t('reviewGhost') : '';
    return better + winWords(p, t) + ghost;
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
    start.focus({ preventScroll: true });
  } }, [t('reviewCancel')]);
  const progressRow = el('div', { class: 'review-progress' },
    [el('span', { text: t('reviewing') }), bar, cancel]);
  const graph = /** @type {HTMLCanvasElement} */ (el('canvas', { class: 'review-graph', role: 'img',
    'aria-label': t('reviewGraph'), height: String(GRAPH_HEIGHT) }));
  graphKeys(graph, app);
  graph.addEventListener('click', (e) => {
    const n = review.plies.length, box = graph.getBoundingClientRect();
    if (!n || !box.width) return;
    app.viewPly(Math.round(((e.clientX - box.left - GRAPH_PAD) / (box.width - 2 * GRAPH_PAD)) * n));
  });
  const words = el('p', { class: 'review-words', 'aria-live': 'polite' });
  const summary = el('p', { class: 'review-summary' });
  const practise = /** @type {HTMLButtonElement} */ (el('button', { class: 'review-practise',
    onclick: () => review.practice.start(review.shownPly()) }, [t('reviewPractice')]));
  const share = /** @type {HTMLButtonElement} */ (el('button', { class: 'review-share',
    onclick: () => openShareCard(app, { review: true }) }, [t('reviewShare')]));
  const practiceRow = el('div', { class: 'review-actions' }, []);
  const box = el('div', { class: 'review' }, [start, progressRow, graph, words,
    el('div', { class: 'review-actions' }, [practise, share]), practiceRow, summary]);
  return { box, start, progressRow, bar, graph, words, summary, practise, share, practiceRow };
}

/** The first player's win chance after each ply (0: the start). The
 * engine gives the mover's. @param {ReviewPly[]} plies */
function firstPlayerCurve(plies) {
  const first = plies[0].side;
  const mine = (/** @type {ReviewPly} */ p, /** @type {number} */ v) => (p.side === first ? v : 1 - v);
  return [mine(plies[0], plies[0].value_before), ...plies.map((p) => mine(p, p.value_after))];
}

/** The graph: x the ply, y the first player's chance, dots at marked
 * moves, a bar at the ply shown.
 * @param {HTMLCanvasElement} canvas @param {ReviewPly[]} plies @param {number} shown */
function drawGraph(canvas, plies, shown) {
  const width = Math.max(120, Math.round(canvas.clientWidth || 280));
  const scale = window.devicePixelRatio || 1;
  canvas.width = width * scale;
  canvas.height = GRAPH_HEIGHT * scale;
  const g = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
  g.scale(scale, scale);
  // The theme's colours (ui/draw.js THEMES): dark in the dark theme, every mark at 3:1 or more.
  const ink = theme();
  g.fillStyle = ink.graphBack;
  g.fillRect(0, 0, width, GRAPH_HEIGHT);
  if (!plies.length) return;
  const pad = GRAPH_PAD, h = GRAPH_HEIGHT - 2 * pad;
  const x = (/** @type {number} */ ply) => (ply / plies.length) * (width - 2 * pad) + pad;
  const y = (/** @type {number} */ v) => pad + (1 - v) * h;
  g.strokeStyle = ink.graphMid;
  g.beginPath();
  g.moveTo(0, y(0.5));
  g.lineTo(width, y(0.5));
  g.stroke();
  g.fillStyle = ink.graphBar;
  g.fillRect(x(shown) - 1.5, 0, 3, GRAPH_HEIGHT);
  const curve = firstPlayerCurve(plies);
  g.strokeStyle = ink.graphLine;
  g.lineWidth = 2;
  g.beginPath();
  curve.forEach((v, i) => (i ? g.lineTo(x(i), y(v)) : g.moveTo(x(i), y(v))));
  g.stroke();
  plies.forEach((p) => {
    if (!marked(p)) return;
    g.fillStyle = ink.dots[MARKS[p.class || ''] ? p.class || '' : 'missed'];
    g.beginPath();
    g.arc(x(p.ply), y(curve[p.ply]), 4, 0, 2 * Math.PI);
    g.fill();
  });
}
