/* app/saved-game.js: the game in progress as the browser keeps it. One
 * record a game (its settings, mode, level, seed, every position and the
 * moves between them), read back from storage checked, saved after every
 * change that is shown. The record changes only through this class (the
 * only writer: tools/check_owners.cjs), so that its positions and moves
 * stay in step; everyone else reads it. DOM-free: given its engine. */

/** @typedef {import('./registry.js').GameModule} GameModule */
/** @typedef {import('./registry.js').Setting} Setting */
/** @typedef {import('../engine/api.js').GameInfo} GameInfo */
/** @typedef {import('../engine/api.js').QipanEngine} QipanEngine */
/** @typedef {import('../storage.js').Store} Store */

/**
 * One game's record, kept in storage.
 * @typedef {object} GameRecord
 * @property {Record<string, any>} settings
 * @property {'ai'|'pvp'} mode
 * @property {number} level
 * @property {boolean} humanFirst
 * @property {number} seed
 * @property {string[]} history every POS since the start, the current last
 * @property {string[]} [moves] the actions between them (history.length - 1 of them)
 * @property {boolean} started false while a start screen is up
 * @property {Record<string, any>} extra the module's own records (best times...)
 * @property {number} [born] when the game's first move here was played (ms): a game opened from
 *   a link has none until a move is played on it; the library (My games) names the game by it
 * @property {string} [kept] the mark of the end the library keeps of this game (library.js)
 */

/**
 * What the host asked for that shapes a record (mount options).
 * @typedef {{mode?: string, level?: number|string, first?: string}} RecordOptions
 */

/**
 * A change to the record other than its positions: the player's choices
 * (⚙, a start screen), a new game's seed, a shared game's settings, the
 * moves found from the positions.
 * @typedef {object} RecordEdit
 * @property {'ai'|'pvp'} [mode]
 * @property {number} [level]
 * @property {boolean} [humanFirst]
 * @property {number} [seed]
 * @property {boolean} [started]
 * @property {Record<string, any>} [settings] the settings that change (the others stay)
 * @property {string[]} [moves] the actions between the positions
 * @property {string} [kept] the library keeps this end of the game
 */

export const randomSeed = () => 1 + Math.floor(Math.random() * 2147483646);

/** Whether a stored seed can seed a game. @param {any} seed */
export const seedValid = (seed) => seed >= 1 && seed < 2147483647 && seed % 1 === 0;

/** Is v a value this setting can take? (Stored values may be anything.)
 * @param {Setting} s @param {any} v */
export function settingValid(s, v) {
  if (s.type === 'select') return (s.options || []).some((o) => o.value === v);
  if (s.type === 'checkbox') return typeof v === 'boolean';
  if (s.type === 'color') return typeof v === 'string' && /^#[0-9a-f]{6}$/i.test(v);
  if (s.type === 'range') {
    return typeof v === 'number' && v >= /** @type {number} */ (s.min) && v <= /** @type {number} */ (s.max);
  }
  return false;
}

export class SavedGame {
  /** @param {Store} store @param {QipanEngine} engine it checks every stored position
   * @param {RecordOptions} opts
   * @param {{page: boolean, puzzle: boolean, fixedStart: boolean}} how the page's own game, a
   *   puzzle, or a game the host gives (its position, not the saved one, is opened) */
  constructor(store, engine, opts, how) {
    this.store = store;
    this.engine = engine;
    this.opts = opts;
    this.how = how;
    this.gameId = '';
    /** @type {GameRecord} */
    this.rec = /** @type {any} */ (null);
  }

  /** Makes `mod`'s record the one in play: the stored one, checked.
   * @param {GameModule} mod @param {GameInfo} info */
  open(mod, info) {
    this.gameId = mod.id;
    this.rec = this.load(mod, info);
  }

  /** @param {GameModule} mod @param {GameInfo} info @returns {GameRecord} */
  defaults(mod, info) {
    /** @type {Record<string, any>} */
    const settings = {};
    for (const s of mod.settings || []) settings[s.key] = s.default;
    const o = this.opts;
    return {
      settings,
      mode: o.mode === 'pvp' || o.mode === 'ai' ? o.mode : 'ai',
      level: Math.min(info.maxLevel, Math.max(1, Number(o.level) ||
        (this.how.puzzle ? info.maxLevel : mod.defaultLevel || info.defaultLevel))),
      humanFirst: o.first !== 'ai',
      seed: randomSeed(),
      history: [],
      moves: [],
      started: false,
      extra: {}, // the module's own records (best times...), checked by the module
    };
  }

