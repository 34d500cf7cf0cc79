/* engine/api.js: Qipan.engine, the CLI's contract in JavaScript.
 * Every call goes through qp_wasm_call, the same checked C functions as
 * the CLI; a bad input throws an Error carrying the CLI's message. */

/**
 * The engine API (docs/contract.md, "The JS engine"): the CLI's sub-commands over POS
 * strings. Every call throws an Error (name 'QipanError' for the engine's
 * own refusals) with the CLI's message on bad input.
 * @typedef {object} QipanEngine
 * @property {() => string[]} list the game ids
 * @property {(game: string) => GameInfo} info a game's players, levels, params
 * @property {(game: string, params?: string|null, seed?: number|string|null) => string} newGame the start POS
 * @property {(game: string, pos: string) => string[]} legal the legal actions
 * @property {(game: string, pos: string, action: string|string[]) => string} apply the new POS (all or nothing)
 * @property {(game: string, pos: string, action: string) => string} move the legal move `action` on pos as
 *   the game writes it in links, records and the move list (gomoku "7,7" -> "h8", minesweeper
 *   "o 3,4" -> "o3,4", others their action text)
 * @property {(game: string, pos: string) => string} status "turn S", "win S", "draw", "playing", "won", "lost"
 * @property {(game: string, pos: string) => string} show the board as text
 * @property {(game: string, pos: string) => any} describe the position as the page draws it
 * @property {(game: string, pos: string, opts?: AiOptions) => string} ai the computer's action
 * @property {(game: string, pos: string, opts?: AiOptions) => AiInfo} aiInfo the action with the engine's words on it
 * @property {(game: string, pos: string, opts?: AiOptions) => any} analyze every option's value
 * @property {(game: string, start: string, seed?: number|string|null, actions?: string[]) => string} link
 *   the link fragment (after '#') of a game: start is a params text or "=POS", the seed only for
 *   games that deal from it (minesweeper, beast), actions as legal() writes them
 *   or as move() writes them
 * @property {(game: string, start: string, seed?: number|string|null, actions?: string[]) => string} record
 *   the same game as a record line, "GAME START | MOVES"
 * @property {(text: string) => OpenedGame} open a link fragment, a whole address, a record (its
 *   note after ';' left out) or a gomoku game's Piskvork .psq, every move replayed and checked
 * @property {(text: string, level?: number|string|null) => any} review the game of a link or a
 *   record judged move by move (docs/contract.md, "Review"): {game, level, plies, summary,
 *   complete}
 * @property {(text: string, level?: number|string|null) => {game: string, level: number, plies: number}}
 *   reviewBegin starts a review a ply at a time (for progress and cancel between plies)
 * @property {() => any} reviewStep judges the next ply and returns its entry
 * @property {() => any} reviewResult the review of the plies judged so far
 */

/**
 * What open() reads from a link or a record (docs/contract.md, "Links and records").
 * @typedef {object} OpenedGame
 * @property {string} game
 * @property {string} start the params text, or "=POS"
 * @property {string|null} params null for a "=POS" start
 * @property {string|null} seed the deal's seed, for games that deal from one
 * @property {string[]} actions the moves as the engine's actions ("7,7")
 * @property {string[]} moves the same in record notation ("h8")
 * @property {string[]} positions the POS after 0, 1, ... n moves
 * @property {string} link the canonical link fragment
 * @property {string} record the canonical record line
 * @property {boolean} [review] the link asked to open the game in its review
 */

/**
 * @typedef {object} GameInfo
 * @property {string} id
 * @property {number} players 1 or 2
 * @property {string} sides one letter a player ("xo", "12", "bw", "rb")
 * @property {number} maxLevel
 * @property {number} defaultLevel
 * @property {boolean} dealt whether a new game deals from its seed (minesweeper, beast): only then
 *   does a link carry the seed
 */

/**
 * @typedef {object} AiOptions
 * @property {number|string} [level] 1 to the game's maxLevel
 * @property {number|string} [seed] fixes every random choice
 */

/**
 * @typedef {object} AiInfo
 * @property {string} action
 * @property {number} [nodes] work done
 * @property {number} [score] game-specific (see the game's header in src/games)
 * @property {string} [note] English words for the score
 */

/**
 * Builds the engine API over a loaded wasm module. Self-contained (it
 * names nothing outside itself) because the worker gets it as source text.
 * @param {{ccall: Function}} Module emcc's module
 * @returns {QipanEngine}
 */
