/* app/ai-turn.js: the computer's side of a game. It owns the worker the
 * engine thinks in, whether the computer is thinking or a hint is being
 * asked, the answers in flight (a token that cancel() bumps, so that an
 * answer for a position no longer shown is dropped), the retries when a
 * worker dies, and the seed of the computer's random choices. It reads the
 * game in play (game-model.js) and reports what happens through the
 * callbacks its owner gives (AiReports): it sets no button, line or mark
 * itself. The App asks it to move and to hint; a game module asks it,
 * through the App, to analyse or to play the human's move. */
import { AiWorker } from '../engine/worker.js';

/** @typedef {import('./game-model.js').GameModel} GameModel */

/**
 * What the computer's side tells its owner, who shows it.
 * @typedef {object} AiReports
 * @property {() => void} changed it began or stopped thinking, or a hint was asked or answered
 * @property {(action: string, byAi: boolean, info: any) => boolean} play an answer to play: the
 *   computer's move (byAi; `info` the engine's words on it where the module asks for them), or
 *   the human's asked by a module; whether it was played
 * @property {(info: any, pos: string) => void} hinted the best move for the human on `pos`, the
 *   position still in play
 * @property {(err: Error, retrying: boolean) => void} failed its worker died: it tries again
 *   from the same position (retrying), or gives up
 * @property {(fn: () => void, ms: number) => void} later a timer of the game in play
 */

const RETRIES = 3; // a worker that dies this many times in a row gives up

export class AiTurn {
  /** @param {GameModel} game @param {AiReports} reports @param {number} timeoutMs how long the
   *   computer may think before its worker is replaced */
  constructor(game, reports, timeoutMs) {
    this.game = game;
    this.reports = reports;
    this.worker = new AiWorker({ timeoutMs });
    this.thinking = false;
    this.hinting = false;
    this.stopped = false;
    this.failures = 0; // calls failed in a row
    this.token = 0;
  }

  /** How many times a worker was replaced. */
  get restarts() {
    return this.worker.restarts;
  }

  /** 'thinking' while the computer thinks, 'animating' while a move slides. */
  busy() {
    if (this.thinking) return 'thinking';
    return this.game.marks.anim ? 'animating' : null;
  }

  /** The seed of the computer's choices: the game's, varied by the ply, so
   * that the same game replays alike. */
  seed() {
    return (this.game.rec.seed + this.game.ply() * 7919) % 2147483647;
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
    this.stopped = true;
    this.worker.stop();
  }

  /** Starts thinking; the token the answer must still carry. */
  begin() {
    this.thinking = true;
    this.reports.changed();
    return ++this.token;
  }

  /** The computer moves when it is its turn in a game in play. */
  move() {
    const game = this.game;
    if (this.busy() || game.isOver() || game.humanTurn() || !game.rec.started || game.readonly ||
        game.replay !== null) return;
    const token = this.begin();
    const pos = game.pos(), started = performance.now(), mod = game.mod;
    // Modules that comment on the computer's move get the engine's words too.
    const words = !!mod.aiNote;
    this.worker.call(words ? 'aiInfo' : 'ai', [game.gameId, pos, { level: game.rec.level, seed: this.seed() }])
      .then((answer) => {
        if (token !== this.token || this.stopped) return;
        this.failures = 0;
        // A move that comes back instantly still shows the thinking state briefly.
        const wait = Math.max(0, (mod.minThinkMs || 250) - (performance.now() - started));
        this.reports.later(() => {
          if (token !== this.token) return;
          this.thinking = false;
          this.reports.play(words ? answer.action : answer, true, words ? answer : null);
        }, wait);
      }, (err) => {
        if (token !== this.token || this.stopped) return;
        this.thinking = false;
        this.reports.changed();
        if (err.message !== 'cancelled') this.failed(err);
      });
  }

  /** The worker was replaced: go on from the same position, a few times.
   * @param {Error} err */
  failed(err) {
    const retrying = ++this.failures <= RETRIES;
    this.reports.failed(err, retrying);
    if (retrying) this.reports.later(() => this.move(), 600);
  }

  /** The best move for the human, reported for the board and in words. */
  hint() {
    const game = this.game;
    if (!game.humanTurn() || this.busy()) return;
    const token = this.token, pos = game.pos();
    // One-player games whose level is a setting (soloLevels) hint at that level.
    const level = game.mod.soloLevels ? game.rec.level : game.mod.hintLevel || game.info.maxLevel;
    this.hinting = true;
    this.reports.changed();
    const done = () => {
      this.hinting = false;
      this.reports.changed();
    };
    this.worker.call('aiInfo', [game.gameId, pos, { level, seed: this.seed() }])
      .then((info) => {
        if (this.stopped) return;
        done();
        // An answer for another position (a move was played meanwhile) is dropped.
        if (token === this.token && pos === game.pos()) this.reports.hinted(info, pos);
      }, () => {
        if (!this.stopped) done();
      });
  }

  /** A module's question about the game's position ('analyze', 'aiInfo'):
   * rejects 'stale' when the position changed meanwhile.
   * @param {string} method @param {object} [opts] */
  ask(method, opts) {
    const game = this.game, token = this.token, pos = game.pos();
    return this.worker.call(method, [game.gameId, pos, opts || {}]).then((value) => {
      if (token !== this.token || pos !== game.pos()) throw new Error('stale');
      return value;
    });
  }

  /** The computer plays the human's next move (a module's auto-play).
   * @param {number} [level] @returns {Promise<boolean>} whether a move was played */
  playForHuman(level) {
    const game = this.game;
    if (!game.humanTurn() || this.busy()) return Promise.resolve(false);
    const token = this.begin();
    return this.worker.call('ai', [game.gameId, game.pos(), { level: level || game.info.maxLevel, seed: this.seed() }])
      .then((action) => {
        if (token !== this.token) return false;
        this.thinking = false;
        return this.reports.play(action, false, null);
      }, () => {
        if (token === this.token) {
          this.thinking = false;
          this.reports.changed();
        }
        return false;
      });
  }
}
