/* games/gomoku.js: 五子棋 on the page (seed 001, issue 4).
 *
 * A wooden board of W x H intersections (5..25 each way) with grid lines,
 * star points and coordinates in the engine's notation, the one of links,
 * records and the move list (columns a.. from the left, rows 1.. from the
 * bottom: the centre of 15x15 is h8); the status words name moves so too. Stones in
 * the two colours and the size the user chose (the original's settings), the
 * last move marked, move numbers on demand, a preview of the stone under the
 * pointer on legal points only, renju's forbidden points drawn as a red x
 * with their reason, the winning row struck through. The original keeps its
 * 规格 (rows*cols) at the bottom right of the board: so does this page, in
 * the controls under the board, with a dialog for any size.
 *
 * On a phone a big board's points are a few pixels apart: a tap there shows
 * the stone first and a second tap on it plays (setting "confirm"). The
 * analysis button asks the engine's analyze() (level 3, or 4 when the
 * computer plays at 4) and draws the best move, the best candidates, the
 * forced win it found and the opponent's threat. See tictactoe.js for the
 * fields of a module. Every rule question goes to the engine: legality is
 * ui.legal, forbidden points and the winning row come from describe(). */
import { registerGame } from '../app/registry.js';
import { gomokuLibrary } from './gomoku-library.js';
import { bigNumber } from '../i18n.js';
import { boardSizeSelect, boardSizeSettings } from '../ui/board-size.js';
import { el } from '../ui/dom.js';
import { INK, UI_FONT, inkOn, ring, roundRect, stone } from '../ui/draw.js';
import { Analysis } from './analysis.js';
import { boardThreats } from './gomoku-threats.js';

/**
 * The engine's description of a position (engine.describe). Points are
 * [x, y], x from the left, y from the top.
 * @typedef {object} GomokuView
 * @property {string} status
 * @property {string} reason
 * @property {number} w
 * @property {number} h
 * @property {'free'|'exact'|'renju'} rule
 * @property {string} cells row by row: '1' black, '2' white, '.' empty
 * @property {string} turn the side to move
 * @property {number[][]} moves every stone in the order played
 * @property {number[]|null} last
 * @property {number[][]} win the winning rows, one after another
 * @property {any[][]} forbidden [x, y, why] where Black may not play (renju)
 * @property {number[][]} stars
 */

/**
 * The module's state for one game in play: its controls, the analysis
 * asked with the button, the threats R reads, how far apart the points
 * are drawn, and the board under the stones, drawn once (staticLayer).
 * @typedef {object} GomokuState
 * @property {{numbers: HTMLElement, analyze: HTMLButtonElement}|null} controls
 * @property {(() => void)|null} syncSize
 * @property {HTMLElement|null} stage
 * @property {Analysis} analysis
 * @property {Analysis<string>} threats
 * @property {number} spacing css px between points
 * @property {boolean} confirmed a tap was confirmed once (the toast is not said again)
 * @property {{id: string, canvas: HTMLCanvasElement}|null} layer
 */
/** @typedef {import('../app/registry.js').GameModule<GomokuView, GomokuState>} GomokuModule */
/** @typedef {import('../app/module-api.js').ModuleApi<GomokuState>} Api */

const LETTERS = 'abcdefghijklmnopqrstuvwxy'; // as the engine writes columns, I included
const PRESETS = ['15x15', '19x19', '13x13', '9x9'];
const SIDE = [5, 25];
// Margins around the grid, in grid spacings: the coordinates sit left and below.
const MARGIN = { left: 1.2, right: 0.55, top: 0.55, bottom: 1.1 };
const CONFIRM_BELOW = 30; // css px between points under which a tap asks to confirm

/** @returns {GomokuState} */
function createState() {
  return { controls: null, syncSize: null, stage: null, analysis: new Analysis(), threats: new Analysis(),
    spacing: 40, confirmed: false, layer: null };
}

function parse(id) {
  const c = String(id).indexOf(',');
  return [Number(String(id).slice(0, c)), Number(String(id).slice(c + 1))];
}
function key(view) { return view.w + 'x' + view.h + ' ' + view.rule + ' ' + view.cells + ' ' + view.turn; }
/* A point as the engine writes it (gomoku_format_move). The analysis names
 * points that are not moves on the position shown (the expected line's
 * later moves, the opponent's threat), so engine.move cannot write them;
 * a move played or hinted comes written by the engine. */
function pointName(view, id) { const p = parse(id); return LETTERS.charAt(p[0]) + (view.h - p[1]); }

function geometry(view, w, h) {
  const uw = view.w - 1 + MARGIN.left + MARGIN.right, uh = view.h - 1 + MARGIN.top + MARGIN.bottom;
  const s = Math.min(w / uw, h / uh);
  return { s: s, x0: (w - s * uw) / 2 + s * MARGIN.left, y0: (h - s * uh) / 2 + s * MARGIN.top };
}
function at(g, x, y) { return [g.x0 + x * g.s, g.y0 + y * g.s]; }

