/* app/library-entry.js: a finished game as the library (My games) keeps
 * it, without a page: made from the game just played or from a line of an
 * imported file, checked when read back from storage, written as a line
 * of an exported file (the record, which `qipan open` reads, and a note
 * after ';' with when and how it was played: docs/contract.md, "Links and
 * records"), and the figures of many (wins, losses, draws and the current
 * streak per game and level). Given its engine, so that node tests it
 * (tests/node/library.test.cjs). */

/** @typedef {import('../engine/api.js').QipanEngine} QipanEngine */
/** @typedef {import('../engine/api.js').OpenedGame} OpenedGame */
/** @typedef {import('./registry.js').GameModule} GameModule */

/**
 * One finished game in the library.
 * @typedef {object} LibraryEntry
 * @property {string} id the same game has the same id in every browser it is carried to
 * @property {string} game
 * @property {number} date when it ended (ms since 1970); for an import that did not say, when
 *   it was imported (dated false)
 * @property {boolean} dated
 * @property {'ai'|'pvp'|'solo'} mode against the computer, two players, or a one-player game
 * @property {number} level the computer's level (ai), else 0
 * @property {string} side the player's side against the computer, else ''
 * @property {'win'|'loss'|'draw'|'side'} result from the player's side; 'side': two players, one won
 * @property {string} winner that side ('' else)
 * @property {'win'|'loss'|'draw'|'pvp'} tag what the list filters by: the result, or 'pvp'
 * @property {number} plies
 * @property {number|null} ms how long it took, when known
 * @property {string} record the game as a record line (engine.record's)
 * @property {Record<string, string|number|boolean>} facts the game's own (GameModule.library.facts)
 */

/** What the library needs to know of the games and the engine. @typedef {object} LibraryContext
 * @property {QipanEngine} engine
 * @property {Record<string, GameModule>} modules
 * @property {string[]} games the games this page has
 */

export const RESULTS = ['win', 'loss', 'draw', 'side'];
export const TAGS = ['win', 'loss', 'draw', 'pvp'];
const MODES = ['ai', 'pvp', 'solo'];
const NOTE_KEYS = ['at', 'mode', 'level', 'side', 'ms', 'id'];
const ID_RE = /^[A-Za-z0-9_-]{1,40}$/;
const FACT_KEY = /^[a-z][A-Za-z0-9]{0,15}$/;
const FACT_VALUE = /^[A-Za-z0-9_.:,/+-]{0,40}$/;
/** The longest record kept (a 25x25 gomoku game is under 3 KB). */
export const RECORD_MAX = 65536;

/** A short hash of a text (53 bits, in base 36): ids and marks, not secrets. @param {string} text */
export function hashText(text) {
  let h1 = 0xdeadbeef, h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The result of a game that ended in `status`, from the player's side.
 * @param {string} status the engine's @param {'ai'|'pvp'|'solo'} mode @param {string} side the
 *   player's against the computer @returns {{result: LibraryEntry['result'], winner: string,
 *   tag: LibraryEntry['tag']}} */
export function outcome(status, mode, side) {
  if (status === 'won') return { result: 'win', winner: '', tag: 'win' };
  if (status === 'lost') return { result: 'loss', winner: '', tag: 'loss' };
  if (status === 'draw') return { result: 'draw', winner: '', tag: mode === 'pvp' ? 'pvp' : 'draw' };
  const winner = status.charAt(4);
  if (mode === 'pvp') return { result: 'side', winner, tag: 'pvp' };
  const result = winner === side ? 'win' : 'loss';
  return { result, winner, tag: result };
}

/** Whether the engine's status says the game goes on. @param {string} status */
const inPlay = (status) => /^(turn|playing)/.test(status);

/**
 * The entry of a game that has just ended on the page.
 * @param {object} game
 * @param {string} game.id the game's id (catalog)
 * @param {string} game.record its record line
 * @param {string} game.status the engine's status of its last position
 * @param {number} game.plies
 * @param {'ai'|'pvp'} game.mode @param {number} game.level @param {string} game.side the player's
 * @param {boolean} game.solo a one-player game
 * @param {number} game.born when its first move was played (ms), which names it
 * @param {string} game.start its first position
 * @param {{ms?: number, facts?: Record<string, string|number|boolean>}} own the module's facts
 * @param {number} now
 * @returns {LibraryEntry}
 */
