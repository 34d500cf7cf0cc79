/* games/analysis.js: a question to the engine's worker about one position
 * (gomoku's and connect four's analysis, minesweeper's odds), asked once
 * for it and kept: the board and the words read the answer while the
 * position is the one it was asked for. A module keeps one in its state
 * for each kind of question. */

/** @typedef {import('../app/module-api.js').ModuleApi} ModuleApi */

/** @template [T=any] */
export class Analysis {
  constructor() {
    /** @type {string|null} the position (a module's key for it) asked about */
    this.key = null;
    /** @type {T|null} the answer, once in */
    this.data = null;
    /** @type {Promise<T|null>|null} */
    this.promise = null;
  }

  /** Whether the question for `key` was asked (answered or not). @param {string} key */
  asked(key) {
    return this.key === key;
  }

  /** The answer for `key`, once in; else null. @param {string} key */
  answer(key) {
    return this.key === key ? this.data : null;
  }

  /** Asks the worker (api.ask) about the position `key` names, once: the
   * same key again gets the same answer. Resolves with the answer, or null
   * when the position changed meanwhile or the worker refused (then it is
   * forgotten, to be asked again).
   * @param {ModuleApi} api @param {string} key @param {string} method @param {object} opts
   * @returns {Promise<T|null>} */
  ask(api, key, method, opts) {
    if (this.key === key && this.promise) return this.promise;
    this.key = key;
    this.data = null;
    const asked = this.promise = api.ask(method, opts).then((data) => {
      if (this.promise === asked) this.data = data;
      return data;
    }, () => {
      if (this.promise === asked) this.forget();
      return null;
    });
    return asked;
  }

  forget() {
    this.key = null;
    this.data = null;
    this.promise = null;
  }
}