function stoneColor(side, settings) { return side === '1' ? settings.black : settings.white; }
function radius(g, settings) { return g.s * (Number(settings.stone) || 0.9) / 2; }

function forbiddenAt(view, x, y) {
  for (let i = 0; i < view.forbidden.length; i++) {
    const f = view.forbidden[i];
    if (f[0] === x && f[1] === y) return f[2];
  }
  return null;
}

/* ---- the board under the stones, drawn once into the state's canvas: it
 * is redrawn only when the position, the size or a setting changes (the
 * shell repaints every frame while a hint pulses or the computer thinks). */
function staticLayer(ctx, w, h, view, ui) {
  const dpr = ctx.getTransform ? ctx.getTransform().a : 1;
  const s = ui.settings;
  const id = [w, h, dpr, key(view), view.last, s.black, s.white, s.stone, s.numbers, ui.contrast,
    ui.colors.danger, ui.colors.red, ui.lang].join('|');
  let layer = ui.state.layer;
  if (!layer || layer.id !== id) {
    const canvas = layer ? layer.canvas : document.createElement('canvas');
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(h * dpr);
    const c = canvas.getContext('2d');
    c.setTransform(dpr, 0, 0, dpr, 0, 0);
    drawBoard(c, w, h, view, ui);
    layer = ui.state.layer = { id: id, canvas: canvas };
  }
  ctx.drawImage(layer.canvas, 0, 0, w, h);
}

function drawBoard(ctx, w, h, view, ui) {
  const g = geometry(view, w, h), s = g.s;
  const wood = ctx.createLinearGradient(0, 0, w, h);
  wood.addColorStop(0, ui.contrast ? '#f3dca8' : INK.gomokuWood[0]);
  wood.addColorStop(1, ui.contrast ? '#ebcf92' : INK.gomokuWood[1]);
  ctx.fillStyle = wood;
  roundRect(ctx, 0, 0, w, h, 10);
  ctx.fill();
  // Faint grain, the same on every board.
  ctx.save();
  ctx.globalAlpha = ui.contrast ? 0 : 0.07;
  ctx.strokeStyle = '#6b4215';
  for (let k = 0; k < 14; k++) {
    const yy = h * (k + 0.5) / 14;
    ctx.lineWidth = 1 + (k * 7 % 3);
    ctx.beginPath();
    ctx.moveTo(0, yy);
    ctx.bezierCurveTo(w * 0.3, yy + h * 0.02 * Math.sin(k), w * 0.7, yy - h * 0.02 * Math.cos(k), w, yy);
    ctx.stroke();
  }
  ctx.restore();
  const line = ui.contrast ? '#000' : '#3a2710';
  const left = at(g, 0, 0), right = at(g, view.w - 1, view.h - 1);
  ctx.strokeStyle = line;
  ctx.lineWidth = Math.max(1, s * (ui.contrast ? 0.06 : 0.04));
  ctx.beginPath();
  for (let x = 0; x < view.w; x++) {
    const px = Math.round(left[0] + x * s) + 0.5;
    ctx.moveTo(px, left[1]);
    ctx.lineTo(px, right[1]);
  }
  for (let y = 0; y < view.h; y++) {
    const py = Math.round(left[1] + y * s) + 0.5;
    ctx.moveTo(left[0], py);
    ctx.lineTo(right[0], py);
  }
  ctx.stroke();
  ctx.lineWidth = Math.max(1.5, s * 0.08);
  ctx.strokeRect(left[0], left[1], right[0] - left[0], right[1] - left[1]);
  ctx.fillStyle = line;
  view.stars.forEach(function (p) {
    const c = at(g, p[0], p[1]);
    ctx.beginPath();
    ctx.arc(c[0], c[1], Math.max(2, s * 0.11), 0, Math.PI * 2);
    ctx.fill();
  });
  // Coordinates: letters under the board, numbers (1 at the bottom) on the
  // left, readable on a phone (12 px there, never under 11).
  ctx.fillStyle = ui.contrast ? '#000' : INK.gomokuCoords;
  ctx.font = '600 ' + Math.round(Math.max(11, Math.min(s * 0.5, 16))) + 'px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let x = 0; x < view.w; x++) ctx.fillText(LETTERS.charAt(x), at(g, x, 0)[0], right[1] + s * 0.7);
  for (let y = 0; y < view.h; y++) ctx.fillText(String(view.h - y), left[0] - s * 0.68, at(g, 0, y)[1]);
  if (view.win.length) drawWinBand(ctx, g, view, ui);
  drawStones(ctx, g, view, ui);
  if (view.win.length) drawWinRings(ctx, g, view, ui);
  drawForbidden(ctx, g, view, ui);
}

