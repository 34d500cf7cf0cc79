/* app/review-graph.js: the review's evaluation graph, a chart one reads:
 * as wide as the side panel, the first player's chances move by move
 * (even on the middle line; review.js says under it who is ahead above
 * and below), move numbers along the bottom, a dot on the curve at each
 * marked move, a
 * bar at the move shown, and under the pointer (or, with the keyboard's
 * focus on it, at the move shown) that move's number, its mark and the
 * chances, in words. Pressing it shows that move. It draws from what its
 * owner gives it (GraphHooks); the keys are a11y-review.js's. */
import { el } from '../ui/dom.js';
import { UI_FONT, theme } from '../ui/draw.js';

/** @typedef {import('./review.js').ReviewPly} ReviewPly */

/**
 * What the graph asks of the review.
 * @typedef {object} GraphHooks
 * @property {() => ReviewPly[]} plies the judged moves
 * @property {() => number} shown the ply on the board
 * @property {(ply: number) => void} go shows a ply
 * @property {(ply: number, chance: number) => string} readout a ply and the first player's chance, in words
 */

export const GRAPH_HEIGHT = 150;
const PAD = 8; // the line keeps clear of the edges
const AXIS = 16; // the move numbers' strip along the bottom
const DOT = 4.5;

/** The first player's chance after each ply (0: the start). The engine
 * gives the mover's. @param {ReviewPly[]} plies @returns {number[]} */
export function firstPlayerCurve(plies) {
  if (!plies.length) return [];
  const first = plies[0].side;
  const mine = (/** @type {ReviewPly} */ p, /** @type {number} */ v) => (p.side === first ? v : 1 - v);
  return [mine(plies[0], plies[0].value_before), ...plies.map((p) => mine(p, p.value_after))];
}

/** Every how many moves a number goes under the axis, so that numbers
 * keep apart. @param {number} plies @param {number} width */
function tickStep(plies, width) {
  for (const step of [1, 2, 5, 10, 20, 50, 100]) if ((step / plies) * width >= 28) return step;
  return 200;
}

export class ReviewGraph {
  /** @param {GraphHooks} hooks @param {string} label the canvas's name */
  constructor(hooks, label) {
    this.hooks = hooks;
    this.canvas = /** @type {HTMLCanvasElement} */ (el('canvas', { class: 'review-graph',
      'aria-label': label, height: String(GRAPH_HEIGHT) }));
    /** the line in words over the graph (the slider's value says it to a screen reader) */
    this.readout = el('div', { class: 'review-readout', 'aria-hidden': 'true' });
    this.box = el('div', { class: 'review-chart' }, [this.canvas, this.readout]);
    /** @type {number|null} the ply under the pointer */
    this.hover = null;
    const canvas = this.canvas;
    canvas.addEventListener('pointermove', (e) => this.point(e.clientX));
    canvas.addEventListener('pointerleave', () => this.point(null));
    canvas.addEventListener('click', (e) => {
      const ply = this.plyAt(e.clientX);
      if (ply !== null) hooks.go(ply);
    });
    canvas.addEventListener('focus', () => this.draw());
    canvas.addEventListener('blur', () => this.draw());
  }

  /** The ply whose x is nearest a client x; null off the graph or before a review.
   * @param {number} clientX */
  plyAt(clientX) {
    const n = this.hooks.plies().length, box = this.canvas.getBoundingClientRect();
    if (!n || !box.width) return null;
    const f = (clientX - box.left - PAD) / (box.width - 2 * PAD);
    return Math.max(0, Math.min(n, Math.round(f * n)));
  }

  /** The pointer over the graph (null: it left). @param {number|null} clientX */
  point(clientX) {
    const ply = clientX === null ? null : this.plyAt(clientX);
    if (ply === this.hover) return;
    this.hover = ply;
    this.draw();
  }

