/* ui/board.js: the canvas board: sizing, drawing on a dirty flag in an
 * animation frame, pointer and keyboard input. Nothing here knows a rule:
 * the board reports "this point, this button". */
import { el } from './dom.js';

/**
 * What the board asks of its owner.
 * @typedef {object} BoardHooks
 * @property {() => {width: number, height: number}|null} room the most the board may take, px
 *   (null: nothing to size yet)
 * @property {(avail: number) => number} aspect height / width when at most avail px wide
 * @property {(avail: number) => number} [minWidth] the width under which the board does not
 *   shrink to fit the window's height (the page scrolls instead)
 * @property {(ctx: CanvasRenderingContext2D, w: number, h: number) => void} draw
 * @property {() => boolean} animating keep drawing
 * @property {(x: number|null, y: number|null, kind: 'hover'|'leave'|'press', extra: PressExtra) => void} point
 * @property {(e: KeyboardEvent) => void} key
 * @property {(keyboard: boolean) => void} [focus] the board took the focus (`keyboard`: from the
 *   keyboard, or after it, not from a press)
 */

/**
 * @typedef {object} PressExtra
 * @property {boolean} [secondary] right click or a long press
 * @property {boolean} [long] a long press on a touch screen
 * @property {boolean} [both] left and right together, or the middle button
 * @property {boolean} [keyboard] from the keyboard cursor
 */

/**
 * @typedef {object} Press
 * @property {number} x
 * @property {number} y
 * @property {number} button
 * @property {boolean} moved
 * @property {boolean} long
 * @property {number} buttons
 * @property {boolean} touch
 * @property {boolean} [both]
 * @property {ReturnType<typeof setTimeout>} [timer]
 */

export class Board {
  /** @param {HTMLElement} stage @param {BoardHooks} h
   * @param {HTMLCanvasElement} [canvas] the stage's own canvas, where its
   *   markup came whole (the first frame's) */
  constructor(stage, h, canvas) {
    this.stage = stage;
    this.h = h;
    this.canvas = canvas || stage.appendChild(el('canvas', { tabindex: '0', role: 'application' }));
    this.ctx = /** @type {CanvasRenderingContext2D} */ (this.canvas.getContext('2d'));
    this.dirty = true;
    this.frame = 0;
    this.width = 0;
    this.height = 0;
    this.drawn = false;
    this.destroyed = false;
    /** @type {Press|null} */
    this.press = null;
    /** @type {[EventTarget, string, EventListener][]} */
    this.listeners = [];
    /** @type {ResizeObserver|null} */
    this.resizer = null;
    this.listen();
    if (typeof ResizeObserver !== 'undefined' && stage.parentNode) {
      this.resizer = new ResizeObserver(() => this.resize());
      this.resizer.observe(/** @type {Element} */ (stage.parentNode));
    }
    this.on(window, 'resize', () => this.resize());
    // The drawings follow the theme (ui/draw.js theme()): a change of it redraws.
    const scheme = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
    if (scheme) this.on(scheme, 'change', () => this.invalidate());
    this.resize();
  }

