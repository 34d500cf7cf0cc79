/* games/ponghauqi.js: 区字棋 on the page (seed 003): the orange board,
 * the 区 shape of seven lines, black and white pieces, a 300 ms linear
 * slide during which clicks are ignored. See tictactoe.js for the fields. */
import { registerGame } from '../app/registry.js';
import { INK, arrow, ring, roundRect, stone } from '../ui/draw.js';

/**
 * The engine's description of a position (engine.describe).
 * @typedef {object} PongHauKiView
 * @property {string} status
 * @property {string} reason
 * @property {string} points the five points A..E: 'b', 'w' or '.'
 * @property {string} turn the side to move
 * @property {string} empty the empty point
 * @property {number} ply
 * @property {number} maxPly
 * @property {number} repeats how many times the position has come up
 * @property {string} movable the points whose piece can move
 * @property {{from: string, to: string}|null} last
 */
/** @typedef {import('../app/registry.js').GameModule<PongHauKiView>} PongHauKiModule */

const POINTS = 'ABCDE';
const AT = { A: [0.2, 0.2], B: [0.8, 0.2], C: [0.5, 0.5], D: [0.2, 0.8], E: [0.8, 0.8] };
const LINES = ['AB', 'AC', 'AD', 'BC', 'CD', 'CE', 'DE'];
/* The keyboard cursor: arrows go to the neighbouring corner, and the
 * arrows that point off the board from a corner go to the centre. */
const NAV = {
  A: { ArrowRight: 'B', ArrowDown: 'D', ArrowUp: 'C', ArrowLeft: 'C' },
  B: { ArrowLeft: 'A', ArrowDown: 'E', ArrowUp: 'C', ArrowRight: 'C' },
  C: { ArrowUp: 'A', ArrowRight: 'B', ArrowDown: 'E', ArrowLeft: 'D' },
  D: { ArrowUp: 'A', ArrowRight: 'E', ArrowDown: 'C', ArrowLeft: 'C' },
  E: { ArrowLeft: 'D', ArrowUp: 'B', ArrowDown: 'C', ArrowRight: 'C' }
};

function xy(p, w, h) { return [AT[p][0] * w, AT[p][1] * h]; }
function radius(w) { return w * 0.075; }

function piece(ctx, x, y, r, who) {
  stone(ctx, x, y, r, who === 'b' ? '#1d1d1f' : '#f7f7f2');
}

/** @param {CanvasRenderingContext2D} ctx @param {number} w @param {number} h @param {PongHauKiView} view
 * @param {any} ui */
function draw(ctx, w, h, view, ui) {
  ctx.fillStyle = INK.phkBoard;
  roundRect(ctx, 0, 0, w, h, 10);
  ctx.fill();
  ctx.strokeStyle = '#1d1d1f';
  ctx.lineWidth = Math.max(3, w * 0.012);
  ctx.lineCap = 'round';
  LINES.forEach(function (l) {
    const a = xy(l[0], w, h), b = xy(l[1], w, h);
    ctx.beginPath();
    ctx.moveTo(a[0], a[1]);
    ctx.lineTo(b[0], b[1]);
    ctx.stroke();
  });
  const r = radius(w);
  // Point labels, small, outside the pieces.
  ctx.fillStyle = INK.phkLetters; // AA contrast on the orange board
  ctx.font = Math.round(w * 0.04) + 'px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  POINTS.split('').forEach(function (p) {
    const c = xy(p, w, h), dy = p === 'C' ? r * 1.6 : (AT[p][1] < 0.5 ? -r * 1.55 : r * 1.55);
    ctx.fillText(p, c[0], c[1] + dy);
  });
  // While a piece slides, draw the position before the move.
  const shown = ui.anim ? ui.anim.from : view;
  const moving = ui.anim ? ui.anim.action : null;
  POINTS.split('').forEach(function (p, i) {
    const who = shown.points.charAt(i);
    const c = xy(p, w, h);
    if (who === '.') {
      ctx.beginPath();
      ctx.arc(c[0], c[1], r * 0.28, 0, Math.PI * 2);
      ctx.fillStyle = 'rgba(29,29,31,.35)';
      ctx.fill();
      return;
    }
    if (p === moving) return;
    const lift = ui.humanTurn && !ui.anim && p === ui.hover && view.movable.indexOf(p) >= 0;
    piece(ctx, c[0], c[1] - (lift ? r * 0.12 : 0), r, who);
    if (ui.humanTurn && !ui.anim && view.movable.indexOf(p) >= 0) {
      ring(ctx, c[0], c[1], r * 1.22, 'rgba(255,255,255,.85)');
    }
  });
  if (view.last && !ui.anim) {
    // The last move, as gomoku and connect four mark theirs: a dot on the
    // piece that slid and a faint trail from where it came.
    const to = xy(view.last.to, w, h), from = xy(view.last.from, w, h);
    ctx.save();
    ctx.strokeStyle = 'rgba(181,84,45,.55)';
    ctx.lineWidth = r * 0.18;
    ctx.lineCap = 'round';
    ctx.setLineDash([r * 0.05, r * 0.35]);
    ctx.beginPath();
    ctx.moveTo(from[0], from[1]);
    ctx.lineTo(to[0] + (from[0] - to[0]) * r * 1.1 / Math.hypot(from[0] - to[0], from[1] - to[1]),
      to[1] + (from[1] - to[1]) * r * 1.1 / Math.hypot(from[0] - to[0], from[1] - to[1]));
    ctx.stroke();
    ctx.restore();
    ctx.beginPath();
    ctx.arc(to[0], to[1], r * 0.2, 0, Math.PI * 2);
    ctx.fillStyle = '#e0552b';
    ctx.fill();
  }
  if (moving) {
    const from = xy(moving, w, h), to = xy(ui.anim.from.empty, w, h), t = ui.anim.t;
    piece(ctx, from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t, r,
      ui.anim.from.points.charAt(POINTS.indexOf(moving)));
  }
  if (ui.hint && !ui.anim) {
    // The hint: a ring on the piece and an arrow to where it slides.
    const hc = xy(ui.hint, w, h), to = xy(view.empty, w, h);
    ring(ctx, hc[0], hc[1], r * 1.35, ui.colors.hint, ui.now);
    arrow(ctx, hc, to, r, ui.colors.hint);
  }
  if (ui.cursor) {
    const cc = xy(ui.cursor, w, h);
    ctx.save();
    ctx.setLineDash([6, 4]);
    ring(ctx, cc[0], cc[1], r * 1.5, '#1d1d1f');
    ctx.restore();
  }
}

