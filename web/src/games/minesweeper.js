/* games/minesweeper.js: 扫雷 on the page (seed 002), in the look of the
 * classic game: a grey window, raised hidden cells, a red LCD mine counter
 * and timer around the smiley face, numbers in their classic colours.
 * The engine (src/games/minesweeper) knows the rules; this file draws
 * describe() and turns presses into
 * "o x,y" (open), "f x,y" (flag) and "c x,y" (chord).
 *
 * Input: click opens, right click or long press flags (the flag/dig toggle
 * swaps them for touch), a click on a number listed in describe's `chord`
 * chords, and so do left+right together and the middle button. Keyboard:
 * arrows, Enter/Space (open, or chord on a number), F (flag). The face
 * restarts in any state.
 * Sizes: the presets, or custom boards of 5-64 columns and 5-64 rows (the
 * header needs 5 columns) with 1 to W*H-1 mines (W*H-9 when the first click
 * opens an area, which no-guess boards imply): the engine's limits otherwise.
 * Fitting: cells are whole pixels (crisp at any device pixel ratio) and at
 * least 28 px on touch screens, a fingertip (16 px with a mouse): a wide
 * board that would get smaller cells (Expert on a phone) is drawn turned a
 * quarter turn clockwise, 16 columns by 30 rows, and a board larger than
 * the room it has scrolls inside its frame rather than shrink.
 * Records (api.getExtra/setExtra, checked when read back):
 *   game  {key, ms, assisted, recorded}  the clock of the game in progress
 *         (key = "PARAMS SEED" of its start), kept across reloads
 *   stats {"<size>:<rule>[,noguess]": {played, won, streak, bestStreak,
 *         best (ms or null)}}  only games played without help count: a hint,
 *         the probability overlay, the computer's moves or an undo after a
 *         loss make the game "assisted" (a loss counts the moment it
 *         happens). */
import { registerGame } from '../app/registry.js';
import { INK, ring, roundRect } from '../ui/draw.js';
import { coarsePointer, createState, elapsed } from './minesweeper-common.js';
import { extraControls, onRefresh, params, refusal, resultBody } from './minesweeper-panel.js';
import { minesweeperLibrary } from './minesweeper-library.js';

/** @typedef {import('./minesweeper-common.js').MinesweeperView} MinesweeperView */
/** @typedef {import('./minesweeper-common.js').MinesweeperModule} MinesweeperModule */
/** @typedef {import('../app/registry.js').ReviewPly} ReviewPly */

/* The smallest comfortable cell: a fingertip's, or a mouse's. */
function minCell() { return coarsePointer() ? 28 : 16; }
const GREY = INK.mineOpen, LIGHT = '#ffffff', DARK = '#808080';
const NUMBER_COLORS = INK.mineNumbers; // AA on the open cell (ui/draw.js contrastPairs)
const FONT = 'Tahoma, Verdana, "DejaVu Sans", Arial, sans-serif';


/* ---- geometry: every length in whole pixels */

function sizes(c, cols, rows) {
  const b = Math.max(2, Math.round(c * 0.14)); // raised outer edge
  const pad = Math.max(3, Math.round(c * 0.3));
  const s = Math.max(2, Math.round(c * 0.1)); // sunken edges
  const hh = Math.max(18, Math.min(Math.round(c * 1.75), Math.floor((cols * c - 2 * pad) / 4.6)));
  return {
    b: b, pad: pad, s: s, hh: hh,
    w: 2 * (b + pad + s) + cols * c,
    h: 2 * b + 3 * pad + 4 * s + hh + rows * c
  };
}

function dims(view, rot) {
  return rot ? { cols: view.h, rows: view.w } : { cols: view.w, rows: view.h };
}

function aspectOf(view, rot) {
  const d = dims(view, rot), z = sizes(24, d.cols, d.rows);
  return z.h / z.w;
}

function cellFor(width, cols) { return Math.floor(width / (cols + 1.1)); }

/* Turned only when the board is wider than tall and too small otherwise. */
function wantsTurn(view, avail) {
  if (view.w <= view.h) return false;
  const flat = cellFor(avail, view.w);
  return flat < minCell() && cellFor(avail, view.h) > flat;
}

/* Which way the canvas is drawn, from its shape (the shell sized it from
 * aspect()): the nearer of the two aspects. */
function turned(view, w, h) {
  if (view.w <= view.h) return false;
  const r = h / w;
  return Math.abs(r - aspectOf(view, true)) < Math.abs(r - aspectOf(view, false));
}

