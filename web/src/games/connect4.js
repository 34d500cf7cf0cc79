/* games/connect4.js: 四子重力棋 Connect Four on the page (seed 001, issue 3).
 *
 * The original's blue board: W x H round holes (its 规格, 4..9 each way,
 * chosen under the board), stones in the two colours the user picked, of
 * the size picked. A stone drops into the hole its column lands on (it
 * falls behind the board's face, seen through the holes, and bounces once);
 * the column under the pointer or the keyboard cursor is lit, the stone in
 * hand waits above it, and the winning four is ringed and struck through.
 *
 * Hint: the computer's best column (level 4, the exact solver where it
 * finishes) and its score in words ("wins in 7 moves", 第7步获胜). The
 * analysis toggle asks the engine's analyze() and writes every column's
 * exact score above the columns (win in n / draw / loss in n, the best
 * columns outlined). Keyboard: left/right choose the column, Enter or Space
 * drops. See tictactoe.js for the fields of a module; every rule question
 * goes to the engine (ui.legal, describe()'s drop/win/last). */
import { registerGame } from '../app/registry.js';
import { boardSizeSelect, boardSizeSettings } from '../ui/board-size.js';
import { el } from '../ui/dom.js';
import {
  INK, PALETTES, THEMES, UI_FONT, colourKey, inkOn, readableOn, reducedMotion, ring, roundRect, stone, textOn, theme,
} from '../ui/draw.js';
import { Analysis } from './analysis.js';

/**
 * The engine's description of a position (engine.describe). Cells are
 * [col, row], row 0 at the top.
 * @typedef {object} Connect4View
 * @property {string} status
 * @property {string} reason
 * @property {number} w
 * @property {number} h
 * @property {string[]} rows top to bottom: '1', '2' or '.'
 * @property {number} moves how many discs are down
 * @property {string} turn the side to move
 * @property {number[]|null} last
 * @property {number[]} drop the row a disc dropped in each column lands on (-1: full)
 * @property {number[][]} win the winning lines' cells, line after line
 */

/**
 * The module's state for one game in play: its controls and the
 * analysis of the position shown.
 * @typedef {{controls: {analysis: HTMLElement}|null, syncSize: (() => void)|null, analysis: Analysis}}
 *   Connect4State
 */
/** @typedef {import('../app/registry.js').GameModule<Connect4View, Connect4State>} Connect4Module */
/** @typedef {import('../app/module-api.js').ModuleApi<Connect4State>} Api */

const SIDE = [4, 9];
const PRESETS = ['7x6', '6x5', '8x7', '9x6', '5x4'];
const STRIP = 1.05; // the strip above the board (stone in hand, analysis), in cells
const PAD = 0.5; // the board's rim around the holes, in cells (the original: half a stone)
const LABELS = 0.62; // column numbers under the board, in cells
const DEFAULT_COLORS = { one: '#d6312b', two: '#f4c20d' };

/** @returns {Connect4State} */
function createState() {
  return { controls: null, syncSize: null, analysis: new Analysis() };
}

/** @param {Connect4View} view */
function key(view) { return view.w + 'x' + view.h + ':' + view.rows.join('/') + ':' + view.turn; }

/* ---- colours: the user's two, or the palette's when left at the defaults
 * (so the colour-blind palette changes them too). */
function stoneColor(side, settings, colors) {
  const k = side === '1' ? 'one' : 'two';
  const chosen = settings[k] || DEFAULT_COLORS[k];
  if (colors && colors !== PALETTES.normal && chosen.toLowerCase() === DEFAULT_COLORS[k]) {
    return side === '1' ? colors.red : colors.yellow;
  }
  return chosen;
}

