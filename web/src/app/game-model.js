/* app/game-model.js: the game in play, without a page. Which game and its
 * module, its record (SavedGame), the position shown (the game's last, or
 * an earlier one while replaying) as the engine describes it and what may
 * be played there, whose turn it is and who is human, the moves as the
 * game writes them, and the marks on the board (the pointer's target, the
 * keyboard's cursor, a hint, a piece picked up, a move in flight). It owns
 * these, in the manner of chessground's State: the App, the board, the
 * computer and the review read them and change them through its methods.
 * It touches no DOM and is given its engine, so that node tests it
 * (tests/node/game-model.test.cjs). */
import { MoveNotation } from './notation.js';
import { randomSeed, seedValid } from './saved-game.js';

/** @typedef {import('../engine/api.js').QipanEngine} QipanEngine */
/** @typedef {import('../engine/api.js').GameInfo} GameInfo */
/** @typedef {import('../engine/api.js').OpenedGame} OpenedGame */
/** @typedef {import('./registry.js').GameModule} GameModule */
/** @typedef {import('./registry.js').Flight} Flight */
/** @typedef {import('./saved-game.js').SavedGame} SavedGame */
/** @typedef {import('./saved-game.js').GameRecord} GameRecord */
/** @typedef {import('./saved-game.js').RecordEdit} RecordEdit */

/**
 * What the board marks besides the position.
 * @typedef {object} BoardMarks
 * @property {string|null} hover the target under the pointer
 * @property {string|null} cursor the keyboard's target
 * @property {string|null} hint the action hinted
 * @property {any} hintInfo the computer's answer for it
 * @property {any} selected what the module picked up (a piece, a point to confirm)
 * @property {Flight|null} anim the move in flight
 */

/** @returns {BoardMarks} */
const noMarks = () => ({ hover: null, cursor: null, hint: null, hintInfo: null, selected: null, anim: null });

/** Whether a status says the game goes on. @param {string} status */
export const inPlay = (status) => /^(turn|playing)/.test(status);

/**
 * A move played: the position it was played on and the one it led to, as
 * the engine describes them, the new POS and the ply it was played at.
 * @typedef {{before: any, after: any, pos: string, ply: number}} Played
 */

export class GameModel {
  /** @param {QipanEngine} engine @param {SavedGame} saved the record
   * @param {{readonly?: boolean, params?: string|null}} how a diagram (nothing to play), and the
   *   params of every new game when the host gives them (else the settings') */
  constructor(engine, saved, how) {
    this.engine = engine;
    this.saved = saved;
    this.readonly = !!how.readonly;
    this.hostParams = how.params || null;
    this.gameId = '';
    /** @type {GameModule} */
    this.mod = /** @type {any} */ (null);
    /** @type {GameInfo} */
    this.info = /** @type {any} */ (null);
    /** @type {any} engine.describe() of the position shown; null before it is shown */
    this.view = null;
    this.status = '';
    /** @type {string[]} what may be played on the position shown */
    this.legal = [];
    /** @type {number|null} the ply shown while replaying; null: the game's last */
    this.replay = null;
    this.marks = noMarks();
    this.notation = new MoveNotation(engine);
  }

  /** Makes `mod`'s game the one in play: its stored record, or with `keep`
   * the record in play (a change of language). @param {GameModule} mod @param {boolean} [keep] */
  open(mod, keep) {
    this.gameId = mod.id;
    this.mod = mod;
    this.info = this.engine.info(mod.id);
    if (!keep || !this.saved.rec) this.saved.open(mod, this.info);
    this.view = null;
    this.replay = null;
    this.marks = noMarks();
  }

  /** @returns {GameRecord} */
  get rec() {
    return this.saved.rec;
  }

  /** @returns {Record<string, any>} */
  settings() {
    return this.rec ? this.rec.settings : {};
  }

  pos() {
    return this.saved.pos();
  }

  ply() {
    return this.saved.ply();
  }

  shownPly() {
    return this.replay === null ? this.ply() : this.replay;
  }