function drawStones(ctx, g, view, ui) {
  const settings = ui.settings, r = radius(g, settings);
  for (let i = 0; i < view.cells.length; i++) {
    const side = view.cells.charAt(i);
    if (side === '.') continue;
    const c = at(g, i % view.w, Math.floor(i / view.w));
    stone(ctx, c[0], c[1], r, stoneColor(side, settings));
  }
  const last = view.last;
  if (settings.numbers) {
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    view.moves.forEach(function (m, k) {
      const c = at(g, m[0], m[1]), n = String(k + 1);
      const isLast = last && last[0] === m[0] && last[1] === m[1];
      ctx.font = (isLast ? '700 ' : '') + Math.round(r * (n.length > 2 ? 0.78 : 0.95)) + 'px system-ui, sans-serif';
      ctx.fillStyle = inkOn(stoneColor(k % 2 ? '2' : '1', settings));
      ctx.fillText(n, c[0], c[1] + r * 0.04);
      if (isLast) ring(ctx, c[0], c[1], r * 0.8, ui.colors.red);
    });
  } else if (last) {
    const lc = at(g, last[0], last[1]);
    ctx.beginPath();
    ctx.arc(lc[0], lc[1], Math.max(2.5, r * 0.24), 0, Math.PI * 2);
    ctx.fillStyle = ui.colors.red;
    ctx.fill();
    ctx.lineWidth = Math.max(1, r * 0.06);
    ctx.strokeStyle = inkOn(stoneColor(view.cells.charAt(last[1] * view.w + last[0]), settings));
    ctx.stroke();
  }
}

function cross(ctx, x, y, d, width, color) {
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(x - d, y - d); ctx.lineTo(x + d, y + d);
  ctx.moveTo(x + d, y - d); ctx.lineTo(x - d, y + d);
  ctx.stroke();
  ctx.restore();
}

function drawForbidden(ctx, g, view, ui) {
  view.forbidden.forEach(function (f) {
    const c = at(g, f[0], f[1]);
    cross(ctx, c[0], c[1], g.s * 0.2, Math.max(2, g.s * 0.08), ui.colors.danger);
  });
}

/* describe()'s win lists whole rows one after another; split them. */
function rows(win) {
  const out = [];
  let cur = null;
  win.forEach(function (p) {
    if (cur) {
      const prev = cur.cells[cur.cells.length - 1], dx = p[0] - prev[0], dy = p[1] - prev[1];
      if (cur.cells.length === 1 && Math.max(Math.abs(dx), Math.abs(dy)) === 1 ||
          cur.d && dx === cur.d[0] && dy === cur.d[1]) {
        cur.d = [dx, dy];
        cur.cells.push(p);
        return;
      }
    }
    cur = { cells: [p], d: null };
    out.push(cur);
  });
  return out.filter(function (r) { return r.cells.length > 1; });
}

/* The winning row: a band under its stones and a ring on each. */
function drawWinBand(ctx, g, view, ui) {
  rows(view.win).forEach(function (row) {
    const a = at(g, row.cells[0][0], row.cells[0][1]);
    const b = at(g, row.cells[row.cells.length - 1][0], row.cells[row.cells.length - 1][1]);
    ctx.save();
    ctx.lineCap = 'round';
    ctx.lineWidth = g.s * 0.62;
    ctx.strokeStyle = ui.colors.red;
    ctx.globalAlpha = 0.55;
    ctx.beginPath();
    ctx.moveTo(a[0], a[1]);
    ctx.lineTo(b[0], b[1]);
    ctx.stroke();
    ctx.restore();
  });
}

function drawWinRings(ctx, g, view, ui) {
  const r = radius(g, ui.settings), width = Math.max(2.5, g.s * 0.09);
  ctx.save();
  view.win.forEach(function (p) {
    const c = at(g, p[0], p[1]);
    [[width + 2, 'rgba(255,255,255,.9)'], [width, ui.colors.red]].forEach(function (pen) {
      ctx.lineWidth = pen[0];
      ctx.strokeStyle = pen[1];
      ctx.beginPath();
      ctx.arc(c[0], c[1], r + width * 0.2, 0, Math.PI * 2);
      ctx.stroke();
    });
  });
  ctx.restore();
}

/* ---- what moves: preview, cursor, hint, analysis, the stone going down */

/** @param {CanvasRenderingContext2D} ctx @param {number} w @param {number} h @param {GomokuView} view
 * @param {any} ui */
