/* app/mount.js: the public entry points: Qipan.mount(element, options) and
 * the <qipan-game> element. */
import { App } from './app.js';
import { revealTarget, targetPoint } from './input.js';

/** @typedef {import('./app.js').MountOptions} MountOptions */

/**
 * What Qipan.mount returns.
 * @typedef {object} MountHandle
 * @property {Promise<MountHandle>} ready resolves once the game is shown
 * @property {() => void} destroy
 * @property {() => void} newGame
 * @property {(type: 'move'|'end'|'newgame', fn: (detail: any) => void) => MountHandle} on
 * @property {(id: string|number, reveal?: boolean) => {x: number, y: number}|null} targetPoint
 *   where a target (a cell, a point) is on the page, in client pixels, first scrolled into the
 *   board's frame when `reveal`: for tests and automation
 * @property {{game: string, pos: string, status: string, busy: string|null, mode: string,
 *   level: number, ply: number, history: string[], started: boolean, restarts: number,
 *   cursor: string|null, selected: any, shown: string, replay: number|null}|null} state
 *   shown: the position on the board (an earlier one while replaying)
 */

/**
 * Draws a game inside `element` (in a shadow root). Mounting again on the
 * same element replaces the game. Events: 'move', 'end', 'newgame'.
 * @param {HTMLElement} element
 * @param {MountOptions} [options]
 * @returns {MountHandle}
 */
export function mount(element, options) {
  if (!element || typeof element.attachShadow !== 'function') {
    throw new Error('Qipan.mount needs an element that can host a shadow root');
  }
  const host = /** @type {HTMLElement & {__qipan?: MountHandle|null}} */ (element);
  if (host.__qipan) host.__qipan.destroy();
  const app = new App(element, options);
  /** @type {MountHandle} */
  const handle = {
    // A game that cannot start says why in the element (App.start).
    ready: app.start().then(() => handle),
    destroy() {
      app.destroy();
      if (host.__qipan === handle) host.__qipan = null;
    },
    newGame() {
      if (app.game.rec) app.newGame();
    },
    on(type, fn) {
      app.events.on(type, fn);
      return handle;
    },
    targetPoint(id, reveal) {
      if (!app.game.view) return null;
      if (reveal) revealTarget(app, String(id));
      return targetPoint(app, String(id));
    },
    get state() {
      const game = app.game, rec = game.rec;
      return rec ? { game: game.gameId, pos: game.pos(), status: game.status, busy: app.ai.busy(),
        mode: rec.mode, level: rec.level, ply: game.ply(),
        history: rec.history.slice(), started: rec.started,
        restarts: app.ai.restarts, cursor: game.marks.cursor, selected: game.marks.selected,
        shown: game.shownPos(), replay: game.replay } : null;
    },
  };
  host.__qipan = handle;
  return handle;
}

/** Defines <qipan-game game="..." mode level lang first storage-key picker
 * pos params link readonly library>
 * (once, even when the script is loaded twice). */
export function defineElement() {
  if (typeof customElements === 'undefined' || typeof HTMLElement === 'undefined' ||
      customElements.get('qipan-game')) return;
  class QipanGameElement extends HTMLElement {
    connectedCallback() {
      /** @type {Record<string, any>} */
      const opts = {};
      for (const a of ['game', 'mode', 'level', 'lang', 'first', 'pos', 'params', 'link']) {
        if (this.hasAttribute(a)) opts[a] = this.getAttribute(a);
      }
      if (this.hasAttribute('readonly')) opts.readonly = this.getAttribute('readonly') !== 'false';
      if (this.hasAttribute('storage-key')) opts.storageKey = this.getAttribute('storage-key');
      if (this.hasAttribute('picker')) opts.picker = this.getAttribute('picker') !== 'false';
      if (this.hasAttribute('library')) opts.library = this.getAttribute('library') !== 'false';
      /** @type {MountHandle|null} */
      this.qipan = mount(this, opts);
      this.qipan.ready.catch(() => { /* the error is shown in the element */ });
    }

    disconnectedCallback() {
      if (this.qipan) this.qipan.destroy();
      this.qipan = null;
    }
  }
  customElements.define('qipan-game', QipanGameElement);
}
