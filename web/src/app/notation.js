/* app/notation.js: the moves of the game shown as the game writes them
 * (the engine's notation: gomoku "h8", minesweeper "o3,4"), for the move
 * list, the status line and a module's words. Each move is written once,
 * by engine.move on the position it was played on, and kept while the
 * game keeps the same start and the same moves before it: a move played
 * adds one, an undo or playing on from an earlier move keeps the ones
 * before it, a new game or another game starts again. */
/** @typedef {import('../engine/api.js').QipanEngine} QipanEngine */

export class MoveNotation {
  /** @param {QipanEngine} engine */
  constructor(engine) {
    this.engine = engine;
    /** the game and start position the moves below belong to */
    this.key = '';
    /** @type {string[]} the actions written so far */
    this.actions = [];
    /** @type {string[]} the same moves in the game's notation */
    this.moves = [];
  }

  /** The moves of a game in its notation, one per action; fewer when an
   * action does not play on its position (a stored game gone wrong).
   * @param {string} game @param {string[]} history its positions, from the start
   * @param {string[]} actions the actions between them */
  of(game, history, actions) {
    this.keep(game + '\n' + history[0], actions);
    for (let i = this.actions.length; i < actions.length; i++) {
      try {
        this.moves.push(this.engine.move(game, history[i], actions[i]));
      } catch {
        break;
      }
      this.actions.push(actions[i]);
    }
    return this.moves;
  }

  /** Moves the engine has already written (an opened link's).
   * @param {string} game @param {string} start @param {string[]} actions @param {string[]} moves */
  learn(game, start, actions, moves) {
    this.key = game + '\n' + start;
    this.actions = actions.slice();
    this.moves = moves.slice();
  }

  /** Keeps the moves written before the first action that differs.
   * @param {string} key @param {string[]} actions */
  keep(key, actions) {
    let same = 0;
    if (key === this.key) {
      while (same < this.actions.length && same < actions.length && this.actions[same] === actions[same]) same++;
    }
    this.key = key;
    this.actions.length = same;
    this.moves.length = same;
  }
}