  /** The position on the board: the game's last, or the one replayed. */
  shownPos() {
    return this.rec.history[this.shownPly()];
  }

  isOver() {
    return !inPlay(this.status);
  }

  /** Whether the game's last position ends it (the position shown may be an earlier one). */
  lastOver() {
    return this.replay === null ? this.isOver() : !inPlay(this.engine.status(this.gameId, this.pos()));
  }

  /** Whose ply is it? Every game alternates one action a turn. @param {number} ply */
  isHumanPly(ply) {
    if (this.rec.mode === 'pvp' || this.info.players === 1) return true;
    return (ply % 2 === 0) === this.rec.humanFirst;
  }

  /** The human may play now: the game's last position, in play, theirs. */
  humanTurn() {
    return !this.isOver() && this.replay === null && !this.readonly && this.isHumanPly(this.ply());
  }

  /** The side letter the human plays (vs computer), found from the plies. */
  humanSide() {
    const h = this.rec.history, sides = this.info.sides;
    for (let i = 0; i < h.length; i++) {
      const st = this.engine.status(this.gameId, h[i]);
      if (st.startsWith('turn ') && st.charAt(5) !== '?') {
        const side = st.charAt(5);
        return this.isHumanPly(i) ? side : sides.charAt(1 - sides.indexOf(side));
      }
    }
    return sides.charAt(this.rec.humanFirst ? 0 : 1);
  }

  /** A game someone is playing: begun, not over. */
  inProgress() {
    return !!this.rec && this.rec.started && this.ply() > 0 && !this.isOver();
  }

  /** Describes the position shown, and what may be played there (nothing
   * on a position replayed or a diagram). */
  show() {
    const pos = this.shownPos();
    this.view = this.engine.describe(this.gameId, pos);
    this.status = this.view.status;
    const still = this.replay !== null || this.readonly;
    this.legal = this.isOver() || still ? [] : this.engine.legal(this.gameId, pos);
  }

  /** The params of a new game: the host's, else the settings'. */
  newGameParams() {
    if (this.hostParams) return this.hostParams;
    return this.mod.params ? this.mod.params(this.rec.settings, this.rec) : '';
  }

  /** The POS of a new game with the record's settings and seed. */
  startPos() {
    return this.engine.newGame(this.gameId, this.newGameParams(), this.rec.seed);
  }

  /** A game from `positions` (the first its start), shown at its end.
   * @param {string[]} positions @param {string[]} [moves] */
  begin(positions, moves) {
    this.saved.begin(positions, moves);
    this.replay = null;
    this.clearMarks();
  }

  /** A new game, with a new seed: at once, or once the module's start
   * screen is answered, unless `choice` (the host's) answers it already.
   * @param {any} [choice] @returns {boolean} whether it started */
  newGame(choice) {
    const mod = this.mod;
    let started = !mod.startOverlay;
    this.saved.change({ seed: randomSeed() });
    if (!started && choice && mod.applyStart) {
      this.saved.change(mod.applyStart(choice, this.rec));
      started = true;
    }
    this.saved.change({ started });
    this.begin([this.startPos()]);
    return started;
  }

  /** The start screen is answered (`choice`; null: nothing to choose): the game starts. @param {any} choice */
  startWith(choice) {
    if (choice && this.mod.applyStart) this.saved.change(this.mod.applyStart(choice, this.rec));
    this.saved.begin([this.startPos()]);
    this.saved.change({ started: true });
  }

  /** A position the host gives (a puzzle, a diagram): the player has the
   * side to move. @param {string} pos */
  startAt(pos) {
    this.begin([pos]);
    this.saved.change({ started: true, humanFirst: true });
  }

  /** An opened link or record becomes the game in play, the player to
   * move next (on the side to move against the computer); its params
   * become the settings, so that its next game is alike.
   * @param {OpenedGame} game */
  adopt(game) {
    this.begin(game.positions, game.actions);
    // The link's moves are already written as the game writes them.
    this.notation.learn(game.game, game.positions[0], game.actions, game.moves);
    /** @type {RecordEdit} */
    const edit = { started: true };
    const seed = Number(game.seed);
    if (seedValid(seed)) edit.seed = seed;
    const settings = this.mod.adoptParams && game.params !== null ? this.mod.adoptParams(game.params) : null;
    if (settings) edit.settings = settings;
    if (this.rec.mode === 'ai' && this.info.players === 2) edit.humanFirst = (game.positions.length - 1) % 2 === 0;
    this.saved.change(edit);
  }

