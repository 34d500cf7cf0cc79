/* app/game-scope.js: what belongs to one game on one board: the module's
 * own state (GameModule.createState), the timers and clocks started for
 * it, and the cards open over it. Choosing another game, or unmounting,
 * closes the scope: its timers stop and its cards close, so that nothing
 * of one game acts on the next. A change of language keeps the game: the
 * new scope takes over the same state. */

/** @typedef {import('../ui/dialog.js').DialogHandle} DialogHandle */

export class GameScope {
  /** @param {any} state the module's state (null for a module without one) */
  constructor(state) {
    this.state = state;
    /** @type {ReturnType<typeof setTimeout>[]} */
    this.timers = [];
    /** @type {ReturnType<typeof setInterval>[]} */
    this.intervals = [];
    /** @type {DialogHandle[]} */
    this.cards = [];
    this.closed = false;
  }

  /** Runs `fn` in `ms`, unless the scope closes first.
   * @param {() => void} fn @param {number} ms */
  later(fn, ms) {
    if (this.closed) return;
    const id = setTimeout(() => {
      this.timers = this.timers.filter((x) => x !== id);
      if (!this.closed) fn();
    }, ms);
    this.timers.push(id);
  }

  /** A repeating timer that stops with the scope (a module's clock).
   * @param {() => void} fn @param {number} ms */
  interval(fn, ms) {
    const id = setInterval(() => { if (!this.closed) fn(); }, ms);
    if (this.closed) clearInterval(id);
    else this.intervals.push(id);
    return id;
  }

  /** Keeps a card open over the game, to close with it (or with the
   * position: closeCards). @param {DialogHandle} card @returns {DialogHandle} */
  keep(card) {
    this.cards = this.cards.filter((c) => !c.closed && c !== card);
    this.cards.push(card);
    return card;
  }

  /** Closes the cards open over the game: they belong to the position they were opened on. */
  closeCards() {
    const cards = this.cards;
    this.cards = [];
    for (const c of cards) c.close();
  }

  close() {
    this.closed = true;
    this.timers.forEach(clearTimeout);
    this.intervals.forEach(clearInterval);
    this.timers = [];
    this.intervals = [];
    this.closeCards();
  }
}