export function entryOfPlay(game, own, now) {
  const mode = game.solo ? 'solo' : game.mode;
  const side = mode === 'ai' ? game.side : '';
  const ms = own.ms !== undefined ? own.ms : now - game.born;
  return {
    id: 'p' + game.born.toString(36) + '-' + hashText(game.id + ' ' + game.start).slice(0, 6),
    game: game.id, date: now, dated: true, mode, level: mode === 'ai' ? game.level : 0, side,
    ...outcome(game.status, mode, side), plies: game.plies,
    ms: ms >= 0 && ms < 1e10 ? Math.round(ms) : null, record: game.record, facts: own.facts || {},
  };
}

/* ---- the note after ';' */

/** A fact's value as the note writes it. @param {string|number|boolean} v */
const factText = (v) => (v === true ? '1' : v === false ? '0' : String(v));

/** The note of an entry: when and how it was played (key=value, spaces between). @param {LibraryEntry} e */
export function noteText(e) {
  const parts = [];
  if (e.dated) parts.push('at=' + new Date(e.date).toISOString());
  parts.push('mode=' + e.mode);
  if (e.mode === 'ai') parts.push('level=' + e.level, 'side=' + e.side);
  if (e.ms !== null) parts.push('ms=' + e.ms);
  parts.push('id=' + e.id);
  for (const [k, v] of Object.entries(e.facts)) {
    if (FACT_KEY.test(k) && !NOTE_KEYS.includes(k) && FACT_VALUE.test(factText(v))) parts.push(k + '=' + factText(v));
  }
  return parts.join(' ');
}

/** An entry as a line of an exported file: its record, then its note. @param {LibraryEntry} e */
export function exportLine(e) {
  return e.record + ' ; ' + noteText(e);
}

/** The games as a file, a line each, in the order given. @param {LibraryEntry[]} entries */
export function exportText(entries) {
  return entries.map(exportLine).join('\n') + (entries.length ? '\n' : '');
}

/** A note's key=value pairs (what is not one is left out). @param {string} text @returns {Record<string, string>} */
export function readNote(text) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const word of text.trim().split(/\s+/)) {
    const m = /^([A-Za-z][A-Za-z0-9]{0,15})=(\S{0,40})$/.exec(word);
    if (m && !(m[1] in out)) out[m[1]] = m[2];
  }
  return out;
}

/** A line's record and note: the note follows the first ';' of a record (a link has none).
 * @param {string} line @returns {{text: string, note: Record<string, string>}} */
export function splitLine(line) {
  const semi = line.indexOf(';');
  if (semi < 0 || line.includes('#')) return { text: line, note: {} };
  return { text: line.slice(0, semi), note: readNote(line.slice(semi + 1)) };
}

/**
 * The entry of an opened game and its note: the result from its last
 * position, the rest from the note where the note makes sense for the game.
 * @param {OpenedGame} opened @param {Record<string, string>} note @param {LibraryContext} ctx
 * @param {number} now when it is imported
 * @returns {LibraryEntry} @throws {Error} 'not finished'
 */