export function makeEngine(Module) {
  /** An optional argument: null when absent, else checked as text().
   * @param {any} value @param {string} what @returns {string|null} */
  function optional(value, what) {
    return value === undefined || value === null || value === '' ? null : text(value, what);
  }
  /** A string argument, checked before it crosses into wasm.
   * @param {any} value @param {string} what @returns {string} */
  function text(value, what) {
    if (value === undefined || value === null || value === '') throw new Error('missing ' + what);
    if (typeof value === 'number' && isFinite(value)) value = String(value);
    if (typeof value !== 'string') throw new Error(what + ' must be a string');
    if (value.length > 65536) throw new Error(what + ' is too long (over 65536 characters)');
    const bad = /[^\x20-\x7e]/.exec(value);
    if (bad) {
      throw new Error(what + ' has a character that is not printable ASCII (code ' +
        bad[0].charCodeAt(0) + ' at ' + (bad.index + 1) + ')');
    }
    return value;
  }
  /** @param {string} cmd @param {string|null} game @param {(string|null)[]} args */
  function call(cmd, game, ...args) {
    while (args.length < 3) args.push(null);
    const out = Module.ccall('qp_wasm_call', 'string',
      ['string', 'string', 'string', 'string', 'string'], [cmd, game, ...args]);
    if (out.charAt(0) !== '0') {
      const err = new Error(out.slice(1));
      err.name = 'QipanError';
      throw err;
    }
    return out.slice(1);
  }
  /** @param {any} opts */
  function aiOptions(opts) {
    opts = opts || {};
    if (typeof opts !== 'object') throw new Error('AI options must be an object');
    return [optional(opts.level, 'level'), optional(opts.seed, 'seed')];
  }
  /** @param {string} game @param {string} pos @param {AiOptions} [opts] @returns {AiInfo} */
  function aiInfo(game, pos, opts) {
    const o = aiOptions(opts);
    const out = call('ai', text(game, 'game id'), text(pos, 'position'), o[0], o[1]);
    const tab = out.indexOf('\t');
    const info = JSON.parse(out.slice(tab + 1));
    info.action = out.slice(0, tab);
    return info;
  }
  /** link and record: the start may be empty (the default params).
   * @param {string} cmd @param {any} game @param {any} start @param {any} seed @param {any} actions */
  function travel(cmd, game, start, seed, actions) {
    if (start !== undefined && start !== null && start !== '') start = text(start, 'start');
    if (!Array.isArray(actions || [])) throw new Error('actions must be an array');
    const lines = (actions || []).map((a) => text(a, 'action')).join('\n');
    return call(cmd, text(game, 'game id'), start || '', optional(seed, 'seed') || '', lines);
  }
  /** @param {any} value @returns {OpenedGame} */
  function open(value) {
    if (typeof value !== 'string' || value === '') throw new Error('missing link or record');
    // As the C side says it, before a huge text crosses onto the wasm stack.
    if (value.length > 65536) throw new Error('the text is too long (over 65536 characters)');
    return JSON.parse(call('open', null, value));
  }
  return {
    list: () => call('list', null).split(' '),
    info: (game) => JSON.parse(call('info', text(game, 'game id'))),
    newGame: (game, params, seed) => call('new', text(game, 'game id'),
      optional(params, 'params'), optional(seed, 'seed')),
    legal: (game, pos) => {
      const out = call('legal', text(game, 'game id'), text(pos, 'position'));
      return out ? out.split('\n') : [];
    },
    apply: (game, pos, action) => {
      const actions = Array.isArray(action) ? action : [action];
      pos = text(pos, 'position');
      game = text(game, 'game id');
      // All or nothing: a failure part-way leaves the caller's POS as it was.
      for (const a of actions) pos = call('apply', game, pos, text(a, 'action'));
      return pos;
    },
    move: (game, pos, action) => call('move', text(game, 'game id'), text(pos, 'position'),
      text(action, 'action')),
    status: (game, pos) => call('status', text(game, 'game id'), text(pos, 'position')),
    show: (game, pos) => call('show', text(game, 'game id'), text(pos, 'position')),
    describe: (game, pos) => JSON.parse(call('describe', text(game, 'game id'), text(pos, 'position'))),
    ai: (game, pos, opts) => aiInfo(game, pos, opts).action,
    aiInfo,
    analyze: (game, pos, opts) => {
      const o = aiOptions(opts);
      return JSON.parse(call('analyze', text(game, 'game id'), text(pos, 'position'), o[0], o[1]));
    },
    link: (game, start, seed, actions) => travel('link', game, start, seed, actions),
    record: (game, start, seed, actions) => travel('record', game, start, seed, actions),
    open,
    review: (value, level) => {
      if (typeof value !== 'string' || value === '') throw new Error('missing link or record');
      if (value.length > 65536) throw new Error('the text is too long (over 65536 characters)');
      return JSON.parse(call('review', null, value, optional(level, 'level')));
    },
    reviewBegin: (value, level) => {
      if (typeof value !== 'string' || value === '') throw new Error('missing link or record');
      if (value.length > 65536) throw new Error('the text is too long (over 65536 characters)');
      return JSON.parse(call('review_begin', null, value, optional(level, 'level')));
    },
    reviewStep: () => JSON.parse(call('review_step', null)),
    reviewResult: () => JSON.parse(call('review_result', null)),
  };
}
