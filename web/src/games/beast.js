/* games/beast.js: 斗兽棋 (翻棋) on the page (seed 000), in the look of the
 * original: the computer's bar (avatar, HP bar) on top and the player's at
 * the bottom, the 4x8 wooden board between the two columns of per-type
 * counters (the computer's on the left, dragon first; the player's on the
 * right, dragon last; greyed at 0), green face-down tiles, red and blue
 * pieces. See tictactoe.js for the fields a module gives.
 *
 * Only describe() is drawn: it never says what a face-down piece is, so
 * neither does the page (hidden pieces are never drawn, named or stored by
 * this module). The engine's lists (moves, captures, flips) say what may be
 * done; a refusal's message becomes the original's toast (不能走! 吃不了!
 * 这不是你的棋子).
 *
 * Input (mouse, tap, keyboard arrows + Enter/Space): a face-down piece
 * flips; your piece is selected (it lifts, its moves and captures are
 * marked); then a target moves or captures, another of your pieces changes
 * the selection, the same piece drops it. Animations: the flip turns the
 * tile over, moves slide, a capture slides and the victim shrinks away.
 * Seats: vs computer the player sits at the bottom; two players: the one
 * who flips first sits at the bottom. Colours are grey until the first flip
 * gives them (the flipper takes the colour of the piece flipped). */
import { registerGame } from '../app/registry.js';
import { el } from '../ui/dom.js';
import { CJK_FONTS, INK, UI_FONT, arrow, ease, reducedMotion, ring, roundRect } from '../ui/draw.js';

/**
 * A square as the engine describes it: face down, empty, or a piece face
 * up (its letter: upper case red, lower case blue).
 * @typedef {{at: string, state: 'down'|'empty'|'up', piece?: string, type?: string, colour?: string,
 *   rank?: number, value?: number}} BeastCell
 */

/**
 * The engine's description of a position (engine.describe): never what a
 * face-down piece is.
 * @typedef {object} BeastView
 * @property {string} status
 * @property {string} reason
 * @property {number} cols
 * @property {number} rows
 * @property {BeastCell[]} cells a8 first, row by row
 * @property {string} turn the side to move: 'r', 'b', or '?' before the first flip
 * @property {string} sides
 * @property {boolean} coloursDealt
 * @property {boolean} over
 * @property {string|null} winner
 * @property {{r: number, b: number}} hp
 * @property {number} hpMax
 * @property {Record<string, Record<string, number>>} pieces each side's pieces left, by type
 * @property {Record<string, Record<string, number>>} hidden each side's pieces still face down
 * @property {number} hiddenTotal
 * @property {number} plies moves without a flip or a capture
 * @property {number} pliesLimit
 * @property {number} repeats
 * @property {{action: string, kind: string, from: string, to: string, piece: string, taken?: string}|null} last
 * @property {Record<string, string[]>} moves each movable piece's steps
 * @property {Record<string, string[]>} captures each piece's captures
 * @property {string[]} flips the face-down squares
 * @property {{letter: string, name: string, rank: number, value: number, count: number}[]} types
 */

/**
 * The module's state for one game in play: who sits where, and the HP
 * bars' slides.
 * @typedef {object} BeastState
 * @property {{bottom: string}|null} seats the bottom seat's colour, once dealt
 * @property {string|null} seatsKey the game the seats were found for
 * @property {boolean} humanFirst
 * @property {Record<string, {from: number, to: number, start: number}>} hp each seat's bar
 * @property {number} hpUntil when the last slide ends (performance.now())
 */
/** @typedef {import('../app/registry.js').GameModule<BeastView, BeastState>} BeastModule */
/** @typedef {import('../app/module-api.js').ModuleApi<BeastState>} Api */

const TYPES = 'DTEBFHC';
const GLYPH = { D: '龙', T: '虎', E: '象', B: '熊', F: '狐', H: '鹰', C: '猫' };
const RANK = { D: 7, T: 6, E: 5, B: 4, F: 3, H: 2, C: 1 };
const COLS = 'abcd';
const GREEN = '#1aaf5d', GREEN_EDGE = '#0a7237', WOOD = '#ab865a', CELL = INK.beastCell;
// The animals in a brush face where the system has one, else its Chinese sans face.
const FONT_CJK = `"Kaiti SC","STKaiti","KaiTi","Noto Serif CJK SC","Source Han Serif SC",${CJK_FONTS},serif`;
const FONT = UI_FONT;

/** @returns {BeastState} */
function createState() {
  return { seats: null, seatsKey: null, humanFirst: false, hp: {}, hpUntil: 0 };
}

function other(side) { return side === 'r' ? 'b' : 'r'; }
function colourOf(letter) { return letter === letter.toUpperCase() ? 'r' : 'b'; }
function typeOf(letter) { return letter.toUpperCase(); }

/* ---- colours */

function mix(hex, to, k) {
  const a = parseInt(hex.slice(1), 16), b = parseInt(to.slice(1), 16);
  function ch(v, s) { return (v >> s) & 255; }
  const out = [16, 8, 0].map(function (s) {
    return Math.round(ch(a, s) + (ch(b, s) - ch(a, s)) * k);
  });
  return 'rgb(' + out.join(',') + ')';
}
function sideBase(side, colors) { return side === 'r' ? colors.red : side === 'b' ? colors.blue : '#9a9a9a'; }