/* ---- geometry: one unit is a cell (a hole's pitch) */
function geometry(view, w, h) {
  const uw = view.w + 2 * PAD, uh = STRIP + view.h + 2 * PAD + LABELS;
  const s = Math.min(w / uw, h / uh);
  const left = (w - s * uw) / 2, top = (h - s * uh) / 2 + STRIP * s;
  return { s: s, bx: left, by: top, bw: s * uw, bh: s * (view.h + 2 * PAD),
    x0: left + PAD * s, y0: top + PAD * s, stripY: top - STRIP * s / 2 };
}
function cellAt(g, col, row) { return [g.x0 + (col + 0.5) * g.s, g.y0 + (row + 0.5) * g.s]; }
function stoneRadius(g, settings) { return g.s * (Number(settings.stone) || 0.84) / 2; }
function holeRadius(g, settings) { return stoneRadius(g, settings) + Math.max(1, g.s * 0.02); }

/* ---- drawing */

function drawBack(ctx, g, view, ui) {
  ctx.save();
  // What shows through the holes: the room behind the board (dark in the dark theme).
  ctx.fillStyle = ui.contrast ? '#ffffff' : theme().holes;
  roundRect(ctx, g.bx + g.s * 0.1, g.by + g.s * 0.1, g.bw - g.s * 0.2, g.bh - g.s * 0.2, g.s * 0.3);
  ctx.fill();
  ctx.restore();
}

function drawStones(ctx, g, view, ui) {
  const r = stoneRadius(g, ui.settings);
  for (let row = 0; row < view.h; row++) {
    for (let col = 0; col < view.w; col++) {
      const side = view.rows[row].charAt(col);
      if (side === '.') continue;
      const c = cellAt(g, col, row);
      stone(ctx, c[0], c[1], r, stoneColor(side, ui.settings, ui.colors));
    }
  }
}

/* The blue face with its holes cut out (even-odd), over the stones. */
function drawFace(ctx, g, view, ui) {
  const hr = holeRadius(g, ui.settings);
  ctx.save();
  const blue = ctx.createLinearGradient(0, g.by, 0, g.by + g.bh);
  blue.addColorStop(0, ui.contrast ? '#0b3d91' : '#2f6fd6');
  blue.addColorStop(1, ui.contrast ? '#082f70' : '#1f54b0');
  ctx.fillStyle = blue;
  roundRect(ctx, g.bx, g.by, g.bw, g.bh, g.s * 0.32);
  for (let row = 0; row < view.h; row++) {
    for (let col = 0; col < view.w; col++) {
      const c = cellAt(g, col, row);
      ctx.moveTo(c[0] + hr, c[1]);
      ctx.arc(c[0], c[1], hr, 0, Math.PI * 2);
    }
  }
  ctx.shadowColor = 'rgba(0,0,0,.3)';
  ctx.shadowBlur = g.s * 0.18;
  ctx.shadowOffsetY = g.s * 0.06;
  ctx.fill('evenodd');
  ctx.shadowColor = 'transparent';
  // A rim inside each hole, darker at the top: the hole has depth.
  ctx.lineWidth = Math.max(1, g.s * 0.035);
  for (let row = 0; row < view.h; row++) {
    for (let col = 0; col < view.w; col++) {
      const p = cellAt(g, col, row);
      ctx.strokeStyle = ui.contrast ? '#000' : 'rgba(10,30,80,.55)';
      ctx.beginPath();
      ctx.arc(p[0], p[1], hr, Math.PI * 1.05, Math.PI * 1.95);
      ctx.stroke();
      ctx.strokeStyle = 'rgba(255,255,255,.25)';
      ctx.beginPath();
      ctx.arc(p[0], p[1], hr, Math.PI * 0.1, Math.PI * 0.9);
      ctx.stroke();
    }
  }
  ctx.restore();
}

