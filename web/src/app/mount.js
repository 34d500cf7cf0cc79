/* app/mount.js: the public entry points: Qipan.mount(element, options) and
 * the <qipan-game> element. */
import { TEXTS } from '../i18n.js';
import { el } from '../ui/dom.js';
import { App } from './app.js';

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
    ready: app.start().then(() => handle, (e) => {
      app.attachShell();
      app.shell.textContent = '';
      app.shell.appendChild(el('div', { class: 'status',
        text: TEXTS[app.lang].engineError.replace('{msg}', e.message) }));
      throw e;
    }),
    destroy() {
      app.destroy();
      if (host.__qipan === handle) host.__qipan = null;
    },
    newGame() {
      if (app.rec) app.newGame();
    },
    on(type, fn) {
      app.on(type, fn);
      return handle;
    },
    targetPoint(id, reveal) {
      if (!app.view) return null;
      if (reveal) app.revealTarget(String(id));
      const r = app.board.canvas.getBoundingClientRect();
      const found = app.mod.targets(app.view, app.board.width, app.board.height)
        .find((tg) => tg.id === String(id));
      return found ? { x: r.left + found.x * r.width / app.board.width,
        y: r.top + found.y * r.height / app.board.height } : null;
    },
    get state() {
      return app.rec ? { game: app.gameId, pos: app.pos(), status: app.status, busy: app.busy,
        mode: app.rec.mode, level: app.rec.level, ply: app.ply(),
        history: app.rec.history.slice(), started: app.rec.started,
        restarts: app.ai.restarts, cursor: app.ui.cursor, selected: app.ui.selected,
        shown: app.shownPos(), replay: app.replay } : null;
    },
  };
  host.__qipan = handle;
  return handle;
}

/** Defines <qipan-game game="..." mode level lang first storage-key picker
 * pos params link readonly>
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