export function entryOfOpened(opened, note, ctx, now) {
  const id = opened.game, info = ctx.engine.info(id), mod = ctx.modules[id];
  const last = opened.positions[opened.positions.length - 1];
  const status = ctx.engine.status(id, last);
  if (inPlay(status)) throw new Error('the game is not finished');
  const level = Number(note.level), at = Date.parse(note.at || '');
  let mode = /** @type {LibraryEntry['mode']} */ (info.players === 1 ? 'solo' : note.mode === 'ai' ? 'ai' : 'pvp');
  // Against the computer: at a level it has, the player on one of the sides.
  if (mode === 'ai' && !(level >= 1 && level <= info.maxLevel && level % 1 === 0 && note.side &&
      note.side.length === 1 && info.sides.includes(note.side))) mode = 'pvp';
  const side = mode === 'ai' ? note.side : '';
  const dated = /^\d{4}-\d\d-\d\dT/.test(note.at || '') && at > 0 && at < 1e14;
  const ms = Number(note.ms);
  const facts = mod && mod.library && mod.library.readFacts ? mod.library.readFacts(note) : {};
  return {
    id: ID_RE.test(note.id || '') ? note.id : 'r' + hashText(opened.record + ' ' + (dated ? at : '')),
    game: id, date: dated ? at : now, dated, mode, level: mode === 'ai' ? level : 0, side,
    ...outcome(status, mode, side), plies: opened.actions.length,
    ms: note.ms !== undefined && ms >= 0 && ms < 1e10 && ms % 1 === 0 ? ms : null,
    record: opened.record, facts,
  };
}

/* ---- read back from storage */

/** Whether a value is a whole number in [lo, hi]. @param {any} v @param {number} lo @param {number} hi */
const whole = (v, lo, hi) => typeof v === 'number' && v % 1 === 0 && v >= lo && v <= hi;

/**
 * A stored entry, checked: what storage gives back may be damaged or
 * foreign. null: not an entry of this page's games.
 * @param {any} raw @param {string[]} games @returns {LibraryEntry|null}
 */
export function checkEntry(raw, games) {
  if (!raw || typeof raw !== 'object') return null;
  const e = raw;
  if (typeof e.id !== 'string' || !ID_RE.test(e.id) || !games.includes(e.game)) return null;
  if (!whole(e.date, 0, 1e14) || typeof e.dated !== 'boolean' || !MODES.includes(e.mode)) return null;
  if (!whole(e.level, 0, 99) || typeof e.side !== 'string' || e.side.length > 1) return null;
  if (!RESULTS.includes(e.result) || typeof e.winner !== 'string' || e.winner.length > 1 || !TAGS.includes(e.tag)) {
    return null;
  }
  if (!whole(e.plies, 0, 1e5) || !(e.ms === null || whole(e.ms, 0, 1e10))) return null;
  if (typeof e.record !== 'string' || !e.record.startsWith(e.game + ' ') || e.record.length > RECORD_MAX) return null;
  if (!e.facts || typeof e.facts !== 'object' || Array.isArray(e.facts)) return null;
  /** @type {Record<string, string|number|boolean>} */
  const facts = {};
  for (const [k, v] of Object.entries(e.facts)) {
    if (FACT_KEY.test(k) && ['string', 'number', 'boolean'].includes(typeof v)) facts[k] = v;
  }
  return { id: e.id, game: e.game, date: e.date, dated: e.dated, mode: e.mode, level: e.level, side: e.side,
    result: e.result, winner: e.winner, tag: e.tag, plies: e.plies, ms: e.ms, record: e.record, facts };
}

/* ---- reading an imported file */

/** The most an import reads: bytes of text, and games. */
export const IMPORT_LIMITS = { chars: 32 << 20, lines: 100000 };

/** Why an import read nothing: the file, the line, and the reason (a key, or the engine's words). */
export class ImportError extends Error {
  /** @param {string} key 'importTooBig', 'importTooMany', 'importEmpty', 'importNoGame', or
   *   'importBadLine' with `why` @param {{line?: number, why?: string}} [at] */
  constructor(key, at) {
    super(key + (at && at.why ? ': ' + at.why : ''));
    this.key = key;
    this.line = (at && at.line) || 0;
    this.why = (at && at.why) || '';
  }
}

/**
 * The games of an imported file, every line read and checked before any
 * is kept: a file that does not read in full gives none (ImportError).
 * Blank lines are skipped; a game that a module reads whole (a .psq) is
 * the whole file; a line that a module reads (connect four's Pons string)
 * becomes its record. `pause` lets the page breathe every few hundred lines.
 * @param {string} text @param {LibraryContext} ctx @param {number} now
 * @param {(done: number, total: number) => Promise<void>} [pause]
 * @returns {Promise<LibraryEntry[]>}
 */