function drawLabels(ctx, g, view, ui, lit) {
  ctx.save();
  ctx.font = Math.round(Math.max(10, Math.min(g.s * 0.34, 16))) + 'px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  // The numbers sit on the page, light or dark: the theme's ink (AA, ui/draw.js contrastPairs).
  const ink = theme();
  for (let col = 0; col < view.w; col++) {
    ctx.fillStyle = col === lit ? ink.labelLit : ui.contrast ? (ink === THEMES.light ? '#000' : '#fff') : ink.label;
    ctx.font = (col === lit ? '700 ' : '') + Math.round(Math.max(10, Math.min(g.s * 0.34, 16))) + 'px system-ui, sans-serif';
    ctx.fillText(String(col + 1), cellAt(g, col, 0)[0], g.by + g.bh + LABELS * g.s * 0.55);
  }
  ctx.restore();
}

/* describe()'s win lists each line's cells in order; a new line starts
 * where the step between cells changes. */
function winLines(win) {
  const lines = [];
  /** @type {any} a run of cells, with the step between them */
  let line = null;
  for (let i = 0; i < win.length; i++) {
    const p = win[i];
    if (line && line.length >= 1) {
      const q = line[line.length - 1];
      const step = [p[0] - q[0], p[1] - q[1]];
      const near = Math.abs(step[0]) <= 1 && Math.abs(step[1]) <= 1 && (step[0] || step[1]);
      const same = line.length < 2 || step[0] === line.step[0] && step[1] === line.step[1];
      if (near && same) { line.step = step; line.push(p); continue; }
    }
    line = [p];
    line.step = null;
    lines.push(line);
  }
  return lines.filter(function (l) { return l.length > 1; });
}

function drawWin(ctx, g, view, ui) {
  const r = stoneRadius(g, ui.settings);
  ctx.save();
  ctx.lineCap = 'round';
  winLines(view.win).forEach(function (line) {
    const a = cellAt(g, line[0][0], line[0][1]), b = cellAt(g, line[line.length - 1][0], line[line.length - 1][1]);
    [[g.s * 0.2, 'rgba(255,255,255,.9)'], [g.s * 0.12, ui.colors.green]].forEach(function (pen) {
      ctx.lineWidth = pen[0];
      ctx.strokeStyle = pen[1];
      ctx.beginPath();
      ctx.moveTo(a[0], a[1]);
      ctx.lineTo(b[0], b[1]);
      ctx.stroke();
    });
  });
  view.win.forEach(function (p) {
    const c = cellAt(g, p[0], p[1]);
    [[Math.max(3, g.s * 0.1), '#ffffff'], [Math.max(2, g.s * 0.06), ui.colors.green]].forEach(function (pen) {
      ctx.lineWidth = pen[0];
      ctx.strokeStyle = pen[1];
      ctx.beginPath();
      ctx.arc(c[0], c[1], r * 0.98, 0, Math.PI * 2);
      ctx.stroke();
    });
  });
  ctx.restore();
}