function geometry(view, w, h) {
  const rot = turned(view, w, h), d = dims(view, rot);
  let c = Math.max(4, cellFor(w, d.cols) + 2), z;
  for (;;) {
    z = sizes(c, d.cols, d.rows);
    if (c <= 4 || z.w <= w && z.h <= h) break;
    c--;
  }
  const x0 = Math.floor((w - z.w) / 2), y0 = Math.floor((h - z.h) / 2);
  const inner = { x: x0 + z.b + z.pad, w: z.w - 2 * (z.b + z.pad) };
  const header = { x: inner.x, y: y0 + z.b + z.pad, w: inner.w, h: z.hh + 2 * z.s };
  const gy = header.y + header.h + z.pad + z.s;
  const lcdH = Math.round(z.hh * 0.7), digitW = Math.round(lcdH * 0.56);
  const lcdW = 3 * digitW + Math.round(lcdH * 0.16);
  const lcdY = header.y + z.s + Math.round((z.hh - lcdH) / 2);
  const face = Math.round(z.hh * 0.86);
  const margin = Math.max(z.s + 2, Math.round(z.hh * 0.22));
  return {
    rot: rot, c: c, z: z, cols: d.cols, rows: d.rows, x0: x0, y0: y0, W: view.w, H: view.h,
    header: header,
    counter: { x: header.x + margin, y: lcdY, w: lcdW, h: lcdH, digit: digitW },
    timer: { x: header.x + header.w - margin - lcdW, y: lcdY, w: lcdW, h: lcdH, digit: digitW },
    face: { x: header.x + Math.round((header.w - face) / 2),
      y: header.y + z.s + Math.round((z.hh - face) / 2), w: face, h: face },
    gx: inner.x + z.s, gy: gy
  };
}

/* Board cell i -> its column and row on screen (turned clockwise). */
function place(g, i) {
  const x = i % g.W, y = Math.floor(i / g.W);
  return g.rot ? { col: g.H - 1 - y, row: x } : { col: x, row: y };
}

function cellAt(g, col, row) {
  if (col < 0 || row < 0 || col >= g.cols || row >= g.rows) return -1;
  return g.rot ? (g.H - 1 - col) * g.W + row : row * g.W + col;
}

function cellRect(g, i) {
  const p = place(g, i);
  return { x: g.gx + p.col * g.c, y: g.gy + p.row * g.c };
}

function inside(r, x, y) { return x >= r.x && y >= r.y && x < r.x + r.w && y < r.y + r.h; }

/* ---- drawing: the classic window */

function bevel(ctx, x, y, w, h, t, raised) {
  ctx.fillStyle = raised ? LIGHT : DARK;
  ctx.beginPath();
  ctx.moveTo(x, y); ctx.lineTo(x + w, y); ctx.lineTo(x + w - t, y + t);
  ctx.lineTo(x + t, y + t); ctx.lineTo(x + t, y + h - t); ctx.lineTo(x, y + h);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = raised ? DARK : LIGHT;
  ctx.beginPath();
  ctx.moveTo(x + w, y + h); ctx.lineTo(x, y + h); ctx.lineTo(x + t, y + h - t);
  ctx.lineTo(x + w - t, y + h - t); ctx.lineTo(x + w - t, y + t); ctx.lineTo(x + w, y);
  ctx.closePath();
  ctx.fill();
}

/* Seven-segment digits: a b c d e f g, lit in red on black. */
const SEGMENTS = { '0': 'abcdef', '1': 'bc', '2': 'abdeg', '3': 'abcdg', '4': 'bcfg', '5': 'acdfg',
  '6': 'acdefg', '7': 'abc', '8': 'abcdefg', '9': 'abcdfg', '-': 'g', ' ': '' };

function segment(ctx, name, x, y, w, h, t) {
  const m = h / 2, q = t / 2;
  const hz = { a: y + q, g: y + m, d: y + h - q };
  const vt = { f: [x + q, y + q, y + m], b: [x + w - q, y + q, y + m],
    e: [x + q, y + m, y + h - q], c: [x + w - q, y + m, y + h - q] };
  ctx.beginPath();
  if (hz[name] !== undefined) {
    const cy = hz[name], x1 = x + q + 1, x2 = x + w - q - 1;
    ctx.moveTo(x1, cy); ctx.lineTo(x1 + q, cy - q); ctx.lineTo(x2 - q, cy - q);
    ctx.lineTo(x2, cy); ctx.lineTo(x2 - q, cy + q); ctx.lineTo(x1 + q, cy + q);
  } else {
    const v = vt[name], cx = v[0], y1 = v[1] + 1, y2 = v[2] - 1;
    ctx.moveTo(cx, y1); ctx.lineTo(cx + q, y1 + q); ctx.lineTo(cx + q, y2 - q);
    ctx.lineTo(cx, y2); ctx.lineTo(cx - q, y2 - q); ctx.lineTo(cx - q, y1 + q);
  }
  ctx.closePath();
  ctx.fill();
}

function lcd(ctx, r, digits, contrast) {
  bevel(ctx, r.x - 1, r.y - 1, r.w + 2, r.h + 2, 1, false);
  ctx.fillStyle = '#000';
  ctx.fillRect(r.x, r.y, r.w, r.h);
  const gap = Math.round(r.h * 0.08), t = Math.max(2, r.h * 0.115);
  for (let k = 0; k < 3; k++) {
    const dx = r.x + gap + k * r.digit, lit = SEGMENTS[digits.charAt(k)] || '';
    'abcdefg'.split('').forEach(function (s) {
      ctx.fillStyle = lit.indexOf(s) >= 0 ? '#ff0000' : contrast ? '#000' : '#2e0000';
      segment(ctx, s, dx + gap * 0.5, r.y + gap, r.digit - gap * 1.5, r.h - 2 * gap, t);
    });
  }
}