  /** The graph: x the ply, y the first player's chance. */
  draw() {
    const canvas = this.canvas, plies = this.hooks.plies(), shown = this.hooks.shown();
    const width = Math.max(160, Math.round(canvas.clientWidth || 360)), height = GRAPH_HEIGHT;
    const scale = window.devicePixelRatio || 1;
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const g = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
    g.scale(scale, scale);
    // The theme's colours (ui/draw.js THEMES): dark in the dark theme, every mark at 3:1 or more.
    const ink = theme();
    g.fillStyle = ink.graphBack;
    g.fillRect(0, 0, width, height);
    this.readout.hidden = true;
    if (!plies.length) return;
    const n = plies.length, bottom = height - AXIS, h = bottom - 2 * PAD;
    const x = (/** @type {number} */ ply) => (ply / n) * (width - 2 * PAD) + PAD;
    const y = (/** @type {number} */ v) => PAD + (1 - v) * h;
    const curve = firstPlayerCurve(plies);
    this.drawMiddle(g, width, y(0.5), ink);
    g.fillStyle = ink.graphBar;
    g.fillRect(x(shown) - 1.5, 0, 3, bottom);
    g.strokeStyle = ink.graphLine;
    g.lineWidth = 2;
    g.beginPath();
    curve.forEach((v, i) => (i ? g.lineTo(x(i), y(v)) : g.moveTo(x(i), y(v))));
    g.stroke();
    for (const p of plies) {
      const kind = p.class === 'inaccuracy' || p.class === 'mistake' || p.class === 'blunder' ? p.class :
        p.missed_win ? 'missed' : '';
      if (!kind) continue;
      g.fillStyle = ink.dots[kind];
      g.beginPath();
      g.arc(x(p.ply), y(curve[p.ply]), DOT, 0, 2 * Math.PI);
      g.fill();
    }
    this.drawTicks(g, n, width, x, bottom, ink);
    const focused = canvas.getRootNode && /** @type {Document|ShadowRoot} */ (canvas.getRootNode()).activeElement === canvas;
    const at = this.hover !== null ? this.hover : focused ? shown : null;
    if (at !== null) this.drawReadout(g, width, x(at), y(curve[at]), this.hooks.readout(at, curve[at]), ink);
  }

  /** The middle line: even chances.
   * @param {CanvasRenderingContext2D} g @param {number} width @param {number} mid
   * @param {import('../ui/draw.js').Theme} ink */
  drawMiddle(g, width, mid, ink) {
    g.strokeStyle = ink.graphMid;
    g.lineWidth = 1;
    g.beginPath();
    g.moveTo(0, mid);
    g.lineTo(width, mid);
    g.stroke();
  }

  /** Move numbers along the bottom.
   * @param {CanvasRenderingContext2D} g @param {number} n @param {number} width
   * @param {(ply: number) => number} x @param {number} bottom @param {import('../ui/draw.js').Theme} ink */
  drawTicks(g, n, width, x, bottom, ink) {
    const step = tickStep(n, width - 2 * PAD);
    g.strokeStyle = ink.graphMid;
    g.beginPath();
    g.moveTo(0, bottom + 0.5);
    g.lineTo(width, bottom + 0.5);
    g.stroke();
    g.font = '11px ' + UI_FONT;
    g.fillStyle = ink.label;
    g.textAlign = 'center';
    g.textBaseline = 'top';
    for (let ply = step; ply <= n; ply += step) g.fillText(String(ply), Math.min(width - 8, x(ply)), bottom + 2);
  }

  /** A ply's line in words, over the graph (above its point, or under it
   * where the point is high), and a ring on its point.
   * @param {CanvasRenderingContext2D} g @param {number} width @param {number} px @param {number} py
   * @param {string} text @param {import('../ui/draw.js').Theme} ink */
  drawReadout(g, width, px, py, text, ink) {
    g.strokeStyle = ink.graphLine;
    g.lineWidth = 2;
    g.beginPath();
    g.arc(px, py, DOT + 2, 0, 2 * Math.PI);
    g.stroke();
    const node = this.readout;
    node.textContent = text;
    node.hidden = false;
    node.classList.toggle('low', py < GRAPH_HEIGHT / 2);
    // Centred on the point, inside the graph.
    const w = Math.min(width, node.offsetWidth);
    node.style.left = Math.round(Math.max(0, Math.min(width - w, px - w / 2))) + 'px';
  }
}