  /** Keeps only what is well-formed in a stored record; the engine checks
   * every stored position before it is used.
   * @param {GameModule} mod @param {GameInfo} info @returns {GameRecord} */
  load(mod, info) {
    const rec = this.defaults(mod, info);
    const saved = this.store.game(mod.id);
    if (saved.settings && typeof saved.settings === 'object') {
      for (const s of mod.settings || []) {
        const v = saved.settings[s.key];
        if (settingValid(s, v)) rec.settings[s.key] = v;
      }
    }
    if (saved.mode === 'ai' || saved.mode === 'pvp') rec.mode = saved.mode;
    if (saved.level >= 1 && saved.level <= info.maxLevel && saved.level % 1 === 0) rec.level = saved.level;
    if (typeof saved.humanFirst === 'boolean') rec.humanFirst = saved.humanFirst;
    if (seedValid(saved.seed)) rec.seed = saved.seed;
    if (saved.extra && typeof saved.extra === 'object' && !Array.isArray(saved.extra)) rec.extra = saved.extra;
    // A host's position (fixedStart) is opened instead of the saved game (see openGiven).
    if (!this.how.fixedStart) this.loadGame(mod.id, saved, rec);
    // An embedding host's explicit mode wins over what was stored.
    if ((this.opts.mode === 'ai' || this.opts.mode === 'pvp') && !this.how.page) rec.mode = this.opts.mode;
    return rec;
  }

  /** The stored positions and moves, when the engine reads every position.
   * @param {string} id @param {Record<string, any>} saved @param {GameRecord} rec */
  loadGame(id, saved, rec) {
    if (!Array.isArray(saved.history) || !saved.history.length || saved.history.length >= 5000) return;
    try {
      for (const pos of saved.history) this.engine.status(id, pos);
    } catch {
      this.store.notice = 'storageReset';
      return;
    }
    rec.history = saved.history.slice();
    rec.started = saved.started !== false;
    if (typeof saved.born === 'number' && saved.born > 0 && saved.born < 1e14) rec.born = saved.born;
    if (typeof saved.kept === 'string' && saved.kept.length < 100) rec.kept = saved.kept;
    // Moves are checked against the positions when a record is made.
    const moves = saved.moves;
    if (Array.isArray(moves) && moves.length === rec.history.length - 1 &&
        moves.every((m) => typeof m === 'string' && m.length < 64)) rec.moves = moves.slice();
    else delete rec.moves;
  }

  save() {
    if (this.rec) this.store.setGame(this.gameId, this.rec);
  }

  pos() {
    return this.rec.history[this.rec.history.length - 1];
  }

  ply() {
    return this.rec.history.length - 1;
  }

  /** A game from `positions` (the first its start), with the moves between
   * them when known. @param {string[]} positions @param {string[]} [moves] */
  begin(positions, moves) {
    this.rec.history = positions.slice();
    this.rec.moves = moves ? moves.slice() : positions.length === 1 ? [] : undefined;
    delete this.rec.born;
    delete this.rec.kept;
  }

  /** One move played. @param {string} pos @param {string} action */
  push(pos, action) {
    const rec = this.rec;
    if (!rec.born) rec.born = Date.now();
    if (rec.moves && rec.moves.length === this.ply()) rec.moves.push(action);
    else delete rec.moves; // found again from the positions when needed
    rec.history.push(pos);
  }

  /** Changes the record but for its positions (begin, push, backTo).
   * @param {RecordEdit} edit */
  change(edit) {
    const rec = this.rec;
    if (edit.mode !== undefined) rec.mode = edit.mode;
    if (edit.level !== undefined) rec.level = edit.level;
    if (edit.humanFirst !== undefined) rec.humanFirst = edit.humanFirst;
    if (edit.seed !== undefined) rec.seed = edit.seed;
    if (edit.started !== undefined) rec.started = edit.started;
    if (edit.moves !== undefined && edit.moves.length === rec.history.length - 1) rec.moves = edit.moves.slice();
    if (edit.kept !== undefined) rec.kept = edit.kept;
    Object.assign(rec.settings, edit.settings || {});
  }

  /** A module's own record (best times, statistics). @param {string} key @param {any} value */
  setExtra(key, value) {
    this.rec.extra[key] = value;
  }

  /** Back to the position after `ply` moves: undo, or playing on from an
   * earlier position. @param {number} ply */
  backTo(ply) {
    const rec = this.rec;
    rec.history.length = Math.max(1, Math.min(rec.history.length, ply + 1));
    if (rec.moves) rec.moves.length = Math.min(rec.moves.length, rec.history.length - 1);
  }
}