function counterText(n) {
  if (n < 0) return '-' + ('0' + Math.min(99, -n)).slice(-2);
  return ('00' + Math.min(999, n)).slice(-3);
}

function drawFace(ctx, r, mood, pressed) {
  ctx.fillStyle = GREY;
  ctx.fillRect(r.x, r.y, r.w, r.h);
  ctx.strokeStyle = DARK;
  ctx.lineWidth = 1;
  ctx.strokeRect(r.x + 0.5, r.y + 0.5, r.w - 1, r.h - 1);
  const t = Math.max(2, Math.round(r.w * 0.08));
  bevel(ctx, r.x + 1, r.y + 1, r.w - 2, r.h - 2, t, !pressed);
  const cx = r.x + r.w / 2 + (pressed ? 1 : 0), cy = r.y + r.h / 2 + (pressed ? 1 : 0);
  const R = r.w * 0.34, lw = Math.max(1.2, r.w * 0.045);
  ctx.beginPath();
  ctx.arc(cx, cy, R, 0, Math.PI * 2);
  ctx.fillStyle = '#ffff00';
  ctx.fill();
  ctx.lineWidth = lw;
  ctx.strokeStyle = '#000';
  ctx.stroke();
  ctx.fillStyle = '#000';
  const ex = R * 0.36, ey = cy - R * 0.25;
  if (mood === 'won') {
    // Sunglasses.
    ctx.beginPath();
    ctx.moveTo(cx - R * 0.85, ey - R * 0.1); ctx.lineTo(cx + R * 0.85, ey - R * 0.1);
    ctx.stroke();
    [-1, 1].forEach(function (s) {
      ctx.beginPath();
      ctx.moveTo(cx + s * R * 0.1, ey - R * 0.12);
      ctx.lineTo(cx + s * R * 0.62, ey - R * 0.12);
      ctx.lineTo(cx + s * R * 0.5, ey + R * 0.2);
      ctx.lineTo(cx + s * R * 0.2, ey + R * 0.2);
      ctx.closePath();
      ctx.fill();
    });
  } else if (mood === 'lost') {
    ctx.beginPath();
    [-1, 1].forEach(function (s) {
      const x = cx + s * ex, d = R * 0.14;
      ctx.moveTo(x - d, ey - d); ctx.lineTo(x + d, ey + d);
      ctx.moveTo(x + d, ey - d); ctx.lineTo(x - d, ey + d);
    });
    ctx.stroke();
  } else {
    [-1, 1].forEach(function (s) {
      ctx.beginPath();
      ctx.arc(cx + s * ex, ey, R * 0.11, 0, Math.PI * 2);
      ctx.fill();
    });
  }
  ctx.beginPath();
  if (mood === 'lost') ctx.arc(cx, cy + R * 0.62, R * 0.42, Math.PI * 1.15, Math.PI * 1.85);
  else if (mood === 'wow') ctx.arc(cx, cy + R * 0.38, R * 0.17, 0, Math.PI * 2);
  else ctx.arc(cx, cy + R * 0.05, R * 0.52, Math.PI * 0.2, Math.PI * 0.8);
  ctx.stroke();
}

function drawMine(ctx, x, y, c) {
  const cx = x + c / 2, cy = y + c / 2, r = c * 0.26;
  ctx.strokeStyle = '#000';
  ctx.lineWidth = Math.max(1, c * 0.07);
  ctx.beginPath();
  ctx.moveTo(cx - c * 0.37, cy); ctx.lineTo(cx + c * 0.37, cy);
  ctx.moveTo(cx, cy - c * 0.37); ctx.lineTo(cx, cy + c * 0.37);
  const d = c * 0.26;
  ctx.moveTo(cx - d, cy - d); ctx.lineTo(cx + d, cy + d);
  ctx.moveTo(cx + d, cy - d); ctx.lineTo(cx - d, cy + d);
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fillStyle = '#000';
  ctx.fill();
  ctx.fillStyle = '#fff';
  const hs = Math.max(1, Math.round(c * 0.11));
  ctx.fillRect(Math.round(cx - r * 0.5), Math.round(cy - r * 0.5), hs, hs);
}

function drawFlag(ctx, x, y, c) {
  const px = x + Math.round(c * 0.56);
  ctx.fillStyle = '#000';
  const pw = Math.max(1, Math.round(c * 0.07));
  ctx.fillRect(px - pw, y + Math.round(c * 0.2), pw, Math.round(c * 0.5));
  ctx.fillRect(x + Math.round(c * 0.28), y + Math.round(c * 0.7), Math.round(c * 0.5),
    Math.max(2, Math.round(c * 0.1)));
  ctx.fillRect(x + Math.round(c * 0.38), y + Math.round(c * 0.64), Math.round(c * 0.3),
    Math.max(1, Math.round(c * 0.07)));
  ctx.fillStyle = '#ff0000';
  ctx.beginPath();
  ctx.moveTo(px, y + c * 0.16);
  ctx.lineTo(px, y + c * 0.5);
  ctx.lineTo(x + c * 0.22, y + c * 0.33);
  ctx.closePath();
  ctx.fill();
}