/* ---- geometry: units of w/100; see the header for the layout */

const ASPECT = 1.66;
function geometry(w) {
  const u = w / 100;
  return {
    u: u, cw: 17 * u, ch: 17 * u, x0: 16 * u, y0: 15 * u,
    board: { x: 15 * u, y: 14 * u, w: 70 * u, h: 138 * u },
    top: { y: 1.5 * u, h: 10.5 * u }, bottom: { y: 154 * u, h: 10.5 * u },
    counter: 12 * u, gap: 3 * u
  };
}
function cellIndex(name) { return (8 - Number(name.charAt(1))) * 4 + COLS.indexOf(name.charAt(0)); }
function cellName(i) { return COLS.charAt(i % 4) + (8 - Math.floor(i / 4)); }
function centre(g, i) {
  return [g.x0 + (i % 4 + 0.5) * g.cw, g.y0 + (Math.floor(i / 4) + 0.5) * g.ch];
}

/* ---- pieces */

/* A face-down tile: the original's green square with its darker edge.
 * sx (0..1) narrows it while it turns over. */
function drawDown(ctx, x, y, s, sx, contrast) {
  const w = s * sx, edge = s * 0.07;
  if (w <= 0.5) return;
  ctx.save();
  ctx.fillStyle = GREEN_EDGE;
  roundRect(ctx, x - w / 2, y - s / 2 + edge, w, s, s * 0.14);
  ctx.fill();
  ctx.fillStyle = GREEN;
  roundRect(ctx, x - w / 2, y - s / 2, w, s, s * 0.14);
  ctx.fill();
  if (contrast) { ctx.lineWidth = 2; ctx.strokeStyle = '#000'; ctx.stroke(); }
  // A light inner frame and a four-petal mark, the back of a tile.
  if (w > s * 0.3) {
    ctx.strokeStyle = 'rgba(255,255,255,.35)';
    ctx.lineWidth = Math.max(1, s * 0.035);
    roundRect(ctx, x - w / 2 + s * 0.1 * sx, y - s / 2 + s * 0.1, w - s * 0.2 * sx, s * 0.8, s * 0.09);
    ctx.stroke();
    ctx.fillStyle = 'rgba(255,255,255,.28)';
    for (let k = 0; k < 4; k++) {
      const a = k * Math.PI / 2;
      ctx.beginPath();
      ctx.ellipse(x + Math.cos(a) * s * 0.11 * sx, y + Math.sin(a) * s * 0.11, s * 0.08 * sx, s * 0.08, 0, 0, Math.PI * 2);
      ctx.fill();
    }
  }
  ctx.restore();
}

/* A face-up piece: a round token in its side's colour with a raised
 * edge, the animal's character, and its rank. The blue side's inner
 * ring is dashed: the sides differ by more than colour. */
