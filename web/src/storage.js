/* storage.js: settings and the game in progress, kept in localStorage.
 * Anything unreadable (corrupt JSON, a foreign or older shape, no storage
 * at all in private mode, a full quota) falls back to defaults or to
 * memory; the page keeps working and says so once. */

const STORE_VERSION = 1;

export class Store {
  /** @param {string} [key] the localStorage key */
  constructor(key) {
    this.key = key || 'qipan';
    /** @type {Record<string, string>|null} used when localStorage is unusable */
    this.memory = null;
    /** @type {string|null} a one-time message for the user, if any */
    this.notice = null;
    /** @type {{v: number, games: Record<string, any>, [name: string]: any}} */
    this.data = this.load();
  }

  backend() {
    try {
      const ls = window.localStorage;
      const probe = this.key + ':probe';
      ls.setItem(probe, '1');
      ls.removeItem(probe);
      return ls;
    } catch {
      return null;
    }
  }

  load() {
    const ls = this.backend();
    if (!ls) {
      this.memory = {};
      return this.fresh();
    }
    let raw = null;
    try {
      raw = ls.getItem(this.key);
    } catch {
      raw = null;
    }
    if (raw === null) return this.fresh();
    try {
      const data = JSON.parse(raw);
      if (data && typeof data === 'object' && data.v === STORE_VERSION &&
          data.games && typeof data.games === 'object' && !Array.isArray(data.games)) {
        return data;
      }
    } catch { /* fall through */ }
    this.notice = 'storageReset';
    return this.fresh();
  }

  fresh() {
    return { v: STORE_VERSION, games: {} };
  }

  save() {
    const text = JSON.stringify(this.data);
    if (this.memory) {
      this.memory[this.key] = text;
      return;
    }
    try {
      window.localStorage.setItem(this.key, text);
    } catch {
      this.memory = { [this.key]: text }; // quota full or storage gone: carry on in memory
    }
  }

  /** A top-level value (language, last game). @param {string} name @param {any} [fallback] */
  get(name, fallback) {
    const v = this.data[name];
    return v === undefined ? fallback : v;
  }

  /** @param {string} name @param {any} value */
  set(name, value) {
    this.data[name] = value;
    this.save();
  }

  /** One game's record: {settings, mode, level, humanFirst, seed, history}.
   * @param {string} id @returns {Record<string, any>} */
  game(id) {
    const g = this.data.games[id];
    return g && typeof g === 'object' && !Array.isArray(g) ? g : {};
  }

  /** @param {string} id @param {object} record */
  setGame(id, record) {
    this.data.games[id] = record;
    this.save();
  }
}