function text(ctx, s, x, y, c, color, scale) {
  ctx.fillStyle = color;
  ctx.font = 'bold ' + Math.round(c * (scale || 0.7)) + 'px ' + FONT;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(s, x + c / 2, y + c / 2 + c * 0.04);
}

function hiddenCell(ctx, x, y, c, light) {
  ctx.fillStyle = light ? '#d6d6d6' : GREY;
  ctx.fillRect(x, y, c, c);
  bevel(ctx, x, y, c, c, Math.max(1, Math.round(c * 0.11)), true);
}

function openCell(ctx, x, y, c, fill) {
  ctx.fillStyle = fill || GREY;
  ctx.fillRect(x, y, c, c);
  ctx.fillStyle = DARK;
  ctx.fillRect(x, y, c, 1);
  ctx.fillRect(x, y, 1, c);
}

function drawCell(ctx, g, i, ch, ui) {
  const r = cellRect(g, i), c = g.c;
  const hover = ui.humanTurn && ui.hover === String(i);
  if (ch === '.' || ch === 'f' || ch === '?') {
    hiddenCell(ctx, r.x, r.y, c, hover && ch !== 'f');
    if (ch === 'f') drawFlag(ctx, r.x, r.y, c);
    if (ch === '?') text(ctx, '?', r.x, r.y, c, '#000');
    return;
  }
  openCell(ctx, r.x, r.y, c, ch === 'X' ? '#ff0000' : null);
  if (ch >= '1' && ch <= '8') text(ctx, ch, r.x, r.y, c, NUMBER_COLORS[Number(ch)]);
  if (ch === '*' || ch === 'X' || ch === 'w') drawMine(ctx, r.x, r.y, c);
  if (ch === 'w') {
    ctx.strokeStyle = '#ff0000';
    ctx.lineWidth = Math.max(1.5, c * 0.09);
    ctx.beginPath();
    ctx.moveTo(r.x + c * 0.18, r.y + c * 0.18); ctx.lineTo(r.x + c * 0.82, r.y + c * 0.82);
    ctx.moveTo(r.x + c * 0.82, r.y + c * 0.18); ctx.lineTo(r.x + c * 0.18, r.y + c * 0.82);
    ctx.stroke();
  }
}

/* The probability overlay: green (safe) to red (a mine), in per cent. */
function drawProbs(ctx, g, view, probs) {
  for (let i = 0; i < probs.length; i++) {
    const p = probs[i], ch = view.cells.charAt(i);
    if (p < 0 || !(ch === '.' || ch === 'f' || ch === '?')) continue;
    const r = cellRect(g, i), c = g.c, inset = Math.max(2, Math.round(c * 0.12));
    // The hue falls fast: a fifth is already yellow, a half orange.
    ctx.fillStyle = 'hsla(' + Math.round(120 * (1 - Math.sqrt(p))) + ',90%,45%,0.45)';
    ctx.fillRect(r.x + inset, r.y + inset, c - 2 * inset, c - 2 * inset);
    // The odds with their sign ("19%"), smaller where there are four characters ("100%").
    const odds = Math.round(p * 100) + '%';
    if (c >= 16 && ch !== 'f') text(ctx, odds, r.x, r.y, c, '#111', odds.length > 3 ? 0.29 : 0.35);
  }
}

function hintCell(g, action) {
  const m = /^[ofc] (\d+),(\d+)$/.exec(action || '');
  return m ? Number(m[2]) * g.W + Number(m[1]) : -1;
}

function drawHint(ctx, g, ui, t) {
  const i = hintCell(g, ui.hint);
  if (i < 0) return;
  const r = cellRect(g, i), c = g.c;
  ring(ctx, r.x + c / 2, r.y + c / 2, c * 0.62, ui.colors.hint, ui.now);
  const info = ui.hintInfo;
  if (!info || info.score === undefined) return;
  badge(ctx, g, r, oddsLabel((1000 - info.score) / 10, t), ui.colors.hint);
}

/** "safe" or "mine 23%". @param {number} p the percent @param {(k: string, v?: any) => string} t */
function oddsLabel(p, t) {
  return p <= 0 ? t('safeShort') : t('mineShort', { p: p < 1 ? p.toFixed(1) : Math.round(p) });
}

/** A reviewed loss (app/review.js): a ✓ on every cell that was provably
 * safe then, the fatal cell ringed with its odds. */
