/* games/tictactoe.js: 井字棋 on the page (seed 004).
 *
 * The simplest game module: app/registry.js (GameModule) lists the fields
 * a module gives the shell; the module draws the engine's description and
 * turns a press into an action, the engine knows the rules. */
import { registerGame } from '../app/registry.js';
import { el } from '../ui/dom.js';
import { INK, ring, roundRect } from '../ui/draw.js';

/**
 * The engine's description of a position (engine.describe).
 * @typedef {object} TicTacToeView
 * @property {string} status
 * @property {string} reason
 * @property {string} cells nine of 'x', 'o' and '.', row by row
 * @property {string} turn the side to move ('' when over)
 * @property {number[]} line the winning three (indices), or none
 */
/** @typedef {import('../app/registry.js').GameModule<TicTacToeView>} TicTacToeModule */

function ink(side, colors) { return side === 'x' ? colors.red : colors.blue; }

function geometry(w, h) {
  const size = Math.min(w, h);
  const pad = size * 0.08;
  const cell = (size - 2 * pad) / 3;
  return { x0: (w - 3 * cell) / 2, y0: (h - 3 * cell) / 2, cell: cell };
}

function centre(g, i) {
  return [g.x0 + (i % 3 + 0.5) * g.cell, g.y0 + (Math.floor(i / 3) + 0.5) * g.cell];
}

function drawMark(ctx, g, i, side, alpha, grow, colors) {
  const c = centre(g, i), r = g.cell * 0.3 * (grow === undefined ? 1 : grow);
  ctx.save();
  ctx.globalAlpha = alpha;
  ctx.lineCap = 'round';
  ctx.lineWidth = g.cell * 0.1;
  ctx.strokeStyle = ink(side, colors);
  ctx.beginPath();
  if (side === 'x') {
    ctx.moveTo(c[0] - r, c[1] - r); ctx.lineTo(c[0] + r, c[1] + r);
    ctx.moveTo(c[0] + r, c[1] - r); ctx.lineTo(c[0] - r, c[1] + r);
  } else {
    ctx.arc(c[0], c[1], r, 0, Math.PI * 2);
  }
  ctx.stroke();
  ctx.restore();
}

/** @param {CanvasRenderingContext2D} ctx @param {number} w @param {number} h @param {TicTacToeView} view
 * @param {any} ui */
function draw(ctx, w, h, view, ui) {
  const g = geometry(w, h);
  ctx.fillStyle = INK.tttPaper;
  roundRect(ctx, 0, 0, w, h, 10);
  ctx.fill();
  // The # of four lines, as drawn on paper.
  ctx.strokeStyle = ui.contrast ? '#000' : INK.tttLines;
  ctx.lineCap = 'round';
  ctx.lineWidth = Math.max(3, g.cell * (ui.contrast ? 0.06 : 0.045));
  ctx.beginPath();
  for (let k = 1; k < 3; k++) {
    ctx.moveTo(g.x0 + k * g.cell, g.y0 + g.cell * 0.06);
    ctx.lineTo(g.x0 + k * g.cell, g.y0 + 3 * g.cell - g.cell * 0.06);
    ctx.moveTo(g.x0 + g.cell * 0.06, g.y0 + k * g.cell);
    ctx.lineTo(g.x0 + 3 * g.cell - g.cell * 0.06, g.y0 + k * g.cell);
  }
  ctx.stroke();
  const fresh = ui.anim ? Number(ui.anim.action) - 1 : -1;
  for (let i = 0; i < 9; i++) {
    const c = view.cells.charAt(i);
    if (c === '.') continue;
    drawMark(ctx, g, i, c, 1, i === fresh ? 0.4 + 0.6 * ui.anim.t : 1, ui.colors);
  }
  const hover = ui.hover !== null && ui.hover !== undefined ? Number(ui.hover) - 1 : -1;
  if (ui.humanTurn && hover >= 0 && view.cells.charAt(hover) === '.') {
    drawMark(ctx, g, hover, view.turn, 0.25, 1, ui.colors);
  }
  if (ui.hint) {
    const hi = Number(ui.hint) - 1, hc = centre(g, hi);
    // The mark itself, faint (a hint, or a review's better move), inside the ring.
    if (view.cells.charAt(hi) === '.' && view.turn) drawMark(ctx, g, hi, view.turn, 0.3, 1, ui.colors);
    ring(ctx, hc[0], hc[1], g.cell * 0.4, ui.colors.orange, ui.now);
  }
  if (ui.cursor) {
    const cc = centre(g, Number(ui.cursor) - 1);
    ctx.save();
    ctx.strokeStyle = ui.colors.cursor;
    ctx.lineWidth = 3;
    ctx.strokeRect(cc[0] - g.cell * 0.46, cc[1] - g.cell * 0.46, g.cell * 0.92, g.cell * 0.92);
    ctx.restore();
  }
  if (view.line.length === 3 && !ui.anim) {
    const a = centre(g, view.line[0]), b = centre(g, view.line[2]);
    const dx = (b[0] - a[0]) * 0.18, dy = (b[1] - a[1]) * 0.18;
    ctx.save();
    ctx.strokeStyle = 'rgba(43,33,24,.75)';
    ctx.lineWidth = g.cell * 0.07;
    ctx.lineCap = 'round';
    ctx.beginPath();
    ctx.moveTo(a[0] - dx, a[1] - dy);
    ctx.lineTo(b[0] + dx, b[1] + dy);
    ctx.stroke();
    ctx.restore();
  }
}

