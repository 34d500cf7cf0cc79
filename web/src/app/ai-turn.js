/* app/ai-turn.js: the computer's side of a game. It owns the worker the
 * engine thinks in, whether the computer is thinking, the answers in
 * flight (a token that cancel() bumps, so that an answer for a position
 * no longer shown is dropped), the retries when a worker dies, and the
 * seed of the computer's random choices. The App asks it to move, to hint,
 * and, for a game module, to analyse or to play the human's move. */
import { engine } from '../engine/load.js';
import { AiWorker } from '../engine/worker.js';

/** @typedef {import('./app.js').App} App */

const RETRIES = 3; // a worker that dies this many times in a row gives up

export class AiTurn {
  /** @param {App} app @param {number} timeoutMs how long the computer may think before its
   *   worker is replaced */
  constructor(app, timeoutMs) {
    this.app = app;
    this.worker = new AiWorker({ timeoutMs });
    this.thinking = false;
    this.failures = 0; // calls failed in a row
    this.token = 0;
  }

  /** How many times a worker was replaced. */
  get restarts() {
    return this.worker.restarts;
  }

  /** The seed of the computer's choices: the game's, varied by the ply, so
   * that the same game replays alike. */
  seed() {
    const app = this.app;
    return (app.rec.seed + app.ply() * 7919) % 2147483647;
  }

  /** Drops every answer in flight and stops thinking. */
  cancel() {
    this.token++;
    this.failures = 0;
    if (this.thinking) this.worker.cancel();
    this.thinking = false;
  }

  stop() {
    this.token++;
    this.worker.stop();
  }

  /** Starts thinking; the token the answer must still carry. */
  begin() {
    this.thinking = true;
    this.app.updateStatus();
    return ++this.token;
  }

  /** The computer moves when it is its turn in a game in play. */
  move() {
    const app = this.app;
    if (app.busy || app.isOver() || app.humanTurn() || !app.rec.started || app.readonly ||
        app.replay !== null) return;
    const token = this.begin();
    app.parts.hintButton.disabled = true;
    app.board.invalidate();
    const pos = app.pos(), started = performance.now();
    // Modules that comment on the computer's move get the engine's words too.
    const aiNote = app.mod.aiNote;
    this.worker.call(aiNote ? 'aiInfo' : 'ai', [app.gameId, pos, { level: app.rec.level, seed: this.seed() }])
      .then((answer) => {
        if (token !== this.token || app.destroyed) return;
        this.failures = 0;
        // A move that comes back instantly still shows the thinking state briefly.
        const wait = Math.max(0, (app.mod.minThinkMs || 250) - (performance.now() - started));
        app.later(() => {
          if (token !== this.token) return;
          this.thinking = false;
          app.play(aiNote ? answer.action : answer, true);
          if (aiNote) aiNote(answer, app.api());
        }, wait);
      }, (err) => {
        if (token !== this.token || app.destroyed) return;
        this.thinking = false;
        app.updateStatus();
        if (err.message !== 'cancelled') this.failed(err);
      });
  }

  /** The worker was replaced: go on from the same position, a few times.
   * @param {Error} err */
  failed(err) {
    const app = this.app;
    if (++this.failures <= RETRIES) {
      app.toast(app.t('aiRestarted'), 2500);
      app.later(() => this.move(), 600);
      return;
    }
    const words = app.t('engineError', { msg: err.message });
    app.toast(words, 5000);
    app.parts.statusNode.textContent = words;
  }

  /** The best move for the human, shown on the board and said in words. */
  hint() {
    const app = this.app;
    if (!app.humanTurn() || app.busy) return;
    const token = this.token, pos = app.pos();
    // One-player games whose level is a setting (soloLevels) hint at that level.
    const level = app.mod.soloLevels ? app.rec.level : app.mod.hintLevel || app.info.maxLevel;
    const button = app.parts.hintButton;
    button.disabled = true;
    this.worker.call('aiInfo', [app.gameId, pos, { level, seed: this.seed() }])
      .then((info) => {
        if (app.destroyed) return;
        button.disabled = !app.humanTurn();
        // An answer for another position (a move was played meanwhile) is dropped.
        if (token !== this.token || pos !== app.pos()) return;
        app.ui.hint = info.action;
        app.ui.hintInfo = info;
        const text = hintWords(app, info, engine.move(app.gameId, pos, info.action));
        app.toast(text, 2600);
        app.announce(text);
        app.board.invalidate();
      }, () => {
        if (token === this.token) button.disabled = !app.humanTurn();
      });
  }

  /** A module's question about the position shown ('analyze', 'aiInfo'):
   * rejects 'stale' when the position changed meanwhile.
   * @param {string} method @param {object} [opts] */
  ask(method, opts) {
    const app = this.app, token = this.token, pos = app.pos();
    return this.worker.call(method, [app.gameId, pos, opts || {}]).then((value) => {
      if (token !== this.token || pos !== app.pos()) throw new Error('stale');
      return value;
    });
  }

  /** The computer plays the human's next move (a module's auto-play).
   * @param {number} [level] @returns {Promise<boolean>} whether a move was played */
  playForHuman(level) {
    const app = this.app;
    if (!app.humanTurn() || app.busy) return Promise.resolve(false);
    const token = this.begin();
    return this.worker.call('ai', [app.gameId, app.pos(), { level: level || app.info.maxLevel, seed: this.seed() }])
      .then((action) => {
        if (token !== this.token) return false;
        this.thinking = false;
        return app.play(action, false);
      }, () => {
        if (token === this.token) {
          this.thinking = false;
          app.updateStatus();
        }
        return false;
      });
  }
}

/** A hint in words: the module's, else "Hint: " and the move.
 * @param {App} app @param {any} info the AI's answer @param {string} move its action as the game
 *   writes it */
function hintWords(app, info, move) {
  const t = app.t.bind(app);
  if (app.mod.hintText) return app.mod.hintText(info, app.view, t, move);
  return t('hintIs', { move: app.moveWords(info.action, app.view, move) });
}
