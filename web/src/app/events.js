/* app/events.js: the events a mounted game sends its host
 * (docs/embedding.md, "Embedding"): 'move', 'end' and 'newgame', to the
 * listeners given to handle.on and as DOM events (qipan-move...) on the
 * host element. A listener that throws does not stop the others. */

export class Events {
  /** @param {HTMLElement} host */
  constructor(host) {
    this.host = host;
    /** @type {Record<string, ((detail: any) => void)[]>} */
    this.listeners = {};
  }

  /** @param {string} type @param {(detail: any) => void} fn */
  on(type, fn) {
    (this.listeners[type] = this.listeners[type] || []).push(fn);
  }

  /** @param {string} type @param {any} detail */
  emit(type, detail) {
    for (const fn of (this.listeners[type] || []).slice()) {
      try {
        fn(detail);
      } catch (e) {
        setTimeout(() => { throw e; }, 0);
      }
    }
    if (this.host.dispatchEvent && typeof CustomEvent === 'function') {
      this.host.dispatchEvent(new CustomEvent('qipan-' + type, { detail }));
    }
  }

  clear() {
    this.listeners = {};
  }
}
