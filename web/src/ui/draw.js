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
 * @param {number} r @param {string} color */
export function arrow(ctx, from, to, r, color) {
  const dx = to[0] - from[0], dy = to[1] - from[1], len = Math.hypot(dx, dy);
  const ux = dx / len, uy = dy / len;
  const a = [from[0] + ux * r * 1.4, from[1] + uy * r * 1.4];
  const b = [to[0] - ux * r * 0.5, to[1] - uy * r * 0.5];
  ctx.save();
  ctx.strokeStyle = ctx.fillStyle = color;
  ctx.lineWidth = r * 0.16;
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
  normal: { red: '#c0392b', blue: '#2165c9', yellow: '#f2c417', green: '#2e8b57',
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
