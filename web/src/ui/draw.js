/* ui/draw.js: drawing helpers and colours the game modules share. */

/** @param {CanvasRenderingContext2D} ctx @param {number} x @param {number} y
 * @param {number} w @param {number} h @param {number} r */
export function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

/** A stone with a soft highlight, in any colour.
 * @param {CanvasRenderingContext2D} ctx @param {number} x @param {number} y @param {number} r
 * @param {string} color @param {number} [alpha] */
export function stone(ctx, x, y, r, color, alpha) {
  ctx.save();
  ctx.globalAlpha = alpha === undefined ? 1 : alpha;
  ctx.shadowColor = 'rgba(0,0,0,.35)';
  ctx.shadowBlur = r * 0.25;
  ctx.shadowOffsetY = r * 0.08;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = color;
  ctx.fill();
  ctx.shadowColor = 'transparent';
  const g = ctx.createRadialGradient(x - r * 0.35, y - r * 0.4, r * 0.1, x, y, r);
  g.addColorStop(0, 'rgba(255,255,255,.55)');
  g.addColorStop(0.5, 'rgba(255,255,255,0)');
  g.addColorStop(1, 'rgba(0,0,0,.18)');
  ctx.fillStyle = g;
  ctx.fill();
  ctx.lineWidth = Math.max(1, r * 0.06);
  ctx.strokeStyle = 'rgba(0,0,0,.45)';
  ctx.stroke();
  ctx.restore();
}

/** An arrow from a piece of radius r (its centre `from`) to a point `to`:
 * the hint's move.
 * @param {CanvasRenderingContext2D} ctx @param {number[]} from @param {number[]} to
 * @param {number} r @param {string} color @param {number} [width] the line's (default: r * 0.16) */
export function arrow(ctx, from, to, r, color, width) {
  const dx = to[0] - from[0], dy = to[1] - from[1], len = Math.hypot(dx, dy);
  const ux = dx / len, uy = dy / len;
  const a = [from[0] + ux * r * 1.4, from[1] + uy * r * 1.4];
  const b = [to[0] - ux * r * 0.5, to[1] - uy * r * 0.5];
  ctx.save();
  ctx.strokeStyle = ctx.fillStyle = color;
  ctx.lineWidth = width || r * 0.16;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(a[0], a[1]);
  ctx.lineTo(b[0] - ux * r * 0.4, b[1] - uy * r * 0.4);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(b[0], b[1]);
  ctx.lineTo(b[0] - ux * r * 0.6 - uy * r * 0.4, b[1] - uy * r * 0.6 + ux * r * 0.4);
  ctx.lineTo(b[0] - ux * r * 0.6 + uy * r * 0.4, b[1] - uy * r * 0.6 - ux * r * 0.4);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}

/** A pulsing ring: the hint and the keyboard cursor.
 * @param {CanvasRenderingContext2D} ctx @param {number} x @param {number} y @param {number} r
 * @param {string} color @param {number} [t] now, ms: pulses; absent: steady */
export function ring(ctx, x, y, r, color, t) {
  ctx.save();
  ctx.lineWidth = Math.max(2, r * 0.12);
  ctx.strokeStyle = color;
  ctx.globalAlpha = t === undefined ? 1 : 0.55 + 0.45 * Math.sin(t / 160);
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.stroke();
  ctx.restore();
}

/** @param {number} t @returns {number} t clamped to [0, 1] */
export const ease = (t) => (t < 0 ? 0 : t > 1 ? 1 : t);

/** @typedef {{red: string, blue: string, yellow: string, green: string, orange: string,
 *   ink: string, hint: string, cursor: string, danger: string}} Palette */

/** Colours the boards share. The colour-blind safe palette (Okabe & Ito)
 * keeps red/blue and red/yellow pairs apart for every common kind of
 * colour blindness; high contrast strengthens lines and outlines.
 * @type {Record<string, Palette>} */
export const PALETTES = {
  normal: { red: '#c0392b', blue: '#2165c9', yellow: '#f2c417', green: '#237a4b',
    orange: '#f5a623', ink: '#2b2118', hint: '#1565c0', cursor: '#2f6fd6', danger: '#d62828' },
  cb: { red: '#d55e00', blue: '#0072b2', yellow: '#f0e442', green: '#009e73',
    orange: '#e69f00', ink: '#000000', hint: '#56b4e9', cursor: '#0072b2', danger: '#cc79a7' },
};

/** @param {string} name @returns {Palette} */
export const palette = (name) => PALETTES[name] || PALETTES.normal;

export const prefersContrast = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-contrast: more)').matches;

export const reducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The colour's everyday name as a text key (colour_red, colour_yellow...:
 * i18n.js says it), for a side named by its stones. @param {string} hex '#rrggbb' */