function drawLast(ctx, g, view, ui) {
  if (!view.last || view.win.length) return;
  const c = cellAt(g, view.last[0], view.last[1]), r = stoneRadius(g, ui.settings);
  const side = view.rows[view.last[1]].charAt(view.last[0]);
  ctx.save();
  ctx.fillStyle = inkOn(stoneColor(side, ui.settings, ui.colors));
  ctx.globalAlpha = 0.75;
  ctx.beginPath();
  ctx.arc(c[0], c[1], Math.max(2.5, r * 0.2), 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

/* The column under the pointer or the cursor, lit over the face. */
function drawColumnLight(ctx, g, view, col, color, alpha) {
  ctx.save();
  ctx.globalAlpha = alpha;
  ctx.fillStyle = color;
  roundRect(ctx, g.x0 + col * g.s + g.s * 0.04, g.by + g.s * 0.12, g.s * 0.92, g.bh - g.s * 0.24, g.s * 0.4);
  ctx.fill();
  ctx.restore();
}

/* Where the falling stone is at time t (0..1): gravity, then one small bounce. */
function fallY(fromY, toY, t, s) {
  const land = 0.86;
  if (t < land) { const u = t / land; return fromY + (toY - fromY) * u * u; }
  return toY - s * 0.12 * Math.sin(Math.PI * (t - land) / (1 - land));
}

/** @param {CanvasRenderingContext2D} ctx @param {number} w @param {number} h @param {Connect4View} view
 * @param {any} ui */
function draw(ctx, w, h, view, ui) {
  const anim = ui.anim, shown = anim ? anim.from : view;
  const g = geometry(view, w, h), r = stoneRadius(g, ui.settings);
  const analysis = ui.state.analysis.answer(key(view));
  const col = anim ? -1 : columnOf(ui.cursor !== null && ui.cursor !== undefined ? ui.cursor : ui.hover);
  const open = col >= 0 && ui.humanTurn && ui.legal.indexOf(String(col + 1)) >= 0;
  drawBack(ctx, g, view, ui);
  drawStones(ctx, g, shown, ui);
  if (anim) {
    const ac = Number(anim.action) - 1, row = anim.from.drop[ac];
    const target = cellAt(g, ac, row);
    const y = fallY(g.stripY, target[1], anim.t, g.s);
    stone(ctx, target[0], y, r, stoneColor(anim.from.turn, ui.settings, ui.colors));
  } else if (open && !ui.settings.analysis && !ui.hint) {
    // The stone in hand, above the column it would drop into.
    const top = cellAt(g, col, 0);
    stone(ctx, top[0], g.stripY, r, stoneColor(view.turn, ui.settings, ui.colors));
  }
  drawFace(ctx, g, view, ui);
  if (open) drawColumnLight(ctx, g, view, col, '#ffffff', 0.16);
  if (open) {
    const land = cellAt(g, col, view.drop[col]);
    stone(ctx, land[0], land[1], r, stoneColor(view.turn, ui.settings, ui.colors), 0.35);
  }
  if (!anim) {
    drawLast(ctx, g, view, ui);
    if (view.win.length) drawWin(ctx, g, view, ui);
  }
  if (!anim && ui.cursor !== null && ui.cursor !== undefined) {
    const cc = columnOf(ui.cursor);
    ctx.save();
    ctx.strokeStyle = ui.colors.cursor;
    ctx.lineWidth = Math.max(2.5, g.s * 0.07);
    roundRect(ctx, g.x0 + cc * g.s + g.s * 0.03, g.by + g.s * 0.08, g.s * 0.94, g.bh - g.s * 0.16, g.s * 0.4);
    ctx.stroke();
    ctx.restore();
  }
  if (ui.hint && !anim) {
    const hcol = Number(ui.hint) - 1;
    if (view.drop[hcol] >= 0) {
      const hc = cellAt(g, hcol, view.drop[hcol]);
      stone(ctx, hc[0], hc[1], r, stoneColor(view.turn, ui.settings, ui.colors), 0.5);
      // Orange on white shows on the blue face (the hint blue would not).
      ring(ctx, hc[0], hc[1], r * 1.04, '#ffffff');
      ring(ctx, hc[0], hc[1], r * 1.04, ui.colors.orange, ui.now);
      if (!ui.settings.analysis) arrow(ctx, hc[0], g.stripY, g.s, ui.colors.hint);
    }
  }
  if (!anim && ui.settings.analysis && analysis) drawScores(ctx, g, view, ui, analysis, col);
  drawLabels(ctx, g, view, ui, open ? col : -1);
}

function arrow(ctx, x, y, s, color) {
  ctx.save();
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.moveTo(x - s * 0.22, y - s * 0.2);
  ctx.lineTo(x + s * 0.22, y - s * 0.2);
  ctx.lineTo(x, y + s * 0.22);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}

/* ---- scores in words: the engine's English note read back */

/* "wins in 7 moves" -> {kind: 'win', n: 7}; "draw" -> {kind: 'draw'}. */
function readWords(words) {
  const m = /^(wins|loses) in (\d+) moves?$/.exec(words || '');
  if (m) return { kind: m[1] === 'wins' ? 'win' : 'loss', n: Number(m[2]) };
  return words === 'draw' ? { kind: 'draw', n: 0 } : null;
}
function sayWords(words, t) {
  const w = readWords(words);
  if (!w) return null;
  if (w.kind === 'draw') return t('wordsDraw');
  if (w.n === 1) return t(w.kind === 'win' ? 'wordsWinNow' : 'wordsLossNext');
  return t(w.kind === 'win' ? 'wordsWin' : 'wordsLoss', { n: w.n });
}
function shortWords(words, t) {
  const w = readWords(words);
  if (!w) return '?';
  return t(w.kind === 'draw' ? 'shortDraw' : w.kind === 'win' ? 'shortWin' : 'shortLoss', { n: w.n });
}
/* Why there is no exact score: the engine's reasons, translated. */
function sayReason(note, t) {
  if (/too large/.test(note)) return t('tooLarge');
  if (/budget/.test(note)) return t('overBudget');
  return note;
}

function drawScores(ctx, g, view, ui, data, lit) {
  const best = data.best || [];
  if (!Object.keys(data.words || {}).length) return; // nothing solved: the info line says why
  ctx.save();
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const fs = Math.round(Math.max(10, Math.min(g.s * 0.3, 15)));
  for (let col = 0; col < view.w; col++) {
    const id = String(col + 1);
    if (!(id in data.moves)) continue; // a full column
    const words = data.words && data.words[id];
    const w = readWords(words);
    const x = cellAt(g, col, 0)[0], bw = g.s * 0.9, bh = Math.min(g.s * 0.62, 30);
    const hue = !w ? '#6d6d6d' : w.kind === 'win' ? ui.colors.green : w.kind === 'loss' ? ui.colors.danger : '#6d6d6d';
    // Text at AA: the palette's colour darkened on the light chip, white or black on a filled one.
    const color = readableOn(hue, INK.chip), isBest = best.indexOf(id) >= 0;
    ctx.fillStyle = isBest ? hue : INK.chip;
    ctx.strokeStyle = color;
    ctx.lineWidth = col === lit ? 3 : 1.5;
    roundRect(ctx, x - bw / 2, g.stripY - bh / 2, bw, bh, bh / 2);
    ctx.fill();
    ctx.stroke();
    ctx.fillStyle = isBest ? textOn(hue) : color;
    ctx.font = '700 ' + fs + 'px ' + UI_FONT; // the player's words, Chinese too
    ctx.fillText(shortWords(words, ui.t), x, g.stripY + 1, bw - 4);
  }
  ctx.restore();
}

/* ---- input */

function columnOf(id) {
  if (id === null || id === undefined) return -1;
  const n = Number(id);
  return n >= 1 ? n - 1 : -1;
}

/** @param {Connect4View} view @param {number} w @param {number} h @param {number} x */
function hit(view, w, h, x) {
  const g = geometry(view, w, h);
  const col = Math.floor((x - g.x0) / g.s);
  if (x < g.bx || x > g.bx + g.bw) return null;
  return String(Math.min(view.w - 1, Math.max(0, col)) + 1);
}

/** @param {Connect4View} view @param {number} w @param {number} h */
function targets(view, w, h) {
  const g = geometry(view, w, h), out = [];
  for (let col = 0; col < view.w; col++) {
    const c = cellAt(g, col, view.drop[col] >= 0 ? view.drop[col] : 0);
    out.push({ id: String(col + 1), col: col, row: 0, x: c[0], y: c[1] });
  }
  return out;
}

/** @param {string} target @param {Connect4View} view @param {any} ui
 * @param {import('../ui/board.js').PressExtra} extra */
function act(target, view, ui, extra) {
  if (extra.secondary && !extra.long) return null; // a right click drops nothing
  if (ui.legal.indexOf(target) < 0) return view.drop[columnOf(target)] < 0 ? { toast: 'full' } : null;
  return { action: target };
}

/* A longer fall takes longer, as under gravity (time ~ the square root of the height).
 * @param {Connect4View} before @param {Connect4View} after @param {string} action */
function animation(before, after, action) {
  const row = before.drop[Number(action) - 1];
  if (row < 0) return null;
  if (reducedMotion()) return { duration: 60 };
  return { duration: Math.round(150 + 95 * Math.sqrt(row + 1)) };
}

/* ---- texts */

/* A column in words around its number, 1..W: the move as the move list
 * writes it (connect4's notation is the action). */
function colText(move, t) { return t('column', { n: move }); }

function hintText(info, view, t, written) {
  const move = colText(written, t);
  const words = sayWords(info.note, t);
  if (words) return t('hintIs', { move: move }) + t('sep') + words;
  return t('hintGuess', { move: move });
}

/* Exact: the best columns and the score. Not exact (some columns not
 * solved in the budget) but a win found: that win, said as partial. */
function analysisText(data, t) {
  const best = (data.best || []).map(function (c) { return colText(c, t); }).join(t('comma'));
  const words = sayWords(data.note, t);
  if (data.exact) return t('bestIs', { cols: best }) + t('sep') + words + ' · ' + t('legend');
  if (best && words) return t('partial', { cols: best, words: words }) + ' · ' + t('legend');
  return t('analysisOff', { why: sayReason(data.note || '', t) });
}

/* ---- analysis: asked only on a human's turn, so it never delays the computer */

/** @param {Api} api */
function askAnalysis(api) {
  const view = api.view(), st = api.state, k = key(view);
  if (!api.settings().analysis || !/^turn/.test(view.status) || !api.humanTurn() || api.busy()) return;
  if (st.analysis.asked(k)) return;
  api.setInfo(api.t('analyzing'));
  st.analysis.ask(api, k, 'analyze', { level: 4, seed: 1 }).then(function (data) {
    if (!data || !st.analysis.asked(k)) return;
    if (api.settings().analysis) api.setInfo(analysisText(data, api.t));
    api.invalidate();
  });
}

/* ---- the controls under the board: 规格 and the analysis toggle */

function sizeOf(settings) {
  function side(v, d) { v = Math.round(v); return v >= SIDE[0] && v <= SIDE[1] ? v : d; }
  return { cols: side(settings.cols, 7), rows: side(settings.rows, 6) };
}

/** @param {HTMLElement} node @param {Api} api */
function extraControls(node, api) {
  const t = api.t, st = api.state;
  const size = boardSizeSelect(api, { prefix: 'c4-', presets: PRESETS, side: SIDE, standard: '7x6',
    size: () => sizeOf(api.settings()) });
  const analysis = el('button', { class: 'c4-analysis', 'aria-pressed': 'false', onclick: function () {
    api.setSetting('analysis', !api.settings().analysis);
    st.analysis.forget();
    onRefresh(api);
  } }, [t('analysis')]);
  node.append(...size.nodes, analysis);
  st.controls = { analysis: analysis };
  st.syncSize = size.sync;
}

/** @param {Api} api */
function sync(api) {
  const st = api.state, c = st.controls;
  if (!c) return;
  if (st.syncSize) st.syncSize();
  c.analysis.setAttribute('aria-pressed', String(!!api.settings().analysis));
}

function infoLine(api, view, t) {
  const parts = [t('sizeIs', { rows: view.h, cols: view.w }), t('moveNo', { n: view.moves })];
  const last = api.lastMove() || (view.last ? String(view.last[0] + 1) : null);
  if (last) parts.push(t('lastMove', { move: colText(last, t) }));
  return parts.join(' · ');
}

/** @param {Api} api */
function onRefresh(api) {
  const view = api.view(), t = api.t, st = api.state;
  sync(api);
  const shown = api.settings().analysis && st.analysis.answer(key(view));
  api.setInfo(shown ? analysisText(shown, t) : infoLine(api, view, t));
  askAnalysis(api);
}

function resultBody(api) {
  return el('p', { text: api.t('resultMoves', { n: api.view().moves }) });
}

/** Every cell for a screen reader, rows counted from the bottom as the
 * discs stack; a press on any cell drops in its column.
 * @param {Connect4View} view @param {import('../i18n.js').Translate} t
 * @param {import('../app/registry.js').CellContext} ctx */
function cells(view, t, ctx) {
  const out = [];
  view.rows.forEach(function (line, y) {
    line.split('').forEach(function (c, x) {
      out.push({ key: x + ',' + y, target: String(x + 1), row: y, col: x,
        coord: t('cellCoord', { c: x + 1, r: view.h - y }), what: c === '.' ? t('empty') : ctx.sideName(c) });
    });
  });
  return out;
}

/** @type {Connect4Module} */
const connect4 = {
  id: 'connect4',
  createState,
  review: { kind: 'moves' },
  texts: {
    zh: {
      one: '先手方', two: '后手方', side: '{colour}方', sep: '，', comma: '、', column: '第{n}列', cellCoord: '第{c}列第{r}行', full: '这一列已经满了',
      reason_line: '四子连成一线', reason_full: '棋盘已满，和棋', resultMoves: '共 {n} 手',
      sizeLabel: '规格（行×列）', standard: '（标准）', custom: '自定义…', customTitle: '自定义规格',
      rows: '行数', cols: '列数', customNote: '行数和列数都在 {lo} 到 {hi} 之间',
      sizeIs: '{rows} 行 × {cols} 列', moveNo: '第 {n} 手', lastMove: '上一手 {move}',
      analysis: '分析', analyzing: '分析中…', bestIs: '最佳：{cols}',
      legend: '列上方：胜N = 第N步获胜，负N = 对方第N步获胜',
      analysisOff: '无法精确分析：{why}',
      partial: '{cols}：{words}（其余列没能在限定时间内算完）',
      wordsWin: '第{n}步获胜', wordsLoss: '对方第{n}步获胜', wordsDraw: '和棋',
      wordsWinNow: '这一步就赢', wordsLossNext: '对方下一步获胜',
      shortWin: '胜{n}', shortLoss: '负{n}', shortDraw: '和',
      hintGuess: '提示：{move}（算不出确切结果，这是估计最好的一步）',
      tooLarge: '棋盘太大，算不出确切结果，只能估计',
      overBudget: '这个局面太复杂，限定时间内没算完，只能估计',
      level4Heuristic: '电脑这一步不是精确解：{why}'
    },
    en: {
      one: 'First player', two: 'Second player', side: '{colour}', sep: ', ', comma: ' / ', column: 'column {n}', cellCoord: 'column {c}, row {r}', full: 'That column is full',
      reason_line: 'four in a row', reason_full: 'the board is full: a draw', resultMoves: '{n} {n:move|moves}',
      sizeLabel: 'Board (rows × cols)', standard: ' (standard)', custom: 'Custom…', customTitle: 'Custom board',
      rows: 'Rows', cols: 'Columns', customNote: 'Rows and columns from {lo} to {hi}',
      sizeIs: '{rows} rows × {cols} columns', moveNo: 'move {n}', lastMove: 'last {move}',
      analysis: 'Analysis', analyzing: 'Analysing…', bestIs: 'Best: {cols}',
      legend: 'above the columns: W n = wins with its n-th move, L n = the opponent wins with its n-th',
      analysisOff: 'No exact analysis: {why}',
      partial: '{cols} {words} (the other columns were not solved in time)',
      wordsWin: 'wins in {n} {n:move|moves}', wordsLoss: 'loses in {n} {n:move|moves}', wordsDraw: 'draw',
      wordsWinNow: 'wins with this move', wordsLossNext: 'loses in 1 move',
      shortWin: 'W{n}', shortLoss: 'L{n}', shortDraw: 'D',
      hintGuess: 'Hint: {move} (no sure result here: the best guess)',
      tooLarge: 'this board is too big to work out exactly, so it guesses',
      overBudget: 'it could not work this position out in time, so it guesses',
      level4Heuristic: "The computer's move is not exact: {why}"
    }
  },
  // My games: a 7x6 game from its start as Pascal Pons' move string (its columns from 1, run
  // together: the moves as the record already writes them), and such a string back.
  library: {
    lines: { label: { zh: '四子棋 7×6：Pascal Pons 走法串', en: 'Connect Four 7×6: Pascal Pons\' move strings' },
      line: function (game) { return game.start === '7x6' ? game.moves.join('') : null; } },
    readLine: function (line) { return /^[1-7]{1,42}$/.test(line) ? 'connect4 7x6 | ' + line : null; },
  },
  levelNames: { zh: ['入门', '简单', '困难', '大师'], en: ['Beginner', 'Easy', 'Hard', 'Master'] },
  levelNotes: {
    zh: ['在上一手附近随便落子', '会堵你的三连', '向前算 8 步', '标准棋盘上走法完美（算不完时会告诉你）'],
    en: ['Drops near the last stone', 'Blocks your threes', 'Looks 8 moves ahead',
      'Perfect on the standard board (says so when it cannot be sure)'],
  },
  // A first visit plays a level a newcomer can beat; the strongest is one choice away (the level list).
  defaultLevel: 2,
  hintLevel: 4,
  settings: boardSizeSettings(SIDE, 6, 7).concat([
    { key: 'one', type: 'color', default: DEFAULT_COLORS.one, label: { zh: '先手棋子颜色', en: 'First player\'s colour' } },
    { key: 'two', type: 'color', default: DEFAULT_COLORS.two, label: { zh: '后手棋子颜色', en: 'Second player\'s colour' } },
    { key: 'stone', type: 'select', default: 0.84, label: { zh: '棋子大小', en: 'Stone size' },
      options: [
        { value: 0.66, label: { zh: '小', en: 'Small' } },
        { value: 0.76, label: { zh: '中', en: 'Medium' } },
        { value: 0.84, label: { zh: '大', en: 'Large' } },
        { value: 0.9, label: { zh: '特大', en: 'Extra large' } }
      ] },
    { key: 'analysis', type: 'checkbox', hidden: true, default: false, label: { zh: '分析', en: 'Analysis' } }
  ]),
  params: function (settings) {
    const s = sizeOf(settings);
    return s.cols + 'x' + s.rows;
  },
  adoptParams: function (params) {
    const m = /^(\d)x(\d)$/.exec(params);
    return m ? { cols: Number(m[1]), rows: Number(m[2]) } : null;
  },
  aspect: function (view) { return (STRIP + view.h + 2 * PAD + LABELS) / (view.w + 2 * PAD); },
  draw: draw,
  hit: hit,
  targets: targets,
  moveName: colText,
  movePlace: function (action, view, w, h) {
    const g = geometry(view, w, h), col = Number(action) - 1;
    return { to: cellAt(g, col, Math.max(0, view.drop[col])), r: g.s * 0.42 };
  },
  act: act,
  animation: animation,
  sideName: function (side, t, view, settings) {
    // Red and Yellow by default: a side is named by its stones' colour.
    const mine = colourKey(stoneColor(side, settings)), other = colourKey(stoneColor(side === '1' ? '2' : '1', settings));
    return mine === other ? t(side === '1' ? 'one' : 'two') : t('side', { colour: t(mine) });
  },
  sideColor: function (side, settings, view, colors) { return stoneColor(side, settings, colors); },
  actionText: function (action, view, t, move) { return colText(move, t); },
  cells: cells,
  hintText: hintText,
  /* Level 4 says when its move is not the solver's (too large a board,
   * or off the book and not solved within the budget). */
  aiNote: function (info, api) {
    if (api.rec.level === 4 && typeof info.score !== 'number' && info.note) {
      api.toast(api.t('level4Heuristic', { why: sayReason(info.note, api.t) }), 3500);
    }
  },
  resultBody: resultBody,
  onRefresh: onRefresh,
  extraControls: extraControls
};
registerGame(connect4);