  /** Plays an action on the game's last position (the engine refuses one
   * that is not legal: it throws, with its reason). @param {string} action @returns {Played} */
  play(action) {
    const before = this.view;
    const pos = this.engine.apply(this.gameId, this.pos(), action);
    const ply = this.ply();
    this.saved.push(pos, action);
    this.clearMarks();
    return { before, after: this.engine.describe(this.gameId, pos), pos, ply };
  }

  /** Takes back the last move; against the computer, back to the human's
   * previous turn. A replay past the new end leaves. */
  undo() {
    let ply = this.ply() - 1;
    while (ply > 0 && !this.isHumanPly(ply)) ply--;
    this.saved.backTo(ply);
    if (this.replay !== null && this.replay >= this.ply()) this.replay = null;
    this.clearMarks();
  }

  /** Shows the position after `ply` moves (the last one leaves the replay).
   * @param {number} ply @returns {boolean} whether the game's last position is shown */
  viewPly(ply) {
    const last = this.ply(), to = Math.max(0, Math.min(last, ply));
    this.replay = to === last ? null : to;
    this.clearMarks();
    return this.replay === null;
  }

  /** Drops the moves after the position replayed and plays on from it;
   * against the computer the player takes the side to move there.
   * @returns {boolean} whether there was a replay to play on from */
  playOn() {
    if (this.replay === null) return false;
    const keep = this.replay;
    this.saved.backTo(keep);
    this.replay = null;
    if (this.rec.mode === 'ai' && this.info.players === 2) this.saved.change({ humanFirst: keep % 2 === 0 });
    return true;
  }

  /** The actions from the start to the game's last position, one per ply;
   * found from the positions when the record kept none (a game saved
   * before the page kept its moves). null when they cannot be found.
   * @returns {string[]|null} */
  moves() {
    const rec = this.rec, h = rec.history;
    if (Array.isArray(rec.moves) && rec.moves.length === h.length - 1) return rec.moves;
    /** @type {string[]} */
    const found = [];
    for (let i = 0; i + 1 < h.length; i++) {
      const next = this.engine.legal(this.gameId, h[i]).find((a) => this.engine.apply(this.gameId, h[i], a) === h[i + 1]);
      if (next === undefined) return null;
      found.push(next);
    }
    this.saved.change({ moves: found });
    return found;
  }

  /** The game's moves as the game writes them (the move list's). */
  writtenMoves() {
    return this.notation.of(this.gameId, this.rec.history, this.moves() || []);
  }

  /** The move that led to the position shown, as the game writes it; null at the start. */
  lastMove() {
    const shown = this.shownPly();
    return shown > 0 ? this.writtenMoves()[shown - 1] || null : null;
  }

  /** Sets some of the board's marks (the pointer, the cursor, a selection,
   * a hint). @param {Partial<BoardMarks>} marks */
  mark(marks) {
    Object.assign(this.marks, marks);
  }

  /** A hint or a selection belongs to a position: a move, an undo or
   * another position takes it back. */
  clearMarks() {
    this.marks.hint = null;
    this.marks.selected = null;
  }

  /** A move slides onto the board: it shows the position it leads to, drawn
   * from the one before while it flies. @param {Flight} flight */
  fly(flight) {
    this.marks.anim = flight;
    this.view = flight.to;
  }

  /** The move in flight landed, unless something cancelled it meanwhile.
   * @param {Flight} flight @returns {boolean} whether it was still flying */
  land(flight) {
    if (this.marks.anim !== flight) return false;
    this.marks.anim = null;
    return true;
  }

  /** Drops a move in flight (the game changed under it). */
  stopFlight() {
    this.marks.anim = null;
  }
}