  listen() {
    const canvas = this.canvas, h = this.h;
    this.on(canvas, 'pointermove', (/** @type {PointerEvent} */ e) => {
      const press = this.press;
      // A second button pressed during a press comes as a move (chorded buttons).
      if (press && (e.buttons & 3) === 3) press.both = true;
      if (press && Math.hypot(e.clientX - press.x, e.clientY - press.y) > 10) {
        clearTimeout(press.timer);
        press.moved = true;
      }
      this.emit(e, 'hover');
    });
    this.on(canvas, 'pointerleave', () => h.point(null, null, 'leave', {}));
    this.on(canvas, 'pointerdown', (/** @type {PointerEvent} */ e) => {
      if (e.button !== 0 && e.button !== 2) return;
      /** @type {Press} */
      const press = { x: e.clientX, y: e.clientY, button: e.button, moved: false, long: false,
        buttons: e.buttons, touch: e.pointerType === 'touch' };
      if (press.touch) {
        press.timer = setTimeout(() => {
          press.long = true;
          if (navigator.vibrate) navigator.vibrate(25);
          this.emit(e, 'press', { secondary: true, long: true });
        }, 450);
      }
      this.press = press;
    });
    this.on(canvas, 'pointerup', (/** @type {PointerEvent} */ e) => {
      const p = this.press;
      this.press = null;
      if (!p) return;
      clearTimeout(p.timer);
      if (p.long || (p.moved && p.touch)) return;
      // Left and right pressed together (or the middle button) means "chord".
      const both = p.both || (p.buttons & 3) === 3 || (e.buttons & 3) !== 0;
      this.emit(e, 'press', { secondary: p.button === 2, both });
    });
    this.on(canvas, 'pointercancel', () => {
      if (this.press) clearTimeout(this.press.timer);
      this.press = null;
    });
    this.on(canvas, 'auxclick', (/** @type {MouseEvent} */ e) => {
      if (e.button === 1) {
        e.preventDefault();
        this.emit(e, 'press', { both: true });
      }
    });
    this.on(canvas, 'contextmenu', (e) => e.preventDefault());
    this.on(canvas, 'keydown', (/** @type {KeyboardEvent} */ e) => h.key(e));
    this.on(canvas, 'focus', () => { if (h.focus) h.focus(canvas.matches(':focus-visible')); });
  }

  /** @param {EventTarget} target @param {string} type @param {(e: any) => void} fn */
  on(target, type, fn) {
    target.addEventListener(type, fn);
    this.listeners.push([target, type, fn]);
  }

  /** @param {MouseEvent} e @param {'hover'|'press'} kind @param {PressExtra} [extra] */
  emit(e, kind, extra) {
    const r = this.canvas.getBoundingClientRect();
    if (!r.width) return;
    const x = (e.clientX - r.left) * this.width / r.width;
    const y = (e.clientY - r.top) * this.height / r.height;
    this.h.point(x, y, kind, extra || {});
  }

  /** Fits the board to the room it has (its owner says how much); a board
   * that cannot shrink further (minWidth) scrolls inside its frame. */
  resize() {
    const wrap = /** @type {HTMLElement|null} */ (this.stage.parentNode);
    // Hidden while a card takes the board's place (ui/dialog.js): sized when it comes back.
    if (!wrap || wrap.hidden) return;
    const room = this.h.room();
    if (!room) return;
    const aspect = this.h.aspect(room.width);
    const least = this.h.minWidth ? this.h.minWidth(room.width) : 0;
    let w = Math.max(least, Math.min(room.width, room.height / aspect));
    // Not below 200 px, unless the window is narrower (a phone zoomed in).
    w = Math.max(Math.min(200, room.width), Math.floor(w));
    const hgt = Math.round(w * aspect);
    wrap.style.maxHeight = hgt > room.height + 1 ? Math.round(room.height) + 'px' : '';
    if (w === this.width && hgt === this.height) return;
    const dpr = Math.min(window.devicePixelRatio || 1, 3);
    this.width = w;
    this.height = hgt;
    this.stage.style.width = w + 'px';
    this.stage.style.height = hgt + 'px';
    this.canvas.width = Math.round(w * dpr);
    this.canvas.height = Math.round(hgt * dpr);
    this.ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    this.invalidate();
  }

  invalidate() {
    this.dirty = true;
    if (this.frame || this.destroyed) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      if (!this.dirty || this.destroyed) return;
      this.dirty = false;
      this.ctx.clearRect(0, 0, this.width, this.height);
      this.h.draw(this.ctx, this.width, this.height);
      if (!this.drawn) {
        this.drawn = true;
        if (typeof performance !== 'undefined' && performance.mark) performance.mark('qipan-first-frame');
      }
      if (this.h.animating()) this.invalidate();
    });
  }

  destroy() {
    this.destroyed = true;
    if (this.frame) cancelAnimationFrame(this.frame);
    if (this.press) clearTimeout(this.press.timer);
    if (this.resizer) this.resizer.disconnect();
    for (const [target, type, fn] of this.listeners) target.removeEventListener(type, fn);
    this.listeners = [];
  }
}