/** @param {TicTacToeView} view @param {number} w @param {number} h @param {number} x @param {number} y */
function hit(view, w, h, x, y) {
  const g = geometry(w, h);
  const col = Math.floor((x - g.x0) / g.cell), row = Math.floor((y - g.y0) / g.cell);
  if (col < 0 || col > 2 || row < 0 || row > 2) return null;
  return String(row * 3 + col + 1);
}

/* The original's start screen: pick your side, then who moves first. */
function startOverlay(api, done) {
  const t = api.t, rec = api.rec;
  const choice = { side: rec.settings.side || 'x', first: rec.settings.first || 'x' };
  const vsAi = rec.mode === 'ai';
  function group(label, key, options) {
    const buttons = options.map(function (o) {
      return el('button', {
        class: 'choice', 'aria-pressed': String(choice[key] === o.value), 'data-value': o.value,
        onclick: function () {
          choice[key] = o.value;
          buttons.forEach(function (b) {
            b.setAttribute('aria-pressed', String(b.getAttribute('data-value') === o.value));
          });
        }
      }, [o.label]);
    });
    return el('div', {}, [el('p', { text: label }), el('div', { class: 'row' }, buttons)]);
  }
  const body = el('div', {}, [
    vsAi ? group(t('chooseSide'), 'side', [{ value: 'x', label: 'X' }, { value: 'o', label: 'O' }]) : null,
    group(t('chooseFirst'), 'first', [{ value: 'x', label: t('xFirst') }, { value: 'o', label: t('oFirst') }])
  ]);
  return api.dialog({
    title: t('title'), body: body, dismissable: false,
    buttons: [{ label: t('start'), primary: true, onclick: function () { done(choice); } }]
  });
}


/** "square 6 (row 2, column 3)": a cell as the move list writes it (its
 * number, 1-9 row by row), and where that is. */
/** @param {string} action @param {TicTacToeView} view @param {import('../i18n.js').Translate} t
 * @param {string} move */
function actionText(action, view, t, move) {
  const i = Number(action) - 1;
  return t('cell', { move: move, r: Math.floor(i / 3) + 1, c: i % 3 + 1 });
}

/** The nine squares for a screen reader: "square 5, X".
 * @param {TicTacToeView} view @param {import('../i18n.js').Translate} t */
function cells(view, t) {
  return view.cells.split('').map(function (c, i) {
    const id = String(i + 1);
    return { key: id, target: id, row: Math.floor(i / 3), col: i % 3, coord: t('square', { n: id }),
      what: c === '.' ? t('empty') : c.toUpperCase() };
  });
}