function drawReview(ctx, g, ui) {
  const marks = ui.review, c = g.c;
  ctx.save();
  ctx.fillStyle = '#1b7f3b';
  ctx.font = 'bold ' + Math.round(c * 0.7) + 'px ' + FONT;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const i of marks.safe) {
    const r = cellRect(g, i);
    ctx.fillText('✓', r.x + c / 2, r.y + c / 2 + 1);
  }
  ctx.restore();
  if (marks.lost < 0) return;
  const r = cellRect(g, marks.lost);
  ring(ctx, r.x + c / 2, r.y + c / 2, c * 0.62, ui.colors.hint, undefined);
  badge(ctx, g, r, oddsLabel(marks.pMine * 100, ui.t), ui.colors.hint);
}

/** A label in a pill above (or below) the cell at r. */
function badge(ctx, g, r, label, colour) {
  const c = g.c;
  const fs = Math.max(11, Math.round(Math.min(c * 0.55, 18)));
  ctx.font = 'bold ' + fs + 'px ' + FONT;
  const tw = ctx.measureText(label).width + fs * 0.8, th = fs * 1.5;
  const lx = Math.min(Math.max(r.x + c / 2 - tw / 2, g.gx), g.gx + g.cols * c - tw);
  const ly = r.y - th - 3 < g.gy ? r.y + c + 3 : r.y - th - 3;
  ctx.fillStyle = colour;
  roundRect(ctx, lx, ly, tw, th, th / 2);
  ctx.fill();
  ctx.fillStyle = '#fff';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(label, lx + tw / 2, ly + th / 2 + 1);
}

/** @param {CanvasRenderingContext2D} ctx @param {number} w @param {number} h @param {MinesweeperView} view
 * @param {any} ui */
function draw(ctx, w, h, view, ui) {
  const g = geometry(view, w, h), st = ui.state, z = g.z;
  ctx.fillStyle = GREY;
  ctx.fillRect(0, 0, w, h);
  bevel(ctx, 0, 0, w, h, z.b, true);
  const hd = g.header;
  bevel(ctx, hd.x, hd.y, hd.w, hd.h, z.s, false);
  lcd(ctx, g.counter, counterText(view.left), ui.contrast);
  lcd(ctx, g.timer, counterText(Math.floor(elapsed(st) / 1000)), ui.contrast);
  const mood = view.status === 'won' ? 'won' : view.status === 'lost' ? 'lost' :
    ui.thinking ? 'wow' : 'smile';
  drawFace(ctx, g.face, mood, st.facePressed);
  bevel(ctx, g.gx - z.s, g.gy - z.s, g.cols * g.c + 2 * z.s, g.rows * g.c + 2 * z.s, z.s, false);
  for (let i = 0; i < view.cells.length; i++) drawCell(ctx, g, i, view.cells.charAt(i), ui);
  const odds = st.overlay && view.status === 'playing' ? st.probs.answer(st.pos) : null;
  if (odds) drawProbs(ctx, g, view, odds.probs);
  if (st.burst) {
    const age = (ui.now - st.burst.t0) / 450;
    if (age < 1) {
      const br = cellRect(g, st.burst.cell);
      ctx.save();
      ctx.globalAlpha = 1 - age;
      ctx.strokeStyle = ui.colors.orange;
      ctx.lineWidth = Math.max(2, g.c * 0.12);
      ctx.beginPath();
      ctx.arc(br.x + g.c / 2, br.y + g.c / 2, g.c * (0.4 + age * 0.9), 0, Math.PI * 2);
      ctx.stroke();
      ctx.restore();
    } else {
      st.burst = null;
    }
  }
  if (ui.hint) drawHint(ctx, g, ui, ui.t);
  if (ui.review) drawReview(ctx, g, ui);
  if (ui.cursor !== null && ui.cursor !== undefined) {
    let cr = ui.cursor === 'face' ? g.face : null;
    if (!cr) {
      const p = cellRect(g, Number(ui.cursor));
      cr = { x: p.x, y: p.y, w: g.c, h: g.c };
    }
    ctx.save();
    ctx.strokeStyle = ui.colors.cursor;
    ctx.lineWidth = Math.max(2, Math.round(g.c * 0.1));
    ctx.strokeRect(cr.x + 1, cr.y + 1, cr.w - 2, cr.h - 2);
    ctx.restore();
  }
}

/** @param {MinesweeperView} view @param {number} w @param {number} h @param {number} x @param {number} y */
function hit(view, w, h, x, y) {
  const g = geometry(view, w, h);
  if (inside(g.face, x, y)) return 'face';
  const i = cellAt(g, Math.floor((x - g.gx) / g.c), Math.floor((y - g.gy) / g.c));
  return i < 0 ? null : String(i);
}

/** @param {MinesweeperView} view @param {number} w @param {number} h */
function targets(view, w, h) {
  const g = geometry(view, w, h), out = [];
  for (let i = 0; i < view.w * view.h; i++) {
    const p = place(g, i), r = cellRect(g, i);
    out.push({ id: String(i), col: p.col, row: p.row, x: r.x + g.c / 2, y: r.y + g.c / 2 });
  }
  out.push({ id: 'face', col: (g.cols - 1) / 2, row: -2, x: g.face.x + g.face.w / 2,
    y: g.face.y + g.face.h / 2 });
  return out;
}