function draw(ctx, w, h, view, ui) {
  const shown = ui.anim ? ui.anim.from : view;
  staticLayer(ctx, w, h, shown, ui);
  const g = geometry(view, w, h), r = radius(g, ui.settings), st = ui.state;
  st.spacing = g.s; // css px
  if (ui.anim) {
    const p = parse(ui.anim.action), c = at(g, p[0], p[1]), t = ui.anim.t;
    stone(ctx, c[0], c[1], r * (1.25 - 0.25 * t), stoneColor(ui.anim.from.turn, ui.settings), 0.5 + 0.5 * t);
    return;
  }
  const analysis = st.analysis.answer(key(view));
  if (analysis) drawAnalysis(ctx, g, r, view, ui, analysis);
  if (ui.hint) {
    const hp = parse(ui.hint), hc = at(g, hp[0], hp[1]);
    stone(ctx, hc[0], hc[1], r, stoneColor(view.turn, ui.settings), 0.45);
    ring(ctx, hc[0], hc[1], r * 1.12, ui.colors.hint, ui.now);
  }
  if (ui.selected && ui.humanTurn) {
    const sp = parse(ui.selected), sc = at(g, sp[0], sp[1]);
    // On a crowded board the row and column through the chosen point help aim.
    ctx.save();
    ctx.strokeStyle = ui.colors.cursor;
    ctx.globalAlpha = 0.55;
    ctx.lineWidth = Math.max(1.5, g.s * 0.07);
    const tl = at(g, 0, 0), br = at(g, view.w - 1, view.h - 1);
    ctx.beginPath();
    ctx.moveTo(tl[0], sc[1]); ctx.lineTo(br[0], sc[1]);
    ctx.moveTo(sc[0], tl[1]); ctx.lineTo(sc[0], br[1]);
    ctx.stroke();
    ctx.restore();
    stone(ctx, sc[0], sc[1], r, stoneColor(view.turn, ui.settings), 0.7);
    ring(ctx, sc[0], sc[1], r * 1.15, ui.colors.cursor);
  }
  const hover = ui.hover;
  if (hover && ui.humanTurn && !ui.selected && hover !== ui.hint && ui.legal.indexOf(hover) >= 0) {
    const vp = parse(hover), vc = at(g, vp[0], vp[1]);
    stone(ctx, vc[0], vc[1], r, stoneColor(view.turn, ui.settings), 0.5);
  }
  if (ui.cursor) {
    const cp = parse(ui.cursor), cc = at(g, cp[0], cp[1]);
    corners(ctx, cc[0], cc[1], g.s * 0.5, Math.max(2, g.s * 0.08), ui.colors.cursor);
  }
  // Why a forbidden point is forbidden, under the pointer or the cursor.
  [ui.cursor, hover].forEach(function (id, i) {
    if (!id || (i === 1 && id === ui.cursor)) return;
    const fp = parse(id), why = forbiddenAt(view, fp[0], fp[1]);
    if (why) bubble(ctx, w, at(g, fp[0], fp[1]), g.s, ui.t('forbid_' + why));
  });
}

function corners(ctx, x, y, d, width, color) {
  const e = d * 0.45;
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.lineCap = 'square';
  ctx.beginPath();
  [[-1, -1], [1, -1], [1, 1], [-1, 1]].forEach(function (q) {
    const cx = x + q[0] * d, cy = y + q[1] * d;
    ctx.moveTo(cx - q[0] * e, cy); ctx.lineTo(cx, cy); ctx.lineTo(cx, cy - q[1] * e);
  });
  ctx.stroke();
  ctx.restore();
}

function bubble(ctx, w, c, s, text) {
  ctx.save();
  ctx.font = '600 13px ' + UI_FONT; // the player's words, Chinese too
  const tw = ctx.measureText(text).width + 14, th = 24;
  const x = Math.min(Math.max(4, c[0] - tw / 2), w - tw - 4);
  let y = c[1] - s * 0.6 - th;
  if (y < 4) y = c[1] + s * 0.6;
  ctx.fillStyle = 'rgba(43,33,24,.9)';
  roundRect(ctx, x, y, tw, th, 8);
  ctx.fill();
  ctx.fillStyle = '#fff';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, x + tw / 2, y + th / 2 + 1);
  ctx.restore();
}

/* The engine's best move first, then the other candidates in its order
 * (their scores come from a shallower search: not shown, they would
 * contradict the choice). */
function candidates(data) {
  const moves = (data.moves || []).map(function (m) { return m.move; });
  return [data.best].concat(moves.filter(function (m) { return m !== data.best; })).slice(0, 5);
}

/* The analysis on the board: the line the engine expects (its forced
 * win, or the principal variation of its search) as numbered ghost
 * stones, the other candidates ranked, the opponent's threat marked. */