export function colourKey(hex) {
  const v = parseInt(hex.slice(1), 16);
  const r = (v >> 16) / 255, g = ((v >> 8) & 255) / 255, b = (v & 255) / 255;
  const max = Math.max(r, g, b), min = Math.min(r, g, b), light = (max + min) / 2;
  const chroma = max - min;
  if (chroma < 0.15) return light < 0.25 ? 'colour_black' : light > 0.8 ? 'colour_white' : 'colour_grey';
  let hue = max === r ? ((g - b) / chroma) % 6 : max === g ? (b - r) / chroma + 2 : (r - g) / chroma + 4;
  hue = (hue * 60 + 360) % 360;
  if (hue < 15 || hue >= 330) return light > 0.75 ? 'colour_pink' : 'colour_red';
  if (hue < 40) return light < 0.35 ? 'colour_brown' : 'colour_orange';
  if (hue < 70) return 'colour_yellow';
  if (hue < 165) return 'colour_green';
  if (hue < 195) return 'colour_cyan';
  if (hue < 255) return 'colour_blue';
  if (hue < 290) return 'colour_purple';
  return 'colour_pink';
}

/* ---- contrast: WCAG 2 ratios of the colours drawn on the canvases */

/** @param {string} c '#rgb', '#rrggbb' or 'rgba(r,g,b,a)' @returns {number[]} r, g, b (0-255), alpha */
export function parseColour(c) {
  const s = String(c).trim();
  if (s.charAt(0) === '#') {
    const h = s.length === 4 ? s.slice(1).split('').map((x) => x + x).join('') : s.slice(1);
    const v = parseInt(h, 16);
    return [v >> 16 & 255, v >> 8 & 255, v & 255, 1];
  }
  const m = /rgba?\(([^)]*)\)/.exec(s);
  if (!m) throw new Error('not a colour: ' + c);
  const p = m[1].split(',').map(Number);
  return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
}

/** @param {number[]} c r, g, b @returns {number} WCAG relative luminance */
function luminance(c) {
  const f = (/** @type {number} */ v) => {
    const x = v / 255;
    return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4);
  };
  return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
}

/** The contrast ratio (1-21) of a colour drawn over an opaque one, its
 * alpha blended in first. @param {string} fg @param {string} bg */