/* ---- what a press means */

function xy(view, i) { return (i % view.w) + ',' + Math.floor(i / view.w); }

/** @param {string} target @param {MinesweeperView} view @param {any} ui
 * @param {import('../ui/board.js').PressExtra} extra */
function act(target, view, ui, extra) {
  if (target === 'face') return null;
  const i = Number(target), ch = view.cells.charAt(i), st = ui.state;
  const flagMode = st.flagMode && !extra.keyboard;
  const at = xy(view, i);
  function ifLegal(a) { return ui.legal.indexOf(a) >= 0 ? { action: a } : null; }
  let res;
  if (extra.both) {
    res = ifLegal('c ' + at);
  } else if (ch >= '0' && ch <= '8') {
    // A number: chord when its flags are complete (never on right click).
    res = extra.secondary && !flagMode || !(ui.settings.chordClick || extra.keyboard) ? null :
      ifLegal('c ' + at);
  } else if (!!extra.secondary !== flagMode) {
    res = ifLegal('f ' + at);
    if (res && extra.long) {
      st.burst = { cell: i, t0: ui.now };
      st.burstUntil = ui.now + 450;
    }
  } else if (ch === 'f') {
    res = { toast: 'isFlagged' };
  } else {
    res = ifLegal('o ' + at);
  }
  if (res && res.action && (ui.hint || st.overlay)) st.assisted = true;
  return res;
}

function parseAction(action) {
  const m = /^([ofc]) (\d+),(\d+)$/.exec(action || '');
  return m ? { kind: m[1], x: Number(m[2]), y: Number(m[3]) } : null;
}

/** @param {string} action @param {MinesweeperView} view @param {import('../i18n.js').Translate} t */
function actionText(action, view, t) {
  const a = parseAction(action);
  if (!a) return action;
  return t('act_' + a.kind, { c: a.x + 1, r: a.y + 1 });
}

/** A click as the move list and the review write it ("o4,1") in the
 * page's words: "column 5, row 2". @param {string} move @param {import('../i18n.js').Translate} t */
function moveName(move, t) {
  const m = /^[ofc] ?(\d+),(\d+)$/.exec(move);
  return m ? t('cellAt', { c: Number(m[1]) + 1, r: Number(m[2]) + 1 }) : move;
}

function hintText(info, view, t) {
  const a = parseAction(info.action);
  if (!a) return t('hintIs', { move: info.action });
  const where = t('cellAt', { c: a.x + 1, r: a.y + 1 });
  const p = (1000 - (info.score || 0)) / 10, note = info.note || '';
  const pct = p < 1 && p > 0 ? p.toFixed(1) : String(Math.round(p));
  if (/^first/.test(note)) return t('hintFirst', { where: where });
  if (a.kind === 'f') return t('hintUnflag', { where: where, p: pct });
  if (p <= 0) return t('hintSafe', { where: where });
  if (/^unavoidable/.test(note)) return t('hintFifty', { where: where });
  const win = /wins ([\d.]+)%/.exec(note);
  if (win) return t('hintEndgame', { where: where, p: pct, win: Math.round(Number(win[1])) });
  return t('hintGuess', { where: where, p: pct });
}

/** What a cell shows, in words. */
const CELL_WORDS = { '.': 'faceDown', f: 'flagged', '?': 'questioned', '0': 'clear', '*': 'mine', X: 'hitMine',
  w: 'wrongFlag' };

/** Every cell for a screen reader: "column 3, row 4, 2 mines around".
 * @param {MinesweeperView} view @param {import('../i18n.js').Translate} t */
function cells(view, t) {
  const out = [];
  for (let i = 0; i < view.w * view.h; i++) {
    const x = i % view.w, y = Math.floor(i / view.w), ch = view.cells.charAt(i);
    out.push({ key: String(i), target: String(i), row: y, col: x, coord: t('cellAt', { c: x + 1, r: y + 1 }),
      what: CELL_WORDS[ch] ? t(CELL_WORDS[ch]) : t('around', { n: ch }) });
  }
  return out;
}

/** An opened cell: what it showed is said after the move.
 * @param {string} action @param {MinesweeperView} view */
function landing(action, view) {
  const a = parseAction(action);
  return a && a.kind === 'o' ? String(a.y * view.w + a.x) : null;
}

/** What a reviewed loss marks on the board (drawReview): the cells that
 * were provably safe then, the fatal cell, and its odds.
 * @param {ReviewPly} p the fatal click's judgement @param {MinesweeperView} view */
function reviewMarks(p, view) {
  if (!view || !view.w || p.p_mine === undefined) return null;
  const cell = (/** @type {string} */ xy) => {
    const [x, y] = xy.split(',').map(Number);
    return y * view.w + x;
  };
  const m = /(\d+,\d+)$/.exec(p.move);
  return { safe: (p.safe || []).map(cell), lost: m ? cell(m[1]) : -1, pMine: p.p_mine };
}