/** @param {PongHauKiView} view @param {number} w @param {number} h @param {number} x @param {number} y */
function hit(view, w, h, x, y) {
  let best = null, bestD = Infinity;
  POINTS.split('').forEach(function (p) {
    const c = xy(p, w, h), d = Math.hypot(c[0] - x, c[1] - y);
    if (d < bestD) { bestD = d; best = p; }
  });
  return bestD <= radius(w) * 1.6 ? best : null;
}

/** The five points for a screen reader, in three rows: A B, C, D E.
 * @param {PongHauKiView} view @param {import('../i18n.js').Translate} t
 * @param {import('../app/registry.js').CellContext} ctx */
function cells(view, t, ctx) {
  return POINTS.split('').map(function (p, i) {
    const who = view.points.charAt(i);
    return { key: p, target: p, row: AT[p][1] * 2, col: AT[p][0] * 2, coord: t('point', { p: p }),
      what: who === '.' ? t('empty') : ctx.sideName(who) };
  });
}

/** @type {PongHauKiModule} */
const ponghauqi = {
  id: 'ponghauqi',
  review: { kind: 'moves' },
  texts: {
    zh: { b: '黑方', w: '白方', notYours: '这不是你的棋子', cannotMove: '这颗棋子走不了',
      plies: '第 {n}/{max} 步', repeats: '这个局面已出现 {n} 次（第 3 次即和棋）', point: '{p} 点', slide: '{from} 点 → {to} 点',
      lastMove: '上一步：{from}→{to}',
      reason_stuck: '对方被困住，无路可走', hintWin: '提示：走 {move}，{n} 步内取胜',
      hintDraw: '提示：走 {move}，保持和棋', hintLose: '提示：走 {move}（怎么走都会输，这步撑得最久）' },
    en: { b: 'Black', w: 'White', notYours: 'That is not your piece', cannotMove: 'That piece cannot move',
      plies: 'Move {n}/{max}', repeats: 'this position has come up {n} times (the third time is a draw)',
      lastMove: 'last move {from}→{to}',
      point: 'point {p}', slide: 'point {from} → point {to}', reason_stuck: 'the other side is stuck',
      hintWin: 'Hint: move {move}, wins within {n} {n:move|moves}', hintDraw: 'Hint: move {move}, holds the draw',
      hintLose: 'Hint: move {move} (every move loses now; this one lasts longest)' }
  },
  levelNames: { zh: ['入门', '大师'], en: ['Beginner', 'Master'] },
  levelNotes: {
    zh: ['能把你困住就困住，否则随便走', '从不会输'],
    en: ['Traps you when it can, else moves at random', 'Never loses'],
  },
  // A first visit plays a level a newcomer can beat; the strongest is one choice away (the level list).
  defaultLevel: 1,
  aspect: function () { return 1; },
  draw: draw,
  hit: hit,
  targets: function (view, w, h) {
    return POINTS.split('').map(function (p) {
      const c = xy(p, w, h);
      return { id: p, col: AT[p][0] * 2, row: AT[p][1] * 2, x: c[0], y: c[1], nav: NAV[p] };
    });
  },
  movePlace: function (action, view, w, h) {
    return { from: xy(action, w, h), to: xy(view.empty, w, h), r: radius(w) };
  },
  act: function (target, view, ui) {
    if (ui.legal.indexOf(target) >= 0) return { action: target };
    const who = view.points.charAt(POINTS.indexOf(target));
    if (who === '.') return null;
    return { toast: who === view.turn ? 'cannotMove' : 'notYours' };
  },
  animation: function () { return { duration: 300 }; },
  sideName: function (side, t) { return t(side); },
  sideColor: function (side) { return side === 'b' ? '#1d1d1f' : '#f7f7f2'; },
  actionText: function (action, view, t, move) { return t('slide', { from: move, to: view.empty }); },
  cells: cells,
  hintText: function (info, view, t, move) {
    if (info.score > 0) return t('hintWin', { move: move, n: Math.ceil((100 - info.score) / 2) });
    if (info.score < 0) return t('hintLose', { move: move });
    return t('hintDraw', { move: move });
  },
  onRefresh: function (api) {
    const view = api.view(), t = api.t;
    api.setInfo(t('plies', { n: view.ply, max: view.maxPly }) +
      (view.last ? ' · ' + t('lastMove', view.last) : '') +
      (view.repeats > 1 ? ' · ' + t('repeats', { n: view.repeats }) : ''));
  }
};
registerGame(ponghauqi);