export function contrast(fg, bg) {
  const b = parseColour(bg), f = parseColour(fg), a = f[3];
  const l1 = luminance([0, 1, 2].map((i) => f[i] * a + b[i] * (1 - a))), l2 = luminance(b);
  return (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
}

/** @param {number[]} c @returns {string} '#rrggbb' */
const hex = (c) => '#' + c.slice(0, 3).map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');

/** The colour, darkened (on a light background) or lightened (on a dark
 * one) as little as it takes to reach `min` against bg: text in a
 * player's or a palette's colour that stays readable.
 * @param {string} colour @param {string} bg @param {number} [min] 4.5 for text, 3 for marks */
export function readableOn(colour, bg, min = 4.5) {
  if (contrast(colour, bg) >= min) return colour;
  const c = parseColour(colour), toward = luminance(parseColour(bg)) > 0.18 ? 0 : 255;
  for (let k = 1; k <= 20; k++) {
    const mixed = hex(c.map((v, i) => (i < 3 ? v + (toward - v) * k / 20 : v)));
    if (contrast(mixed, bg) >= min) return mixed;
  }
  return toward ? '#ffffff' : '#000000';
}

/** The ink of a number or mark on a stone of colour `hex`: white on a dark
 * stone, near-black on a light one, by the stone's luma (gomoku, connect four).
 * @param {string} hex */
export function inkOn(hex) {
  const n = parseInt(String(hex).slice(1), 16);
  const luma = (0.299 * (n >> 16 & 255) + 0.587 * (n >> 8 & 255) + 0.114 * (n & 255)) / 255;
  return luma < 0.55 ? '#ffffff' : '#1b1b1b';
}

/** White or near-black, whichever reads better on bg. @param {string} bg */
export const textOn = (bg) => (contrast('#ffffff', bg) >= contrast('#1b1b1b', bg) ? '#ffffff' : '#1b1b1b');

export const darkTheme = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;

/** @typedef {{page: string, label: string, labelLit: string, holes: string, graphBack: string,
 *   graphMid: string, graphLine: string, graphBar: string, dots: Record<string, string>}} Theme */

/** What the canvases draw on the page itself, by theme (the style's
 * page colours, ui/style.js and style-a11y.js): connect four's column
 * numbers and what shows through its holes, the review's graph.
 * @type {Record<'light'|'dark', Theme>} */
export const THEMES = {
  light: { page: '#f6f1e7', label: '#6b5a48', labelLit: '#2358b8', holes: '#eef2f8',
    graphBack: '#fffdf8', graphMid: '#e4d8c6', graphLine: '#3c5aa0', graphBar: 'rgba(60,90,160,0.25)',
    dots: { inaccuracy: '#a67c00', mistake: '#c25e00', blunder: '#c62828', missed: '#6a1b9a' } },
  dark: { page: '#1c1915', label: '#c9b8a3', labelLit: '#8ab4ff', holes: '#2b2f38',
    graphBack: '#2a251f', graphMid: '#4a4035', graphLine: '#8ab4ff', graphBar: 'rgba(138,180,255,0.3)',
    dots: { inaccuracy: '#ffd54f', mistake: '#ffab40', blunder: '#ff8a80', missed: '#ce93d8' } },
};

/** @returns {Theme} */
export const theme = () => THEMES[darkTheme() ? 'dark' : 'light'];

/** The Chinese face of the system the page runs on, by name: a name found
 * spares the browser a search of the system's fonts for each character, and
 * a name not found costs a lookup too (on Linux each one is a round trip to
 * the browser's font service, tens of ms of a phone's first frame), so each
 * system names only its own faces; an unknown one, all of them.
 * @param {string} agent navigator.userAgent */
export function cjkFaces(agent) {
  if (/iPhone|iPad|iPod|Mac OS X|Macintosh/.test(agent)) return '"PingFang SC"';
  if (/Windows/.test(agent)) return '"Microsoft YaHei"';
  if (/Android/.test(agent)) return '"Noto Sans CJK SC"';
  if (/Linux|CrOS|X11/.test(agent)) return '"Noto Sans CJK SC","WenQuanYi Micro Hei"';
  return '"PingFang SC","Microsoft YaHei","Noto Sans CJK SC","WenQuanYi Micro Hei"';
}

/** This system's Chinese faces (cjkFaces). */
export const CJK_FONTS = cjkFaces(typeof navigator === 'object' && navigator ? navigator.userAgent || '' : '');
/** The page's text: the system's face, then a Chinese one for the Chinese
 * characters (the language button, the animals). */
export const UI_FONT = `system-ui,${CJK_FONTS},sans-serif`;
/** The page in Chinese: all in the Chinese face, its Latin letters and
 * digits too, as Chinese interfaces set it (one face to lay out a line,
 * not two). */
export const UI_FONT_ZH = `${CJK_FONTS},system-ui,sans-serif`;

/** Inks the boards keep in both themes, on their own wood and paper. */
export const INK = {
  // Minesweeper's numbers 1-8 on the open grey cell: the classic hues, darkened to AA.
  mineNumbers: ['', '#0000ff', '#005c00', '#990000', '#000080', '#800000', '#005252', '#000000', '#4a4a4a'],
  mineOpen: '#c0c0c0',
  gomokuCoords: '#4a3312', gomokuWood: ['#e9c27a', '#d8a352'], gomokuStones: ['#1c1c1e', '#f5f4ef'],
  tttPaper: '#fbf6ec', tttLines: '#5b4b3a',
  phkBoard: '#f5a623', phkLetters: 'rgba(29,29,31,.8)',
  // Animal chess: the last move's frame on a cell (an orange frame vanished on the light wood).
  beastLast: '#a3410f', beastCell: '#f0cc92', beastCellLit: '#f7dcae',
  chip: '#fffdf8',
};

/**
 * Every pair of a drawn text or mark and what it sits on, with the WCAG
 * AA minimum: 4.5 for text, 3 for marks and lines (tests/node/contrast.test.cjs).
 * @returns {{what: string, fg: string, bg: string, min: number}[]}
 */
export function contrastPairs() {
  /** @type {{what: string, fg: string, bg: string, min: number}[]} */
  const out = [];
  const add = (/** @type {string} */ what, /** @type {string} */ fg, /** @type {string} */ bg, /** @type {number} */ min) =>
    out.push({ what, fg, bg, min });
  INK.mineNumbers.forEach((c, n) => { if (c) add('minesweeper ' + n, c, INK.mineOpen, 4.5); });
  for (const wood of INK.gomokuWood) add('gomoku coordinates', INK.gomokuCoords, wood, 4.5);
  add("Pong Hau K'i letters", INK.phkLetters, INK.phkBoard, 4.5);
  add('tic-tac-toe lines', INK.tttLines, INK.tttPaper, 3);
  for (const cell of [INK.beastCell, INK.beastCellLit]) add('animal chess last move', INK.beastLast, cell, 3);
  for (const [name, p] of Object.entries(PALETTES)) {
    add(name + ' tic-tac-toe X', p.red, INK.tttPaper, 3);
    add(name + ' tic-tac-toe O', p.blue, INK.tttPaper, 3);
    for (const s of INK.gomokuStones) add(name + ' gomoku last move', p.red, s, 3);
    for (const c of [p.green, p.danger]) {
      add(name + ' connect four score chip', readableOn(c, INK.chip), INK.chip, 4.5);
      add(name + ' connect four best chip', textOn(c), c, 4.5);
    }
  }
  for (const [name, t] of Object.entries(THEMES)) {
    add(name + ' connect four column numbers', t.label, t.page, 4.5);
    add(name + ' connect four column lit', t.labelLit, t.page, 4.5);
    add(name + ' review graph line', t.graphLine, t.graphBack, 3);
    add(name + ' review graph move numbers', t.label, t.graphBack, 4.5);
    // The words of the move under the pointer: the page's background on the line's colour (style.js).
    add(name + ' review graph readout', t.graphBack, t.graphLine, 4.5);
    for (const [kind, c] of Object.entries(t.dots)) add(name + ' review graph ' + kind, c, t.graphBack, 3);
  }
  return out;
}