/** @type {TicTacToeModule} */
const tictactoe = {
  id: 'tictactoe',
  review: { kind: 'moves' },
  texts: {
    zh: { title: '井字棋', chooseSide: '选择你的棋子', chooseFirst: '谁先走', xFirst: 'X 先',
      oFirst: 'O 先', start: '开始游戏', taken: '这里已经有棋子了', cell: '{move} 号格（第{r}行第{c}列）',
      hintWin: '提示：{move}，{n}步内必胜', hintDraw: '提示：{move}，稳守和棋',
      hintLose: '提示：{move}（怎么走都会输，这步撑得最久）', reason_line: '三子连成一线', square: '{n} 号格',
      place_1: '左上角', place_2: '上边中间', place_3: '右上角', place_4: '左边中间', place_5: '正中间',
      place_6: '右边中间', place_7: '左下角', place_8: '下边中间', place_9: '右下角' },
    en: { title: 'Tic-tac-toe', chooseSide: 'Choose your mark', chooseFirst: 'Who moves first',
      xFirst: 'X first', oFirst: 'O first', start: 'Start', taken: 'That square is taken',
      cell: 'square {move} (row {r}, column {c})', hintWin: 'Hint: {move}, wins within {n} {n:move|moves}',
      hintDraw: 'Hint: {move}, holds the draw',
      hintLose: 'Hint: {move} (every move loses now; this one lasts longest)',
      reason_line: 'three in a row', square: 'square {n}',
      place_1: 'top left', place_2: 'top middle', place_3: 'top right', place_4: 'middle left',
      place_5: 'centre', place_6: 'middle right', place_7: 'bottom left', place_8: 'bottom middle',
      place_9: 'bottom right' }
  },
  levelNames: { zh: ['入门', '中等', '大师'], en: ['Beginner', 'Medium', 'Master'] },
  levelNotes: {
    zh: ['随便落子', '能赢就赢，会堵你的连线，爱占中间和角', '从不会输'],
    en: ['Plays anywhere', 'Wins when it can, blocks your lines, likes the centre and corners', 'Never loses'],
  },
  // A first visit plays a level a newcomer can beat; the strongest is one choice away (the level list).
  defaultLevel: 2,
  settings: [
    { key: 'side', type: 'select', hidden: true, default: 'x',
      options: [{ value: 'x', label: 'X' }, { value: 'o', label: 'O' }], label: { zh: '', en: '' } },
    { key: 'first', type: 'select', hidden: true, default: 'x',
      options: [{ value: 'x', label: 'X' }, { value: 'o', label: 'O' }], label: { zh: '', en: '' } }
  ],
  params: function (settings) { return settings.first; },
  adoptParams: function (params) { return params === 'x' || params === 'o' ? { first: params } : null; },
  startOverlay: startOverlay,
  startFromOptions: function (opts) { return { side: opts.first === 'ai' ? 'o' : 'x', first: 'x' }; },
  applyStart: function (choice, rec) {
    return { settings: { side: choice.side, first: choice.first },
      humanFirst: rec.mode === 'pvp' || choice.side === choice.first };
  },
  aspect: function () { return 1; },
  draw: draw,
  hit: hit,
  targets: function (view, w, h) {
    const out = [], g = geometry(w, h);
    for (let i = 0; i < 9; i++) {
      const c = centre(g, i);
      out.push({ id: String(i + 1), col: i % 3, row: Math.floor(i / 3), x: c[0], y: c[1] });
    }
    return out;
  },
  act: function (target, view, ui) {
    return ui.legal.indexOf(target) >= 0 ? { action: target } : { toast: 'taken' };
  },
  animation: function () { return { duration: 160 }; },
  sideName: function (side) { return side.toUpperCase(); },
  sideColor: function (side, settings, view, colors) { return ink(side, colors); },
  actionText,
  moveName: (move, t) => t('place_' + move),
  movePlace: function (action, view, w, h) {
    const g = geometry(w, h);
    return { to: centre(g, Number(action) - 1), r: g.cell * 0.32 };
  },
  cells,
  // A hint names the square as the player sees it ("top right").
  hintText: function (info, view, t, written) {
    const move = t('place_' + written);
    if (info.score > 0) return t('hintWin', { move: move, n: Math.ceil((10 - info.score) / 2) });
    if (info.score < 0) return t('hintLose', { move: move });
    return t('hintDraw', { move: move });
  }
};
registerGame(tictactoe);