function drawPiece(ctx, x, y, s, letter, o) {
  o = o || {};
  const side = colourOf(letter), type = typeOf(letter);
  const base = o.grey ? '#a8a29a' : sideBase(side, o.colors);
  const r = s * 0.47 * (o.scale === undefined ? 1 : o.scale), sx = o.sx === undefined ? 1 : o.sx;
  if (r <= 0.5 || sx <= 0.01) return;
  ctx.save();
  ctx.globalAlpha = o.alpha === undefined ? 1 : o.alpha;
  ctx.translate(x, y);
  ctx.scale(sx, 1);
  if (o.lift) {
    ctx.fillStyle = 'rgba(0,0,0,.22)';
    ctx.beginPath();
    ctx.ellipse(0, r * 0.2 + o.lift, r * 0.95, r * 0.9, 0, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.translate(0, -(o.lift || 0));
  ctx.fillStyle = mix(base.charAt(0) === '#' ? base : '#a8a29a', '#000000', 0.35);
  ctx.beginPath();
  ctx.arc(0, r * 0.14, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = base;
  ctx.beginPath();
  ctx.arc(0, 0, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.lineWidth = Math.max(1, r * 0.07);
  ctx.strokeStyle = o.contrast ? '#000' : 'rgba(255,255,255,.75)';
  if (side === 'b') ctx.setLineDash([r * 0.2, r * 0.13]);
  ctx.beginPath();
  ctx.arc(0, 0, r * 0.8, 0, Math.PI * 2);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.fillStyle = '#fff';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.font = 'bold ' + Math.round(r * 1.05) + 'px ' + FONT_CJK;
  ctx.lineWidth = Math.max(1, r * 0.08);
  ctx.strokeStyle = 'rgba(0,0,0,.35)';
  ctx.strokeText(GLYPH[type], 0, r * 0.04);
  ctx.fillText(GLYPH[type], 0, r * 0.04);
  if (o.ranks) {
    ctx.font = 'bold ' + Math.round(r * 0.36) + 'px ' + FONT;
    ctx.fillStyle = 'rgba(255,255,255,.95)';
    ctx.fillText(String(RANK[type]), r * 0.7, r * 0.66);
  }
  ctx.restore();
}

/* ---- the seats: who sits where, and the colour each has */

/** @param {BeastView} view @param {any} ui */
function seatsOf(view, ui) {
  const st = ui.state, seats = st.seats;
  const mode = ui.mode, bottomFirst = mode === 'pvp' || st.humanFirst;
  const bottom = seats ? seats.bottom : null;
  return {
    top: { side: bottom ? other(bottom) : '?', who: mode === 'ai' ? 'ai' : 'p2', first: !bottomFirst },
    bottom: { side: bottom || '?', who: mode === 'ai' ? 'me' : 'p1', first: bottomFirst }
  };
}

/* Finds the bottom seat's colour: the first position with colours dealt
 * (ply 0 or 1; a game may also start later, from a stored position) and
 * who moves there. */
/** @param {Api} api */
function updateSeats(api) {
  const st = api.state, h = api.rec.history, rec = api.rec;
  st.humanFirst = rec.humanFirst;
  const key = rec.mode + (rec.humanFirst ? '1' : '2') + h[0] + '|' + (h[1] || '');
  if (st.seatsKey === key) return;
  st.seatsKey = key;
  st.seats = null;
  for (let i = 0; i < Math.min(2, h.length); i++) {
    const turn = api.engine.describe('beast', h[i]).turn;
    if (turn === '?') continue;
    const bottomMoves = rec.mode === 'pvp' ? i % 2 === 0 : (i % 2 === 0) === rec.humanFirst;
    st.seats = { bottom: bottomMoves ? turn : other(turn) };
    return;
  }
}

/* ---- drawing */

/* The HP bars slide to a new value in 300 ms, as the original's bar does. */
const HP_MS = 300;
/** @param {BeastState} st @param {string} seat @param {number} hp @param {number} now */
function shownHp(st, seat, hp, now) {
  let a = st.hp[seat];
  if (!a) a = st.hp[seat] = { from: hp, to: hp, start: 0 };
  if (a.to !== hp) {
    const cur = a.from + (a.to - a.from) * ease((now - a.start) / HP_MS);
    a.from = cur;
    a.to = hp;
    a.start = now;
    st.hpUntil = Math.max(st.hpUntil, now + HP_MS);
  }
  return a.from + (a.to - a.from) * ease((now - a.start) / HP_MS);
}

/* Who sits there, drawn in `ink` in a box of side `size` at (x, y): the
 * computer a robot's head, a player a head and shoulders (two players on
 * one device: numbered 1 and 2), as the original shows two pictures. */
function drawAvatar(ctx, x, y, size, who, ink) {
  const cx = x + size / 2, s = size / 100;
  ctx.save();
  ctx.fillStyle = ctx.strokeStyle = ink;
  ctx.lineCap = 'round';
  if (who === 'ai') {
    ctx.lineWidth = 5 * s;
    ctx.beginPath();
    ctx.moveTo(cx, y + 26 * s);
    ctx.lineTo(cx, y + 16 * s);
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(cx, y + 13 * s, 6 * s, 0, Math.PI * 2);
    ctx.fill();
    roundRect(ctx, x + 20 * s, y + 26 * s, 60 * s, 50 * s, 12 * s);
    ctx.stroke();
    for (const ex of [38, 62]) {
      ctx.beginPath();
      ctx.arc(x + ex * s, y + 46 * s, 7 * s, 0, Math.PI * 2);
      ctx.fill();
    }
    ctx.beginPath();
    ctx.moveTo(x + 38 * s, y + 63 * s);
    ctx.lineTo(x + 62 * s, y + 63 * s);
    ctx.stroke();
    ctx.fillRect(x + 12 * s, y + 42 * s, 6 * s, 16 * s);
    ctx.fillRect(x + 82 * s, y + 42 * s, 6 * s, 16 * s);
  } else {
    ctx.beginPath();
    ctx.arc(cx, y + 36 * s, 17 * s, 0, Math.PI * 2);
    ctx.fill();
    ctx.beginPath();
    ctx.ellipse(cx, y + 86 * s, 32 * s, 28 * s, 0, Math.PI, 0);
    ctx.fill();
    if (who !== 'me') {
      ctx.font = 'bold ' + Math.round(22 * s) + 'px ' + FONT;
      ctx.textAlign = 'left';
      ctx.textBaseline = 'top';
      ctx.fillText(who === 'p1' ? '1' : '2', x + 8 * s, y + 6 * s);
    }
  }
  ctx.restore();
}

function drawBar(ctx, g, w, bar, seat, view, ui, atTop) {
  const u = g.u, t = ui.t, side = seat.side;
  const base = sideBase(side, ui.colors);
  const av = bar.h, avx = atTop ? u : w - u - av, y = bar.y;
  const toMove = !view.over && view.turn !== '?' && view.turn === side;
  // Before the first flip the seat to move is the one that flips first.
  const undealtToMove = !view.over && view.turn === '?' && seat.first;
  // The avatar: the side's colour, who sits there, a ring while it moves.
  ctx.save();
  ctx.fillStyle = side === '?' ? '#ebebeb' : mix(base, '#ffffff', 0.15);
  roundRect(ctx, avx, y, av, av, u * 1.5);
  ctx.fill();
  if (toMove || undealtToMove) {
    ctx.lineWidth = Math.max(2, u * 0.7);
    ctx.strokeStyle = ui.contrast ? '#000' : ui.colors.ink;
    ctx.globalAlpha = ui.thinking && seat.who === 'ai' ? 0.45 + 0.55 * Math.abs(Math.sin(ui.now / 300)) : 1;
    ctx.stroke();
    ctx.globalAlpha = 1;
  }
  drawAvatar(ctx, avx, y, av, seat.who, side === '?' ? '#5b4b3a' : '#fff');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  // The HP bar: 100 a side, in the side's colour; the top one fills from
  // the left, the bottom one from the right (towards its avatar).
  const hp = side === '?' ? view.hpMax : view.hp[side];
  const shown = shownHp(ui.state, atTop ? 'top' : 'bottom', hp, ui.now);
  const bx = atTop ? avx + av + 2 * u : u, bw = w - av - 4 * u, bh = av * 0.62, by = y + (av - bh) / 2;
  ctx.fillStyle = '#e2d9c9';
  roundRect(ctx, bx, by, bw, bh, bh * 0.3);
  ctx.fill();
  const fw = bw * shown / view.hpMax;
  if (fw > 0) {
    ctx.save();
    roundRect(ctx, bx, by, bw, bh, bh * 0.3);
    ctx.clip();
    ctx.fillStyle = side === '?' ? '#c7bfb3' : mix(base, '#ffffff', 0.2);
    ctx.fillRect(atTop ? bx : bx + bw - fw, by, fw, bh);
    ctx.restore();
  }
  if (ui.contrast) {
    ctx.lineWidth = 2;
    ctx.strokeStyle = '#000';
    roundRect(ctx, bx, by, bw, bh, bh * 0.3);
    ctx.stroke();
  }
  ctx.font = 'bold ' + Math.round(bh * 0.5) + 'px ' + FONT;
  const text = (side === '?' ? '' : t(side) + '  ') + hp + '/' + view.hpMax;
  ctx.lineWidth = 3;
  ctx.strokeStyle = 'rgba(255,255,255,.85)';
  ctx.strokeText(text, bx + bw / 2, by + bh / 2 + 1);
  ctx.fillStyle = '#2b2118';
  ctx.fillText(text, bx + bw / 2, by + bh / 2 + 1);
  ctx.restore();
}

/* The counters of one seat: the seven types with how many are left
 * (face-up or down), greyed at 0. The top seat's column runs dragon
 * first from the top; the bottom seat's ends with the dragon. */
function drawCounters(ctx, g, w, seat, view, ui, atTop) {
  const u = g.u, s = g.counter, x = atTop ? u * 1.5 : w - u * 1.5 - s;
  const order = atTop ? TYPES.split('') : TYPES.split('').reverse();
  const span = 7 * s + 6 * g.gap;
  const y0 = atTop ? g.board.y : g.board.y + g.board.h - span;
  order.forEach(function (type, k) {
    const y = y0 + k * (s + g.gap);
    const side = seat.side;
    const n = side === '?' ? view.pieces.r[type] : view.pieces[side][type];
    const letter = side === 'b' ? type.toLowerCase() : type;
    drawPiece(ctx, x + s / 2, y + s / 2, s * 1.02, letter, { colors: ui.colors, grey: side === '?' || n === 0,
      alpha: n === 0 ? 0.45 : 1, contrast: ui.contrast });
    // The badge: how many are left.
    const bx = atTop ? x + s * 0.08 : x + s * 0.92, by = y + s * 0.1, br = s * 0.21;
    ctx.save();
    ctx.fillStyle = n === 0 ? '#9a9a9a' : '#dd524d';
    ctx.beginPath();
    ctx.arc(bx, by, br, 0, Math.PI * 2);
    ctx.fill();
    ctx.lineWidth = Math.max(1, br * 0.18);
    ctx.strokeStyle = '#fff';
    ctx.stroke();
    ctx.fillStyle = '#fff';
    ctx.font = 'bold ' + Math.round(br * 1.3) + 'px ' + FONT;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(String(n), bx, by + 0.5);
    ctx.restore();
  });
}

function cellRect(g, i) {
  const c = centre(g, i);
  return { x: c[0] - g.cw / 2 + g.u * 0.6, y: c[1] - g.ch / 2 + g.u * 0.6, w: g.cw - g.u * 1.2, h: g.ch - g.u * 1.2 };
}

function frameCell(ctx, g, i, color, width, dash) {
  const r = cellRect(g, i);
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  if (dash) ctx.setLineDash(dash);
  roundRect(ctx, r.x + width / 2, r.y + width / 2, r.w - width, r.h - width, g.u * 1.4);
  ctx.stroke();
  ctx.restore();
}

/* The action in flight: {kind, from, to, t} from the shell's anim. */
function flight(ui) {
  if (!ui.anim) return null;
  const a = String(ui.anim.action);
  const from = cellIndex(a.slice(0, 2)), to = a.length > 2 ? cellIndex(a.slice(2, 4)) : from;
  return { flip: from === to, from: from, to: to, t: ui.anim.t, before: ui.anim.from };
}

/** @param {CanvasRenderingContext2D} ctx @param {number} w @param {number} h @param {BeastView} view
 * @param {any} ui */
function draw(ctx, w, h, view, ui) {
  const g = geometry(w), u = g.u, seats = seatsOf(view, ui);
  const settings = ui.settings || {};
  ctx.fillStyle = '#f6efe2';
  roundRect(ctx, 0, 0, w, h, 10);
  ctx.fill();
  drawBar(ctx, g, w, g.top, seats.top, view, ui, true);
  drawBar(ctx, g, w, g.bottom, seats.bottom, view, ui, false);
  drawCounters(ctx, g, w, seats.top, view, ui, true);
  drawCounters(ctx, g, w, seats.bottom, view, ui, false);
  // The board: wood, and a lighter square under each cell.
  ctx.fillStyle = WOOD;
  roundRect(ctx, g.board.x, g.board.y, g.board.w, g.board.h, u * 1.6);
  ctx.fill();
  const fl = flight(ui);
  const shown = fl && !fl.flip ? fl.before : view;
  const hover = ui.hover ? cellIndex(ui.hover) : -1;
  for (let i = 0; i < 32; i++) {
    const r = cellRect(g, i);
    ctx.fillStyle = i === hover && ui.humanTurn ? INK.beastCellLit : CELL;
    roundRect(ctx, r.x, r.y, r.w, r.h, u * 1.4);
    ctx.fill();
  }
  // The last action: its cells framed (both ends of a move or capture).
  const last = !fl && view.last;
  if (last) {
    // A dark frame: the palette's orange was lost on the light cells (1.3:1).
    if (last.to !== last.from) frameCell(ctx, g, cellIndex(last.from), INK.beastLast, Math.max(2, u * 0.6), [u * 1.2, u * 0.8]);
    frameCell(ctx, g, cellIndex(last.to), INK.beastLast, Math.max(2, u * 0.6));
  }
  const sel = ui.selected && !fl ? cellIndex(ui.selected) : -1;
  const size = Math.min(g.cw, g.ch) * 0.8;
  for (let i = 0; i < 32; i++) {
    const cell = shown.cells[i], c = centre(g, i);
    if (fl && !fl.flip && i === fl.from) continue; // drawn in flight below
    if (fl && !fl.flip && i === fl.to && cell.state === 'up') {
      // The victim of a capture shrinks away in the second half.
      const k = Math.max(0, (fl.t - 0.45) / 0.55);
      drawPiece(ctx, c[0], c[1], size, cell.piece, { colors: ui.colors, scale: 1 - k, alpha: 1 - k * 0.6,
        ranks: settings.ranks, contrast: ui.contrast });
      continue;
    }
    if (fl && fl.flip && i === fl.to) {
      // Turning over: the tile narrows, then the piece widens.
      if (fl.t < 0.5) drawDown(ctx, c[0], c[1], size, 1 - fl.t * 2, ui.contrast);
      else drawPiece(ctx, c[0], c[1], size, cell.piece, { colors: ui.colors, sx: fl.t * 2 - 1,
        ranks: settings.ranks, contrast: ui.contrast });
      continue;
    }
    if (cell.state === 'down') drawDown(ctx, c[0], c[1], size, 1, ui.contrast);
    else if (cell.state === 'up') {
      drawPiece(ctx, c[0], c[1], size, cell.piece, { colors: ui.colors, lift: i === sel ? size * 0.1 : 0,
        ranks: settings.ranks, contrast: ui.contrast });
    }
  }
  if (fl && !fl.flip) {
    const a = centre(g, fl.from), b = centre(g, fl.to);
    drawPiece(ctx, a[0] + (b[0] - a[0]) * fl.t, a[1] + (b[1] - a[1]) * fl.t, size, shown.cells[fl.from].piece,
      { colors: ui.colors, lift: size * 0.08 * Math.sin(Math.PI * fl.t), ranks: settings.ranks, contrast: ui.contrast });
  }
  // The selected piece's moves (dots) and captures (rings).
  if (sel >= 0 && settings.targets !== false) {
    const name = ui.selected;
    (view.moves[name] || []).forEach(function (m) {
      const p = centre(g, cellIndex(m));
      ctx.save();
      ctx.fillStyle = ui.colors.green;
      ctx.globalAlpha = 0.85;
      ctx.beginPath();
      ctx.arc(p[0], p[1], size * 0.14, 0, Math.PI * 2);
      ctx.fill();
      ctx.restore();
    });
    (view.captures[name] || []).forEach(function (m) {
      const p = centre(g, cellIndex(m));
      ring(ctx, p[0], p[1], size * 0.56, ui.colors.danger, ui.now);
    });
  }
  if (ui.hint && !fl) {
    const hf = centre(g, cellIndex(ui.hint.slice(0, 2)));
    ring(ctx, hf[0], hf[1], size * 0.6, ui.colors.hint, ui.now);
    if (ui.hint.length > 2) {
      const ht = centre(g, cellIndex(ui.hint.slice(2, 4)));
      arrow(ctx, hf, ht, size * 0.42, ui.colors.hint);
      ctx.save();
      ctx.setLineDash([size * 0.12, size * 0.08]);
      ring(ctx, ht[0], ht[1], size * 0.6, ui.colors.hint);
      ctx.restore();
    }
  }
  if (ui.cursor) frameCell(ctx, g, cellIndex(ui.cursor), ui.colors.cursor, Math.max(3, u * 0.8), [u * 1.5, u]);
}

/** @param {BeastView} view @param {number} w @param {number} h @param {number} x @param {number} y */
function hit(view, w, h, x, y) {
  const g = geometry(w);
  const col = Math.floor((x - g.x0) / g.cw), row = Math.floor((y - g.y0) / g.ch);
  if (col < 0 || col > 3 || row < 0 || row > 7) return null;
  return cellName(row * 4 + col);
}

/** @param {BeastView} view @param {number} w */
function targets(view, w) {
  const g = geometry(w), out = [];
  for (let i = 0; i < 32; i++) {
    const c = centre(g, i);
    out.push({ id: cellName(i), col: i % 4, row: Math.floor(i / 4), x: c[0], y: c[1] });
  }
  return out;
}

/* A press on a cell: flip, select, move or capture. What is legal comes
 * from describe(); anything else goes to the engine, whose refusal names
 * the reason (see refusal). */
/** @param {string} target @param {BeastView} view @param {any} ui */
function act(target, view, ui) {
  const cell = view.cells[cellIndex(target)], sel = ui.selected;
  if (cell.state === 'down') return view.flips.indexOf(target) >= 0 ? { select: null, action: target } : null;
  const mine = cell.state === 'up' && view.turn !== '?' && colourOf(cell.piece) === view.turn;
  if (sel) {
    if (sel === target) return { select: null };
    if (mine) return { select: target };
    const legal = (view.moves[sel] || []).concat(view.captures[sel] || []);
    if (legal.indexOf(target) >= 0) return { select: null, action: sel + target };
    return { select: null, action: sel + target }; // refused by the engine, with its reason
  }
  if (mine) return { select: target };
  if (cell.state === 'up') return { toast: 'notYours' };
  return null;
}

function refusal(message, t) {
  // The engine's reason, alone or after the move it refuses ("bad beast move 'c5c4': ...").
  if (/(^|: )not your piece/.test(message)) return t('notYours');
  if (/(^|: )cannot move there/.test(message)) return t('cannotMove');
  if (/(^|: )cannot capture that/.test(message)) return t('cannotCapture');
  return message;
}

/** @param {BeastView} before @param {BeastView} after @param {string} action */
function animation(before, after, action) {
  if (reducedMotion()) return null;
  const a = String(action);
  if (a.length === 2) return { duration: 380 };
  const from = cellIndex(a.slice(0, 2)), to = cellIndex(a.slice(2, 4));
  const dist = Math.abs(from % 4 - to % 4) + Math.abs(Math.floor(from / 4) - Math.floor(to / 4));
  const capture = before.cells[to].state === 'up';
  return { duration: (capture ? 300 : 220) + 40 * (dist - 1) };
}

/* ---- words */

function pieceName(letter, t) { return t(colourOf(letter)) + t('type_' + typeOf(letter)); }

/** @param {string} action @param {BeastView} view @param {import('../i18n.js').Translate} t */
function actionText(action, view, t) {
  const a = String(action);
  if (a.length === 2) return t('flipAt', { at: a });
  const mover = view.cells[cellIndex(a.slice(0, 2))], victim = view.cells[cellIndex(a.slice(2, 4))];
  const who = mover.state === 'up' ? pieceName(mover.piece, t) : '';
  if (victim.state === 'up') {
    return t('captureText', { who: who, from: a.slice(0, 2), to: a.slice(2, 4), victim: pieceName(victim.piece, t) });
  }
  return t('moveText', { who: who, from: a.slice(0, 2), to: a.slice(2, 4) });
}

/** Every square for a screen reader: "b4, face down", "c5, Red tiger".
 * @param {BeastView} view @param {import('../i18n.js').Translate} t */
function cells(view, t) {
  return view.cells.map(function (cell, i) {
    const what = cell.state === 'down' ? t('faceDown') : cell.state === 'up' ? pieceName(cell.piece, t) : t('empty');
    return { key: cell.at, target: cell.at, row: Math.floor(i / 4), col: i % 4, coord: cell.at, what: what };
  });
}

/** A flip: the piece it shows is said after the move. */
function landing(action) {
  return String(action).length === 2 ? String(action) : null;
}

function lastText(view, t) {
  const l = view.last;
  if (!l) return '';
  if (l.kind === 'flip') return t('lastFlip', { at: l.to, piece: pieceName(l.piece, t) });
  if (l.kind === 'capture' && l.taken) {
    return t('lastCapture', { who: pieceName(l.piece, t), from: l.from, to: l.to, victim: pieceName(l.taken, t) });
  }
  return t('lastMove', { who: pieceName(l.piece, t), from: l.from, to: l.to });
}

/* The engine's scores: a decided game is 3000 less the plies to its end
 * (search.c's WIN); the endgame tables' (the note says so) are exact. */
const WIN = 3000, DECIDED = 2800;

function hintText(info, view, t) {
  const move = actionText(info.action, view, t), s = info.score;
  if (typeof s === 'number' && Math.abs(s) > DECIDED && /endgame tables/.test(info.note || '')) {
    const n = Math.ceil((WIN - Math.abs(s)) / 2); // the player's moves, this one included
    return t('hintIs', { move: move }) + t('sep') + t(s > 0 ? 'winsIn' : 'lostIn', { n: n });
  }
  const word = typeof s !== 'number' ? '' : s > 2000 ? 'evalWin' : s < -2000 ? 'evalLose' :
    s > 150 ? 'evalBetter' : s < -150 ? 'evalWorse' : 'evalEven';
  return t('hintIs', { move: move }) + (word ? t('sep') + t(word) : '');
}

/** @param {Api} api */
function onRefresh(api) {
  updateSeats(api);
  const view = api.view(), t = api.t, parts = [];
  if (!view.coloursDealt) {
    parts.push(t('firstFlipNote'));
  } else {
    const lt = lastText(view, t);
    if (lt) parts.push(lt);
    parts.push(t('quiet', { n: view.plies, max: view.pliesLimit }));
    if (view.repeats > 1) parts.push(t('repeats', { n: view.repeats }));
  }
  api.setInfo(parts.join(' · '));
}

/** @param {Api} api */
function resultBody(api) {
  const view = api.view(), t = api.t, lines = [];
  const st = api.state;
  const vsAi = api.rec.mode === 'ai';
  const me = st.seats ? st.seats.bottom : null;
  if (vsAi && view.reason === 'stuck' && me && view.winner === me) lines.push(t('aiSurrenders'));
  if (view.coloursDealt) lines.push(t('hpLine', { r: view.hp.r, b: view.hp.b }));
  return el('div', {}, lines.map(function (l, k) {
    return el('p', { text: l, style: k === 0 && lines.length > 1 ? 'font-size:20px;font-weight:700;color:#b75c4d' : null });
  }));
}

/* ---- the start card: the original's rules popup (我知道了), and who
 * flips first against the computer */

function rulesList(t) {
  return el('ol', { style: 'text-align:left;margin:6px 0 10px;padding-left:1.4em;line-height:1.55' },
    [1, 2, 3, 4, 5, 6, 7].map(function (k) { return el('li', { text: t('rule' + k) }); }));
}

function startOverlay(api, done) {
  const t = api.t, rec = api.rec;
  const seen = !!api.getExtra('rulesSeen');
  const rules = el('details', seen ? {} : { open: true }, [el('summary', { text: t('rulesTitle'),
    style: 'cursor:pointer;font-weight:600' }), rulesList(t)]);
  /** Against the computer, "me first" or "computer first" starts the game. @param {string} first */
  const start = (first) => {
    api.setExtra('rulesSeen', true);
    done({ first });
    api.toast(t(rec.mode === 'pvp' ? 'pvpFirst' : first === 'ai' ? 'aiFirstToast' : 'humanFirstToast'), 1800);
  };
  const vsAi = rec.mode === 'ai';
  return api.dialog({
    title: t('title'),
    body: el('div', {}, [rules, vsAi ? el('p', { text: t('whoFirst') }) : null]),
    dismissable: false,
    buttons: vsAi ? [{ label: t('humanFirstFlip'), primary: rec.humanFirst !== false, onclick: () => start('human') },
      { label: t('aiFirstFlip'), primary: rec.humanFirst === false, onclick: () => start('ai') }] :
      [{ label: t('gotIt'), primary: true, onclick: () => start('human') }],
  });
}

function showRules(api) {
  const t = api.t;
  api.dialog({ title: t('rulesTitle'), body: rulesList(t), buttons: [{ label: t('gotIt'), primary: true }] });
}

/** @type {BeastModule} */
const beast = {
  id: 'beast',
  createState,
  review: { kind: 'moves' },
  // The link carries the deal: one who knows how could work out the face-down pieces.
  share: { note: 'shareNoteDeal' },
  texts: {
    zh: {
      title: '斗兽棋', r: '红方', b: '蓝方',
      type_D: '龙', type_T: '虎', type_E: '象', type_B: '熊', type_F: '狐', type_H: '鹰', type_C: '猫',
      notYours: '这不是你的棋子', cannotMove: '不能走!', cannotCapture: '吃不了!',
      rulesTitle: '游戏规则', gotIt: '我知道了', rulesButton: '规则', whoFirst: '谁先翻牌',
      humanFirstFlip: '玩家先手', aiFirstFlip: '电脑先手', humanFirstToast: '玩家先手', aiFirstToast: '电脑先手',
      pvpFirst: '1P 先手：翻开的第一颗棋子决定你的颜色',
      rule1: '龙 > 虎 > 象 > 熊 > 狐 > 鹰 > 猫，大的吃小的，同类可以互吃。',
      rule2: '猫可以吃龙，龙不能吃猫。',
      rule3: '鹰可以吃全部，前提是中间隔一颗棋子（翻开与否都算），不分距离；鹰不能吃相邻的棋子。',
      rule4: '每回合：翻开一颗棋子，或把自己的一颗棋子上下左右走一格，或吃子。',
      rule5: '第一个翻牌的人执所翻棋子的颜色。',
      rule6: '双方各 100 血（龙19 虎12 象10 熊8 狐5 鹰3 猫1），血量为 0 或无棋可走即输。',
      rule7: '和棋：连续 50 步没有翻棋或吃子，或同一局面第三次出现。',
      flipAt: '翻开 {at}', faceDown: '暗棋', moveText: '{who} {from}→{to}', captureText: '{who} {from}→{to} 吃{victim}',
      lastFlip: '上一步：{at} 翻出{piece}', lastMove: '上一步：{who} {from}→{to}',
      lastCapture: '上一步：{who} {from}→{to} 吃{victim}',
      quiet: '连续 {n}/{max} 步没有翻棋或吃子', repeats: '同一局面已出现 {n} 次（第 3 次即和棋）', firstFlipNote: '先翻开一颗棋子：翻出的颜色就是你的',
      sep: '，', evalWin: '可以取胜', evalLose: '局势危急', winsIn: '必胜：{n} 步取胜', lostIn: '必败：最多再走 {n} 步', evalBetter: '形势占优', evalWorse: '形势不利', evalEven: '形势均衡',
      aiSurrenders: '电脑认输了', hpLine: '红方血量 {r}/100 · 蓝方血量 {b}/100',
      reason_hp: '一方血量降为 0，棋子被吃光了', reason_stuck: '轮到的一方无棋可走，认输',
      reason_repetition: '同一局面第三次出现，和棋', 'reason_no-progress': '连续 50 步没有翻棋或吃子，和棋'
    },
    en: {
      title: 'Animal Chess', r: 'Red', b: 'Blue',
      type_D: ' dragon', type_T: ' tiger', type_E: ' elephant', type_B: ' bear', type_F: ' fox', type_H: ' hawk',
      type_C: ' cat',
      notYours: 'That is not your piece', cannotMove: 'Cannot move there!', cannotCapture: 'Cannot capture that!',
      rulesTitle: 'Rules', gotIt: 'Got it', rulesButton: 'Rules', whoFirst: 'Who flips first',
      humanFirstFlip: 'Me first', aiFirstFlip: 'Computer first', humanFirstToast: 'You move first',
      aiFirstToast: 'The computer moves first', pvpFirst: '1P first: the first piece you flip gives you its colour',
      rule1: 'Dragon 龙 > tiger 虎 > elephant 象 > bear 熊 > fox 狐 > hawk 鹰 > cat 猫: a piece takes lower or equal ranks.',
      rule2: 'The cat takes the dragon; the dragon cannot take a cat.',
      rule3: 'The hawk takes anything along a row or column with exactly one piece (face-up or down) between, at any distance; never an adjacent piece.',
      rule4: 'A turn: flip a piece, move one of yours one step up, down, left or right, or capture.',
      rule5: 'Whoever flips first plays the colour of the piece flipped.',
      rule6: '100 HP a side (dragon 19, tiger 12, elephant 10, bear 8, fox 5, hawk 3, cat 1); HP 0 or no move loses.',
      rule7: 'Draws: 50 moves in a row without a flip or a capture, or the same position a third time.',
      flipAt: 'flip {at}', faceDown: 'face down', moveText: '{who} {from}→{to}', captureText: '{who} {from}→{to} takes {victim}',
      lastFlip: 'Last: {at} turned up {piece}', lastMove: 'Last: {who} {from}→{to}',
      lastCapture: 'Last: {who} {from}→{to} took {victim}',
      quiet: '{n} of {max} moves without a flip or capture',
      repeats: 'this position has come up {n} times (the third time is a draw)',
      firstFlipNote: 'Flip a piece first: its colour becomes yours',
      sep: '; ', evalWin: 'wins', evalLose: 'in danger', winsIn: 'wins in {n} {n:move|moves}',
      lostIn: 'lost: {n} {n:move|moves} at most', evalBetter: 'the better position', evalWorse: 'the worse position',
      evalEven: 'an even position',
      aiSurrenders: 'The computer resigns', hpLine: 'Red HP {r}/100 · Blue HP {b}/100',
      reason_hp: 'a side lost all its HP (no pieces left)', reason_stuck: 'the side to move had no move and resigned',
      reason_repetition: 'the same position a third time: a draw',
      'reason_no-progress': '50 moves without a flip or a capture: a draw'
    }
  },
  levelNames: { zh: ['入门', '中等', '困难'], en: ['Beginner', 'Medium', 'Hard'] },
  levelNotes: {
    zh: ['能吃就吃，遇险就逃', '会想一步你的回应', '推算每次翻棋可能翻出什么，看得更远'],
    en: ['Takes what it can, runs from danger', 'Thinks about your reply',
      'Weighs what each flip may turn up, and reads deeper'],
  },
  exitButton: true,
  // A first visit plays a level a newcomer can beat; the strongest is one choice away (the level list).
  defaultLevel: 2,
  hintLevel: 3,
  settings: [
    { key: 'targets', type: 'checkbox', default: true, label: { zh: '选中棋子时标出可走位置', en: 'Mark where the selected piece can go' } },
    { key: 'ranks', type: 'checkbox', default: true, label: { zh: '棋子上显示等级数字', en: 'Show rank numbers on pieces' } }
  ],
  startOverlay: startOverlay,
  startFromOptions: function (opts) { return { first: opts.first === 'ai' ? 'ai' : 'human' }; },
  applyStart: function (choice, rec) { return { humanFirst: rec.mode === 'pvp' || choice.first !== 'ai' }; },
  aspect: function () { return ASPECT; },
  animating: function (view, st) { return performance.now() < st.hpUntil; },
  draw: draw,
  hit: hit,
  targets: targets,
  movePlace: function (action, view, w) {
    const g = geometry(w), from = centre(g, cellIndex(action.slice(0, 2)));
    return action.length > 2 ? { from: from, to: centre(g, cellIndex(action.slice(2, 4))), r: g.cw * 0.4 } :
      { to: from, r: g.cw * 0.4 };
  },
  act: act,
  refusal: refusal,
  animation: animation,
  sideName: function (side, t) { return t(side); },
  sideColor: function (side, settings, view, colors) { return side === '?' ? null : sideBase(side, colors); },
  actionText: actionText,
  cells: cells,
  landing: landing,
  captures: function (action, before, after) { return !!after.last && after.last.kind === 'capture'; },
  hintText: hintText,
  resultBody: resultBody,
  onRefresh: onRefresh,
  extraControls: function (node, api) {
    node.appendChild(el('button', { onclick: function () { showRules(api); } }, [api.t('rulesButton')]));
  }
};
registerGame(beast);