function drawAnalysis(ctx, g, r, view, ui, data) {
  ctx.save();
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.font = '700 ' + Math.round(r * 0.9) + 'px system-ui, sans-serif';
  const line = expectedLine(data);
  // With a line drawn, its numbers would clash with the ranks: the
  // candidates are then only in the text.
  if (line.length < 2) candidates(data).slice(1).forEach(function (m, i) {
    const p = parse(m), c = at(g, p[0], p[1]);
    ctx.globalAlpha = 0.85;
    ctx.fillStyle = 'rgba(255,253,248,.8)';
    ctx.beginPath();
    ctx.arc(c[0], c[1], r * 0.62, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = ui.colors.hint;
    ctx.fillText(String(i + 2), c[0], c[1] + 1);
  });
  ctx.globalAlpha = 1;
  const turn = view.turn;
  line.forEach(function (id, k) {
    const p = parse(id), c = at(g, p[0], p[1]);
    const side = k % 2 ? (turn === '1' ? '2' : '1') : turn;
    stone(ctx, c[0], c[1], r, stoneColor(side, ui.settings), 0.5);
    ctx.fillStyle = inkOn(stoneColor(side, ui.settings));
    ctx.fillText(String(k + 1), c[0], c[1] + 1);
  });
  (data.threat || []).forEach(function (id, k) {
    if (k % 2) return; // the opponent's own moves of its forced win
    const p = parse(id), c = at(g, p[0], p[1]);
    ctx.setLineDash([4, 3]);
    ring(ctx, c[0], c[1], r * 0.95, ui.colors.danger);
    ctx.setLineDash([]);
  });
  const b = parse(data.best), bc = at(g, b[0], b[1]);
  ring(ctx, bc[0], bc[1], r * 1.12, ui.colors.hint);
  if (!line.length) {
    ctx.fillStyle = ui.colors.hint;
    ctx.fillText('1', bc[0], bc[1] + 1);
  }
  ctx.restore();
}

/* The forced win in full, else the first moves of the principal
 * variation (its tail is the search's guess, and a crowd of ghost
 * stones hides the board).
 * @param {{line?: string[], pv?: string[]}} data */
function expectedLine(data) {
  if (data.line && data.line.length) return data.line;
  return (data.pv || []).slice(0, 7);
}

/** @param {GomokuView} view @param {number} w @param {number} h @param {number} x @param {number} y */
function hit(view, w, h, x, y) {
  const g = geometry(view, w, h);
  const fx = (x - g.x0) / g.s, fy = (y - g.y0) / g.s;
  if (fx < -0.6 || fy < -0.6 || fx > view.w - 0.4 || fy > view.h - 0.4) return null;
  const cx = Math.min(view.w - 1, Math.max(0, Math.round(fx)));
  const cy = Math.min(view.h - 1, Math.max(0, Math.round(fy)));
  return cx + ',' + cy;
}

/** @param {GomokuView} view @param {number} w @param {number} h */
function targets(view, w, h) {
  const g = geometry(view, w, h), out = [];
  for (let y = 0; y < view.h; y++) {
    for (let x = 0; x < view.w; x++) {
      const c = at(g, x, y);
      out.push({ id: x + ',' + y, col: x, row: y, x: c[0], y: c[1] });
    }
  }
  return out;
}

/* A press: forbidden points say why, taken ones say so; a tap on a
 * crowded board first shows the stone, and a second tap plays it. */
/** @param {string} target @param {GomokuView} view @param {any} ui
 * @param {import('../ui/board.js').PressExtra} extra */
function act(target, view, ui, extra) {
  const p = parse(target), st = ui.state;
  const why = forbiddenAt(view, p[0], p[1]);
  if (why) return { toast: 'forbid_' + why };
  if (ui.legal.indexOf(target) < 0) {
    return view.cells.charAt(p[1] * view.w + p[0]) !== '.' ? { toast: 'taken' } : null;
  }
  const mode = ui.settings.confirm;
  const touch = st.stage && st.stage.qpGomokuPointer === 'touch';
  const confirm = !extra.keyboard && (mode === 'on' || mode === 'auto' && touch && st.spacing < CONFIRM_BELOW);
  if (confirm && ui.selected !== target) {
    return st.confirmed ? { select: target } : { select: target, toast: 'tapAgain' };
  }
  if (confirm) st.confirmed = true;
  return { action: target };
}

function refusal(message, t) {
  const m = /: (overline|double four|double three)$/.exec(message);
  if (m) return t('forbid_' + m[1]);
  if (/taken/.test(message)) return t('taken');
  return message;
}

/* ---- texts for the AI's findings */

function kindOfNote(note) {
  if (/^opening/.test(note)) return 'opening';
  if (/^makes five/.test(note)) return 'five';
  if (/^four that/.test(note)) return 'four';
  if (/VCF/.test(note)) return 'vcf';
  if (/VCT/.test(note)) return 'vct';
  if (/^blocks a four/.test(note)) return 'block';
  return 'search';
}

/* One line about a move the engine found: kind as analyze() names it. */
function verdict(kind, score, t) {
  const plies = 30000 - Math.abs(score), n = Math.max(1, Math.ceil(plies / 2));
  if (kind !== 'search' && kind !== 'block') return t('kind_' + kind, { n: n });
  if (score > 29000) return t('winsIn', { n: n });
  if (score < -29000) return t('losing');
  const word = score > 400 ? 'better' : score < -400 ? 'worse' : 'even';
  return (kind === 'block' ? t('kind_block') + t('sep') : '') + t('eval_' + word);
}

function hintText(info, view, t, move) {
  return t('hintIs', { move: move }) + t('sep') +
    verdict(kindOfNote(info.note || ''), info.score || 0, t);
}

function analysisText(data, view, t, lang) {
  const parts = [t('best', { move: pointName(view, data.best) }) + t('sep') + verdict(data.kind, data.score, t)];
  const line = expectedLine(data);
  if (line.length > 1 && !(data.line && data.line.length)) {
    parts.push(t('expected') + line.map(function (m) { return pointName(view, m); }).join(' '));
  }
  if ((data.moves || []).length > 1) {
    parts.push(t('candidates') + candidates(data).map(function (m) {
      return pointName(view, m);
    }).join(t('comma')));
  }
  if ((data.threat || []).length) parts.push(t('threat', { move: pointName(view, data.threat[0]) }));
  if (data.depth) parts.push(t('depth', { d: data.depth, count: bigNumber(data.nodes, lang) }));
  return parts.join(' · ');
}

/** @param {Api} api */
function analyze(api) {
  const view = api.view(), st = api.state, t = api.t;
  if (!/^turn/.test(view.status)) return;
  const level = api.rec.mode === 'ai' && api.rec.level >= 4 ? 4 : 3;
  const k = key(view);
  api.setInfo(t('analyzing', { level: level }));
  if (st.controls) st.controls.analyze.disabled = true;
  st.analysis.ask(api, k, 'analyze', { level: level, seed: 1 }).then(function (data) {
    if (st.controls) st.controls.analyze.disabled = false;
    if (!data || !st.analysis.asked(k)) return;
    api.setInfo(analysisText(data, view, t, api.lang));
    api.invalidate();
  });
}

/* ---- threats for a player who cannot glance at the board (the R key) */

/* The threats in words, the side to move first: "黑方下在 h8 就连成五". */
function threatNotes(view, t) {
  if (!/^turn/.test(view.status)) return '';
  const found = boardThreats(view, forbiddenAt), me = view.turn, other = me === '1' ? '2' : '1';
  const name = function (side) { return t(side === '1' ? 'b' : 'w'); };
  const list = function (pts) {
    return pts.slice(0, 4).map(function (p) { return pointName(view, p); }).join(t('comma')) + (pts.length > 4 ? t('andMore') : '');
  };
  const parts = [];
  if (found[me].five.length) parts.push(t('winsAt', { side: name(me), points: list(found[me].five) }));
  if (found[other].five.length) parts.push(t('mustBlock', { side: name(other), points: list(found[other].five) }));
  for (const side of [me, other]) {
    if (found[side].four.length) parts.push(t('openThree', { side: name(side), points: list(found[side].four) }));
  }
  return parts.length ? parts.join(t('sep')) : t('noThreats');
}

/* What the engine's analysis sees beyond the stones (the R key, after the
 * board's threats): the opponent's win by continuous fours, and the side to
 * move's forced win. Asked of the worker on the player's turn only, once a
 * position; the analysis button's answer serves when there is one (its
 * words are already in the line R reads). */
/** @param {Api} api */
function engineThreats(api) {
  const view = api.view(), st = api.state, k = key(view), t = api.t;
  if (!/^turn/.test(view.status) || api.busy() || !api.humanTurn()) return Promise.resolve('');
  if (st.analysis.asked(k)) return Promise.resolve('');
  return st.threats.ask(api, k, 'analyze', { level: 3, seed: 1 }).then(function (data) {
    return data ? engineWords(data, view, t) : '';
  });
}

function engineWords(data, view, t) {
  const parts = [];
  if (['five', 'four', 'vcf', 'vct'].indexOf(data.kind) >= 0 || data.score > 29000) {
    parts.push(t('best', { move: pointName(view, data.best) }) + t('sep') + verdict(data.kind, data.score, t));
  }
  parts.push((data.threat || []).length ? t('threat', { move: pointName(view, data.threat[0]) }) : t('noVcf'));
  return t('engineSees', { words: parts.join(t('sep')) });
}

/* ---- controls under the board: 规格, move numbers, analysis */

function sizeOf(settings) {
  const r = Math.round(settings.rows), c = Math.round(settings.cols);
  return { rows: Math.min(SIDE[1], Math.max(SIDE[0], r || 15)), cols: Math.min(SIDE[1], Math.max(SIDE[0], c || 15)) };
}

/** @param {HTMLElement} node @param {Api} api */
function extraControls(node, api) {
  const t = api.t, st = api.state;
  // Whether the board is pressed with a finger (act asks to confirm a tap on a crowded board).
  const stage = st.stage = /** @type {any} */ (api.stage);
  if (!stage.qpGomokuListening) {
    stage.qpGomokuListening = true;
    stage.addEventListener('pointerdown', function (e) { stage.qpGomokuPointer = e.pointerType; }, true);
  }
  const size = boardSizeSelect(api, { prefix: 'gomoku-', presets: PRESETS, side: SIDE,
    size: () => sizeOf(api.settings()) });
  const numbers = el('button', { onclick: function () {
    api.setSetting('numbers', !api.settings().numbers);
    sync(api);
  } }, [t('numbersShow')]);
  const analyzeButton = /** @type {HTMLButtonElement} */ (el('button', { onclick: function () { analyze(api); } },
    [t('analyze')]));
  node.append(...size.nodes, numbers, analyzeButton);
  st.controls = { numbers: numbers, analyze: analyzeButton };
  st.syncSize = size.sync;
}

/** @param {Api} api */
function sync(api) {
  const st = api.state, c = st.controls, t = api.t;
  if (!c) return;
  if (st.syncSize) st.syncSize();
  c.numbers.textContent = t(api.settings().numbers ? 'numbersHide' : 'numbersShow');
}

/** @param {Api} api */
function onRefresh(api) {
  const view = api.view(), t = api.t, st = api.state;
  sync(api);
  if (st.controls) st.controls.analyze.disabled = !/^turn/.test(view.status);
  if (st.analysis.asked(key(view))) {
    const data = st.analysis.answer(key(view));
    if (data) api.setInfo(analysisText(data, view, t));
    return;
  }
  st.analysis.forget();
  const parts = [view.h + ' × ' + view.w, t('rule_' + view.rule), t('moveNo', { n: view.moves.length })];
  if (view.last) parts.push(t('lastMove', { move: api.lastMove() || pointName(view, view.last.join(',')) }));
  if (view.forbidden.length) parts.push(t('forbiddenCount', { n: view.forbidden.length }));
  api.setInfo(parts.join(' · '));
}

function resultBody(api) {
  const view = api.view(), t = api.t;
  let text = t('resultMoves', { n: view.moves.length });
  if (view.reason === 'full' && view.cells.indexOf('.') >= 0) text += t('sep') + t('allForbidden');
  return el('p', { text: text });
}

/** Every point for a screen reader, named as the game writes it ("h8",
 * 1 at the bottom) with its stone, or why Black may not play there.
 * @param {GomokuView} view @param {import('../i18n.js').Translate} t */
function cells(view, t) {
  const out = [];
  for (let y = 0; y < view.h; y++) {
    for (let x = 0; x < view.w; x++) {
      const c = view.cells.charAt(y * view.w + x), why = c === '.' ? forbiddenAt(view, x, y) : null;
      out.push({ key: x + ',' + y, target: x + ',' + y, row: y, col: x,
        coord: pointName(view, x + ',' + y),
        what: c === '1' ? t('stoneB') : c === '2' ? t('stoneW') : why ? t('forbid_' + why) : t('empty') });
    }
  }
  return out;
}

/** @type {GomokuModule} */
const gomoku = {
  id: 'gomoku',
  createState,
  review: { kind: 'moves' },
  texts: {
    zh: {
      b: '黑方', w: '白方', stoneB: '黑子', stoneW: '白子', sep: '，', comma: '、', taken: '这里已经有棋子了', tapAgain: '再点一次落子',
      forbid_overline: '禁手：长连', 'forbid_double four': '禁手：四四', 'forbid_double three': '禁手：三三',
      reason_line: '五子连珠', reason_full: '棋盘已满，和棋',
      allForbidden: '黑方已无可下之处', resultMoves: '共 {n} 手',
      rule_free: '自由规则', rule_exact: '恰好五连', rule_renju: '连珠禁手',
      moveNo: '第 {n} 手', lastMove: '上一手 {move}', forbiddenCount: '禁手点 {n} 个',
      sizeLabel: '规格（行×列）', custom: '自定义…', customTitle: '自定义规格', rows: '行数', cols: '列数',
      customNote: '行数和列数都在 {lo} 到 {hi} 之间', numbersShow: '显示手数', numbersHide: '隐藏手数', analyze: '分析',
      analyzing: '分析中（{level}级）…', best: '最佳：{move}', candidates: '候选：',
      expected: '预计：',
      threat: '注意：对方有连续冲四的杀着（从 {move} 开始）', depth: '深度 {d} · {count} 个局面',
      kind_opening: '开局先占天元', kind_five: '连成五子', kind_block: '挡住对方的四',
      kind_four: '活四或双四，下一步必胜', kind_vcf: '连续冲四，{n} 步内取胜', kind_vct: '连续进攻（冲四、活三）可以取胜',
      winsIn: '{n} 步内取胜', losing: '对方已有必胜下法，这步撑得最久', eval_better: '形势占优', eval_even: '形势均衡',
      eval_worse: '形势不利',
      winsAt: '{side}下在 {points} 就连成五', mustBlock: '{side}在 {points} 能连成五，要挡住',
      openThree: '{side}有活三（下在 {points} 成活四）', noThreats: '盘面上没有冲四和活三', andMore: '等',
      noVcf: '对方没有连续冲四的杀着', engineSees: '电脑分析：{words}'
    },
    en: {
      b: 'Black', w: 'White', stoneB: 'black stone', stoneW: 'white stone', sep: '; ', comma: ', ', taken: 'That point is taken', tapAgain: 'Tap again to play there',
      forbid_overline: 'Forbidden: overline', 'forbid_double four': 'Forbidden: double four',
      'forbid_double three': 'Forbidden: double three',
      reason_line: 'five in a row', reason_full: 'the board is full: a draw',
      allForbidden: 'Black has no point left to play', resultMoves: '{n} {n:move|moves}',
      rule_free: 'free rule', rule_exact: 'exactly five', rule_renju: 'renju',
      moveNo: 'move {n}', lastMove: 'last {move}', forbiddenCount: '{n} forbidden {n:point|points}',
      sizeLabel: 'Board (rows × cols)', custom: 'Custom…', customTitle: 'Custom board', rows: 'Rows',
      cols: 'Columns', customNote: 'Rows and columns from {lo} to {hi}', numbersShow: 'Show numbers', numbersHide: 'Hide numbers',
      analyze: 'Analyse', analyzing: 'Analysing (level {level})…', best: 'Best: {move}',
      candidates: 'Candidates: ', expected: 'Expected: ', threat: 'Careful: the opponent wins by continuous fours (from {move})',
      depth: 'depth {d} · {count} positions',
      kind_opening: 'take the centre first', kind_five: 'makes five', kind_block: 'blocks the four',
      kind_four: 'an open or double four: wins next move', kind_vcf: 'continuous fours win within {n} {n:move|moves}',
      kind_vct: 'continuous threats (fours and threes) win', winsIn: 'wins within {n} {n:move|moves}',
      losing: 'the opponent can force a win; this move lasts longest', eval_better: 'the better position', eval_even: 'an even position',
      eval_worse: 'the worse position',
      winsAt: '{side} makes five at {points}', mustBlock: '{side} makes five at {points}: block it',
      openThree: '{side} has an open three (an open four at {points})', noThreats: 'No fours or open threes on the board',
      andMore: ' and more', noVcf: 'the opponent has no win by continuous fours', engineSees: 'The computer sees: {words}'
    }
  },
  library: gomokuLibrary,
  levelNames: { zh: ['入门', '简单', '困难', '大师'], en: ['Beginner', 'Easy', 'Hard', 'Master'] },
  levelNotes: {
    zh: ['在上一手附近随便落子', '会堵你的活三，延长自己的线', '会算连续冲四、活三的杀棋', '同样的算法，想得久得多'],
    en: ['Plays next to the last stone', 'Blocks your open threes, extends its own line',
      'Finds wins by continuous fours and threes', 'The same, thinking much longer'],
  },
  // A first visit plays a level a newcomer can beat; the strongest is one choice away (the level list).
  defaultLevel: 2,
  hintLevel: 3,
  settings: boardSizeSettings(SIDE, 15, 15).concat([
    { key: 'rule', type: 'select', default: 'free', restart: true, label: { zh: '规则', en: 'Rule' },
      options: [
        { value: 'free', label: { zh: '自由规则（五连或长连都算赢）', en: 'Free (five or more wins)' } },
        { value: 'exact', label: { zh: '恰好五连（长连不算）', en: 'Exactly five (no overlines)' } },
        { value: 'renju', label: { zh: '连珠禁手（黑禁三三、四四、长连）', en: 'Renju (Black: no 3-3, 4-4, overline)' } }
      ] },
    { key: 'black', type: 'color', default: INK.gomokuStones[0], label: { zh: '黑方（先手）棋子颜色', en: 'First player (Black) colour' } },
    { key: 'white', type: 'color', default: INK.gomokuStones[1], label: { zh: '白方（后手）棋子颜色', en: 'Second player (White) colour' } },
    { key: 'stone', type: 'select', default: 0.9, label: { zh: '棋子大小', en: 'Stone size' },
      options: [
        { value: 0.7, label: { zh: '小', en: 'Small' } },
        { value: 0.8, label: { zh: '中', en: 'Medium' } },
        { value: 0.9, label: { zh: '大', en: 'Large' } },
        { value: 0.97, label: { zh: '特大', en: 'Extra large' } }
      ] },
    { key: 'numbers', type: 'checkbox', default: false, label: { zh: '显示手数', en: 'Move numbers' } },
    { key: 'confirm', type: 'select', default: 'auto', label: { zh: '落子确认', en: 'Confirm moves' },
      options: [
        { value: 'auto', label: { zh: '触屏上格子小时', en: 'On touch, small boards' } },
        { value: 'on', label: { zh: '总是（点两次落子）', en: 'Always (tap twice)' } },
        { value: 'off', label: { zh: '从不', en: 'Never' } }
      ] }
  ]),
  params: function (settings) {
    const s = sizeOf(settings);
    return s.cols + 'x' + s.rows + ' ' + (settings.rule || 'free');
  },
  adoptParams: function (params) {
    const m = /^(\d+)x(\d+)(?: (free|exact|renju))?$/.exec(params);
    return m ? { cols: Number(m[1]), rows: Number(m[2]), rule: m[3] || 'free' } : null;
  },
  aspect: function (view) {
    return (view.h - 1 + MARGIN.top + MARGIN.bottom) / (view.w - 1 + MARGIN.left + MARGIN.right);
  },
  draw: draw,
  hit: hit,
  targets: targets,
  movePlace: function (action, view, w, h) {
    const g = geometry(view, w, h), p = parse(action);
    return { to: at(g, p[0], p[1]), r: g.s * 0.45 };
  },
  act: act,
  refusal: refusal,
  animation: function () { return { duration: 90 }; },
  sideName: function (side, t) { return t(side === '1' ? 'b' : 'w'); },
  sideColor: function (side, settings) { return stoneColor(side, settings); },
  // "Black h8": who plays, as a player calls out a move.
  actionText: function (action, view, t, move) { return t(view.turn === '1' ? 'b' : 'w') + ' ' + move; },
  cells: cells,
  positionNotes: threatNotes,
  engineNotes: engineThreats,
  hintText: hintText,
  resultBody: resultBody,
  onRefresh: onRefresh,
  extraControls: extraControls
};
registerGame(gomoku);