/** @type {MinesweeperModule} */
const minesweeper = {
  id: 'minesweeper',
  createState,
  // A lost game is reviewed: the fatal click's odds, and the safe cells there were.
  review: { kind: 'loss', marks: reviewMarks },
  // A friend gets the same mines from the same first click, to play.
  share: { note: 'shareNoteMines', moves: 'first' },
  // My games: its clock, whether help was used, its board, its figures per board.
  library: minesweeperLibrary,
  texts: {
    zh: {
      level: '提示与自动水平', preset_beginner: '初级', preset_intermediate: '中级',
      preset_expert: '高级', custom: '自定义', customDots: '自定义…', size: '棋盘大小',
      minesN: '{n} 颗雷', rule_safe: '首击不踩雷', rule_zero: '首击必开一片',
      ruleNoguess: '无需猜测', bestIs: '最佳 {s} 秒', flagMode: '点按：挖开',
      flagModeOn: '点按：插旗', probs: '雷概率', aiStep: '电脑走一步', aiAuto: '自动扫雷',
      stats: '统计', statusStart: '点任意格子开始 · {n} 颗雷',
      statusPlaying: '剩余 {left} 颗雷 · 还有 {open} 格未开', isFlagged: '这里插了旗：右键或长按可取下',
      act_o: '翻开 第{r}行第{c}列', act_f: '标记 第{r}行第{c}列', act_c: '快速翻开 第{r}行第{c}列周围',
      cellAt: '第{r}行第{c}列', faceDown: '未翻开', flagged: '插旗', questioned: '问号', clear: '空白',
      around: '周围 {n} 颗雷', mine: '雷', hitMine: '踩中的雷', wrongFlag: '插错的旗', hintFirst: '提示：第一下总是安全的，试试{where}',
      hintSafe: '提示：{where}一定不是雷', hintGuess: '提示：没有确定安全的格子，最安全的是{where}（是雷的概率 {p}%）',
      hintFifty: '提示：无法避免的五五开，只能猜{where}', hintEndgame: '提示：{where}（是雷的概率 {p}%，最佳走法获胜率 {win}%）',
      hintUnflag: '提示：{where}的旗子插错了，拿掉它（是雷的概率 {p}%）',
      safeShort: '安全', mineShort: '雷 {p}%', reason_cleared: '所有安全的格子都翻开了',
      reason_mine: '踩到雷了', yourTime: '用时 {s} 秒', newBest: '新纪录！',
      assisted: '本局用了帮助（提示、概率、电脑代走或输后悔棋），不计入统计',
      record: '已赢 {won}/{played} 局（{rate}%） · 当前连胜 {streak}',
      counted: '本局计入统计', firstClickWin: '第一下就赢了：不计最佳时间',
      customTitle: '自定义棋盘', columns: '列数', rows: '行数', minesLabel: '雷数',
      customSides: '行数和列数都在 {lo} 到 {hi} 之间', customMines: '雷数 1 到 {max}',
      stSize: '棋盘', stWon: '胜/局', stRate: '胜率', stBest: '最佳', stStreak: '连胜/最长',
      noStats: '还没有完成的对局', statsNote: '只统计没有使用帮助的对局。',
      noguessFailTitle: '没找到无需猜测的棋盘', newSeed: '换一个棋盘',
      noguessFail: '这一下在这个棋盘上找不到不用猜的布局（{n} 颗雷可能太多）。换一个随机棋盘再试，或者减少雷数。',
    },
    en: {
      level: 'Hint and auto-play level', preset_beginner: 'Beginner', preset_intermediate: 'Intermediate',
      preset_expert: 'Expert', custom: 'Custom', customDots: 'Custom…', size: 'Board size',
      minesN: '{n} mines', rule_safe: 'first click safe', rule_zero: 'first click opens an area',
      ruleNoguess: 'no guessing', bestIs: 'best {s} s', flagMode: 'Tap: dig',
      flagModeOn: 'Tap: flag', probs: 'Mine odds', aiStep: 'Computer step', aiAuto: 'Auto-play',
      stats: 'Statistics', statusStart: 'Click any cell to start · {n} mines',
      statusPlaying: '{left} mines left · {open} cells to open',
      isFlagged: 'Flagged: right click or long press to remove the flag',
      act_o: 'open column {c}, row {r}', act_f: 'mark column {c}, row {r}',
      act_c: 'open around column {c}, row {r}', cellAt: 'column {c}, row {r}',
      faceDown: 'face down', flagged: 'flagged', questioned: 'question mark', clear: 'clear',
      around: '{n} {n:mine|mines} around', mine: 'mine', hitMine: 'the mine you hit', wrongFlag: 'wrong flag',
      hintFirst: 'Hint: the first click is always safe; try {where}',
      hintSafe: 'Hint: {where} is certainly safe',
      hintGuess: 'Hint: nothing is certain; the safest is {where} (mine chance {p}%)',
      hintFifty: 'Hint: an unavoidable 50/50: guess {where}',
      hintEndgame: 'Hint: {where} (mine chance {p}%, best play wins {win}%)',
      hintUnflag: 'Hint: the flag on {where} is wrong: lift it (mine chance {p}%)',
      safeShort: 'safe', mineShort: 'mine {p}%', reason_cleared: 'every safe cell is open',
      reason_mine: 'you opened a mine', yourTime: 'Time {s} s', newBest: 'New best time!',
      assisted: 'Helped game (hint, odds, computer moves or undo after a loss): not counted',
      record: 'Won {won} of {played} ({rate}%) · streak {streak}',
      counted: 'This game counts in your statistics', firstClickWin: 'Won by the first click: no best time',
      customTitle: 'Custom board', columns: 'Columns', rows: 'Rows', minesLabel: 'Mines',
      customSides: 'Columns and rows from {lo} to {hi}', customMines: 'Mines from 1 to {max}',
      stSize: 'Board', stWon: 'Won', stRate: 'Rate', stBest: 'Best', stStreak: 'Streak/longest',
      noStats: 'No finished games yet', statsNote: 'Only games played without help count.',
      noguessFailTitle: 'No no-guess board found', newSeed: 'Another board',
      noguessFail: 'No layout for this click could be solved without guessing ({n} mines may be too many). Try another random board, or fewer mines.',
    }
  },
  levelNames: { zh: ['入门', '中等', '大师'], en: ['Beginner', 'Medium', 'Master'] },
  levelNotes: {
    zh: ['一次只看一个数字', '把相邻的数字和总雷数合起来推理', '算出每格是雷的确切概率，猜得最准'],
    en: ['Reads one number at a time', 'Combines neighbouring numbers and the mine count',
      'Works out each cell\'s exact odds and makes the best guess'],
  },
  defaultLevel: 3,
  soloLevels: true,
  settings: [
    { key: 'preset', type: 'select', hidden: true, restart: true, default: 'beginner',
      options: ['beginner', 'intermediate', 'expert', 'custom'].map(function (v) {
        return { value: v, label: v };
      }), label: { zh: '', en: '' } },
    { key: 'customW', type: 'range', hidden: true, min: 5, max: 64, default: 20, label: { zh: '', en: '' } },
    { key: 'customH', type: 'range', hidden: true, min: 5, max: 64, default: 12, label: { zh: '', en: '' } },
    { key: 'customM', type: 'range', hidden: true, min: 1, max: 4087, default: 40, label: { zh: '', en: '' } },
    { key: 'rule', type: 'select', restart: true, default: 'safe',
      options: [{ value: 'safe', label: { zh: '不会踩雷', en: 'never a mine' } },
        { value: 'zero', label: { zh: '总是打开一片', en: 'always opens an area' } }],
      label: { zh: '第一下', en: 'First click' } },
    { key: 'noguess', type: 'checkbox', restart: true, default: false,
      label: { zh: '无需猜测的棋盘', en: 'No-guess boards' } },
    { key: 'qmarks', type: 'checkbox', restart: true, default: false,
      label: { zh: '问号标记（?）', en: 'Question marks (?)' } },
    { key: 'chordClick', type: 'checkbox', default: true,
      label: { zh: '点数字快速翻开周围', en: 'Click a number to open around it' } },
    { key: 'flagToggle', type: 'select', default: 'auto',
      options: [{ value: 'auto', label: { zh: '触屏时显示', en: 'on touch screens' } },
        { value: 'on', label: { zh: '总是显示', en: 'always' } },
        { value: 'off', label: { zh: '不显示', en: 'never' } }],
      label: { zh: '插旗/挖开按钮', en: 'Flag/dig button' } }
  ],
  params: params,
  aspect: function (view, settings, avail) { return aspectOf(view, wantsTurn(view, avail || 720)); },
  minWidth: function (view, settings, avail) {
    const d = dims(view, wantsTurn(view, avail || 720));
    return sizes(minCell(), d.cols, d.rows).w;
  },
  draw: draw,
  hit: hit,
  targets: targets,
  act: function (target, view, ui, extra) {
    const res = /** @type {any} */ (act(target, view, ui, extra));
    // The last open the player asked for: a no-guess refusal may retry it on another board.
    if (res && res.action && res.action.charAt(0) === 'o') ui.state.lastOpen = res.action;
    return res;
  },
  onButton: function (target, api) {
    if (target !== 'face') return false;
    const st = api.state;
    st.facePressed = true;
    api.invalidate();
    setTimeout(function () { st.facePressed = false; api.invalidate(); }, 120);
    api.newGame();
    return true;
  },
  animating: function (view, st) { return performance.now() < st.burstUntil; },
  statusText: function (view, t) {
    if (!view.started && !view.flags) return t('statusStart', { n: view.mines });
    return t('statusPlaying', { left: view.left, open: view.safeCells - view.opened });
  },
  actionText: actionText,
  moveName: moveName,
  cells: cells,
  landing: landing,
  hintText: hintText,
  resultBody: resultBody,
  refusal: refusal,
  onRefresh: onRefresh,
  extraControls: extraControls
};
registerGame(minesweeper);