export async function readImport(text, ctx, now, pause) {
  if (text.length > IMPORT_LIMITS.chars) throw new ImportError('importTooBig');
  const body = text.replace(/^\uFEFF/, '');
  const whole = Object.values(ctx.modules).some((m) => m.library && m.library.wholeFile && m.library.wholeFile(body));
  const lines = whole ? [body] : body.split(/\r\n|\r|\n/);
  const total = lines.filter((l) => l.trim()).length;
  if (!total) throw new ImportError('importEmpty');
  if (total > IMPORT_LIMITS.lines) throw new ImportError('importTooMany');
  /** @type {Map<string, OpenedGame>} the same record read once */
  const opened = new Map();
  /** @type {Map<string, LibraryEntry>} */
  const entries = new Map();
  let done = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line) continue;
    if (pause && ++done % 250 === 0) await pause(done, total);
    const { text: game, note } = whole ? { text: line, note: {} } : splitLine(ownLine(line, ctx));
    let entry;
    try {
      let got = opened.get(game);
      if (!got) {
        got = ctx.engine.open(game);
        opened.set(game, got);
      }
      if (!ctx.games.includes(got.game)) throw new ImportError('importNoGame', { line: i + 1 });
      entry = entryOfOpened(got, note, ctx, now);
    } catch (e) {
      if (e instanceof ImportError) throw e;
      throw new ImportError('importBadLine', { line: i + 1, why: /** @type {Error} */ (e).message });
    }
    if (!entries.has(entry.id)) entries.set(entry.id, entry);
  }
  return Array.from(entries.values());
}

/** A line in another tool's form (connect four's Pons string) as a record, by the module that reads it.
 * @param {string} line @param {LibraryContext} ctx */
function ownLine(line, ctx) {
  for (const m of Object.values(ctx.modules)) {
    const record = m.library && m.library.readLine ? m.library.readLine(line) : null;
    if (record) return record;
  }
  return line;
}

/* ---- figures */

/**
 * One row of a game's figures: its games against the computer at one
 * level (wins, losses, draws, the current streak), or its two-player
 * games, or its one-player games.
 * @typedef {{mode: 'ai'|'pvp'|'solo', level: number, games: number, wins: number, losses: number,
 *   draws: number, streak: number}} FigureRow streak: wins in a row (> 0), losses in a row
 *   (< 0), counted back from the last game; 0 after a draw
 */

/** Each game's figures by mode and level, from its entries (in any order).
 * @param {LibraryEntry[]} entries @returns {Record<string, FigureRow[]>} */
export function figures(entries) {
  const sorted = entries.slice().sort((a, b) => b.date - a.date);
  /** @type {Map<string, FigureRow & {open: boolean}>} */
  const rows = new Map();
  for (const e of sorted) {
    const key = e.game + ' ' + e.mode + ' ' + e.level;
    let row = rows.get(key);
    if (!row) {
      row = { mode: e.mode, level: e.level, games: 0, wins: 0, losses: 0, draws: 0, streak: 0, open: true };
      rows.set(key, row);
    }
    row.games++;
    if (e.result === 'win') row.wins++;
    else if (e.result === 'loss') row.losses++;
    else if (e.result === 'draw') row.draws++;
    // Newest first: the streak grows while the results stay the same.
    if (row.open) {
      const step = e.result === 'win' ? 1 : e.result === 'loss' ? -1 : 0;
      if (step && (row.streak === 0 || Math.sign(row.streak) === step)) row.streak += step;
      else row.open = false;
      if (!step) row.open = false;
    }
  }
  /** @type {Record<string, FigureRow[]>} */
  const out = {};
  for (const [key, row] of rows) {
    const game = key.split(' ')[0];
    (out[game] = out[game] || []).push({ mode: row.mode, level: row.level, games: row.games, wins: row.wins,
      losses: row.losses, draws: row.draws, streak: row.streak });
  }
  const order = { ai: 0, solo: 1, pvp: 2 };
  for (const list of Object.values(out)) list.sort((a, b) => order[a.mode] - order[b.mode] || a.level - b.level);
  return out;
}
