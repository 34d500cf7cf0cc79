// Dark animal chess against an external Chinese Dark Chess engine that
// speaks MistyBanqi's UCI dialect (brianhliou/misty-banqi): a bridge (our
// POS to its redacted FEN, its moves to our actions) and a match runner on
// paired deals (each seeded deal twice: our level first, then the engine
// first). Our rules judge everything: the wasm engine applies every action
// (an illegal one, a crash or a time-out loses the game) and its status ends
// games by our draw rules (50 plies, third repetition). Our side is the
// native CLI, one process a move (`qipan ai beast POS --verbose`).
//
// Every game's record keeps the HP of both sides at its end, and a draw its
// last position, so that the summary can tell the draws apart: by how they
// ended (50 plies, repetition) and by who was ahead in HP then (a draw
// with our level ahead is a won ending given away, listed with its
// position); a loss keeps the ply from which our level was behind in HP
// to the end, with the pieces face down then, and the summary counts the
// losses by phase (the opening, the middle game, an ending all face up).
// Every game also keeps both sides' HP when its opening ended (at most 15
// pieces face down), and the summary scores the games by who was ahead
// then: whether points went in the opening or after it.
//
// Usage: QIPAN_CDC_ENGINE='/path/to/banqi-engine' node bench/beast_vs.cjs
//        node bench/beast_vs.cjs --summary RECORDS.jsonl...  (tables again)
//        node bench/beast_vs.cjs --compact RECORDS.jsonl...  (records without
//          their move lists, as bench/records/ keeps them)
// Env: QIPAN_CDC_MODE nodes (default: the engine gets QIPAN_CDC_NODES a
//      move, our level its own budget, 800000 at level 3) or time (both the
//      same clock a move); QIPAN_CDC_NODES (800000: equal nodes; about 260000
//      is equal CPU time, our search being about three times as fast a node),
//      QIPAN_CDC_MS (300); QIPAN_CDC_GAMES (20, two
//      a deal), QIPAN_CDC_SEED (first deal's seed, 1); QIPAN_CDC_LEVEL (3);
//      QIPAN_CDC_RECORDS (append each game as a JSON line to that file);
//      QIPAN_CDC_SETTINGS (several matches one after the other, each with
//      its table: a comma list of 300ms, 1s (the same clock a move) or 800k,
//      260000 (the engine's nodes a move), e.g. 300ms,1s,800k; with it, a
//      "{setting}" in QIPAN_CDC_RECORDS is the setting's name, else the name
//      goes before the file's extension);
//      QIPAN_CDC_TIMEOUT_MS (a move's time-out, either side); QIPAN_CDC_BIN
//      (our CLI, default build/qipan: another build, to compare two).
'use strict';
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const readline = require('node:readline');
const { cli, loadQipan, qipanBin } = require('../tests/node/helpers.cjs');

/* ---- The bridge ----
 * Our board is 4 columns (a-d) x 8 rows (1-8); MistyBanqi's is 8 files
 * (a-h) x 4 ranks (0-3 in moves, 1-4 in FEN). Every rule is symmetric
 * under a reflection, so we transpose: our row is its file, our column its
 * rank. Pieces by rank: dragon tiger elephant bear fox hawk cat are its
 * general advisor elephant chariot horse cannon soldier; red is upper case
 * on both sides, our blue is its black (lower case). */
const OUR_LETTERS = 'DTEBFHC';
const CDC_LETTERS = 'GAERHCS';
const FILES = 'abcdefgh';
const COLS = 'abcd';
/* Its no-progress draw comes at 40 plies, ours at 50: from our 10th quiet
 * ply on, it is told 10 fewer, so it sees the draw exactly where it is. */
const DRAW_SHIFT = 10;
/* Level 3's own work budget (search.c's LEVEL3_NODES): our side always
 * plays with it in nodes mode. */
const LEVEL3_NODES = 800000;

const toCdcLetter = (l) => {
  const c = CDC_LETTERS[OUR_LETTERS.indexOf(l.toUpperCase())];
  return l === l.toUpperCase() ? c : c.toLowerCase();
};
const toOurLetter = (l) => {
  const i = CDC_LETTERS.indexOf(l.toUpperCase());
  if (i < 0) throw new Error(`bad engine piece '${l}'`);
  return l === l.toUpperCase() ? OUR_LETTERS[i] : OUR_LETTERS[i].toLowerCase();
};
const cellName = (i) => COLS[i % 4] + (Math.floor(i / 4) + 1);
const cellIndex = (name) => (Number(name[1]) - 1) * 4 + COLS.indexOf(name[0]);
const uciSquare = (i) => FILES[Math.floor(i / 4)] + (i % 4);
const otherSide = (s) => ({ r: 'b', b: 'r' })[s] || s;

/* Our POS: {cells[32] ('.', a letter, '?' + letter; a1 = 0, row by row),
 * side (r, b or ?), plies, log (the LOG's entries)}. */
function parsePos(pos) {
  const [rows, side, plies, log] = pos.trim().split(/\s+/);
  const rowList = (rows || '').split('/');
  if (rowList.length !== 8 || !/^[rb?]$/.test(side) || !/^\d+$/.test(plies))
    throw new Error(`bad beast POS '${pos}'`);
  const cells = [];
  rowList.forEach((row, i) => {
    const tokens = row.match(/\?[A-Za-z]|[A-Za-z.]/g) || [];
    if (tokens.join('') !== row || tokens.length !== 4) throw new Error(`bad beast row '${row}'`);
    tokens.forEach((t, c) => { cells[(7 - i) * 4 + c] = t; });
  });
  return { cells, side, plies: Number(plies), log: log ? log.split(',') : [] };
}

/* The engine's no-progress count for our plies since a flip or capture. */
const engineClock = (plies) => (plies < DRAW_SHIFT ? plies : plies - DRAW_SHIFT);

const isQuietMove = (entry) => /^[a-d][1-8][a-d][1-8]$/.test(entry);

function moveCells(cells, move, back) {
  const [from, to] = [cellIndex(move.slice(0, 2)), cellIndex(move.slice(2))];
  const [src, dst] = back ? [to, from] : [from, to];
  cells[dst] = cells[src];
  cells[src] = '.';
}

/* The redacted FEN of a view (face-down cells as X, the bag counted). */
function fenOf(cells, bag, side, clock) {
  const ranks = [];
  for (let rank = 3; rank >= 0; rank--) {
    let text = '', empties = 0;
    for (let file = 0; file < 8; file++) {
      const t = cells[file * 4 + rank];
      if (t === '.') {
        empties++;
        continue;
      }
      if (empties) text += empties;
      empties = 0;
      text += t[0] === '?' ? 'X' : toCdcLetter(t);
    }
    ranks.push(text + (empties || ''));
  }
  let pool = '';
  for (const l of [...CDC_LETTERS, ...CDC_LETTERS.toLowerCase()])
    if (bag[toOurLetter(l)]) pool += l + bag[toOurLetter(l)];
  return `${ranks.join('/')} ${side === '?' ? '-' : side} ${pool || '-'} ${clock} 1`;
}

/* Our POS as the engine's `position fen FEN moves ...`: the FEN is the
 * position at the start of its repetition window (the last flip or
 * capture, or later: see engineClock), the moves the quiet plies since.
 * Only what both players see goes out: the identities of face-down pieces
 * become their counts by kind (the bag). */
function toEngine(pos) {
  const p = parsePos(pos);
  const bag = {};
  for (const t of p.cells) if (t[0] === '?') bag[t[1]] = (bag[t[1]] || 0) + 1;
  const cells = p.cells.map((t) => (t[0] === '?' ? '?' : t));
  const moves = p.log.filter(isQuietMove);
  for (const m of [...moves].reverse()) moveCells(cells, m, true);
  let side = moves.length % 2 ? otherSide(p.side) : p.side;
  // Drop as few of the window's first moves as it takes for the engine's
  // clock, counted up again through the moves, to end at engineClock().
  const target = engineClock(p.plies);
  const drop = Math.max(0, moves.length - target);
  for (const m of moves.slice(0, drop)) {
    moveCells(cells, m, false);
    side = otherSide(side);
  }
  return { fen: fenOf(cells, bag, side, target - (moves.length - drop)), moves: moves.slice(drop).map(toUci) };
}

/* The UCI line for it. */
const positionCommand = ({ fen, moves }) => `position fen ${fen}${moves.length ? ' moves ' + moves.join(' ') : ''}`;

/* Our action (`c5`, `c5c6`) as a UCI move (a flip is from == to). */
function toUci(action) {
  if (!/^[a-d][1-8]([a-d][1-8])?$/.test(action)) throw new Error(`bad beast action '${action}'`);
  const from = cellIndex(action.slice(0, 2));
  return uciSquare(from) + uciSquare(action.length > 2 ? cellIndex(action.slice(2)) : from);
}

/* A UCI move as our action; null if it is not one. */
function fromUci(move) {
  const m = /^([a-h])([0-3])([a-h])([0-3])$/.exec(move || '');
  if (!m) return null;
  const from = cellName(FILES.indexOf(m[1]) * 4 + Number(m[2]));
  const to = cellName(FILES.indexOf(m[3]) * 4 + Number(m[4]));
  return from === to ? from : from + to;
}

/* The engine's side of the bridge, back in our terms (for the tests): the
 * FEN parsed and the moves replayed. Returns {cells ('.', a letter, '?'
 * face-down), side, hidden {r: {D: n...}, b: {...}}, clock, boards (the
 * window's boards, oldest first, the current one last)}. */
function engineView({ fen, moves }) {
  const [board, turn, pool, clock] = fen.split(' ');
  const cells = [];
  board.split('/').forEach((rankText, i) => {
    let file = 0;
    for (const ch of rankText) {
      if (/\d/.test(ch)) {
        for (let k = 0; k < Number(ch); k++) cells[(file++) * 4 + 3 - i] = '.';
      } else {
        cells[(file++) * 4 + 3 - i] = ch === 'X' ? '?' : toOurLetter(ch);
      }
    }
  });
  const hidden = { r: {}, b: {} };
  for (const l of OUR_LETTERS) hidden.r[l] = hidden.b[l] = 0;
  for (const [, l, n] of (pool === '-' ? '' : pool).matchAll(/([A-Za-z])(\d+)/g)) {
    const ours = toOurLetter(l);
    hidden[ours === ours.toUpperCase() ? 'r' : 'b'][ours.toUpperCase()] = Number(n);
  }
  let side = turn === '-' ? '?' : turn;
  const boards = [cells.join('')];
  for (const m of moves) {
    moveCells(cells, fromUci(m), false);
    side = otherSide(side);
    boards.push(cells.join(''));
  }
  return { cells, side, hidden, clock: Number(clock) + moves.length, boards };
}

/* ---- The engine's process ---- */

/* One UCI engine process: the command line run by /bin/sh as `exec
 * COMMAND` (so the engine is our child and is reaped when it ends; `env
 * VAR=x engine` sets variables), in its own process group, which a kill
 * ends with whatever the engine started. */
class UciEngine {
  constructor(command) {
    this.command = command;
    this.name = command;
    this.child = null;
  }

  alive() {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /* Starts the process and waits for uciok and readyok. */
  async start(timeoutMs) {
    this.child = spawn('/bin/sh', ['-c', `exec ${this.command}`], { detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    this.lines = [];
    this.waiter = null;
    this.stderrTail = '';
    this.child.stdin.on('error', () => {}); // EPIPE after a crash: the exit says it
    this.child.stderr.on('data', (d) => { this.stderrTail = (this.stderrTail + d).slice(-2000); });
    readline.createInterface({ input: this.child.stdout }).on('line', (line) => this.onLine(line));
    this.child.on('exit', () => this.wake());
    this.send('uci');
    for (const line of await this.collect(/^uciok\b/, timeoutMs)) {
      const id = /^id name (.+)$/.exec(line);
      if (id) this.name = id[1];
    }
    this.send('isready');
    await this.collect(/^readyok\b/, timeoutMs);
  }

  onLine(line) {
    this.lines.push(line.trim());
    this.wake();
  }

  wake() {
    if (this.waiter) this.waiter();
  }

  send(line) {
    if (this.alive()) this.child.stdin.write(line + '\n');
  }

  /* The lines up to the first that matches; rejects with 'crash' when the
   * process ends first, 'time-out' when timeoutMs pass first. */
  collect(pattern, timeoutMs) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => finish(new Error('time-out')), timeoutMs);
      const finish = (err, value) => {
        clearTimeout(timer);
        this.waiter = null;
        if (err) reject(err);
        else resolve(value);
      };
      this.waiter = () => {
        const at = this.lines.findIndex((l) => pattern.test(l));
        if (at >= 0) finish(null, this.lines.splice(0, at + 1));
        else if (!this.alive()) finish(new Error('crash'));
      };
      this.waiter();
    });
  }

  /* The engine's move for our POS, and its time in ms (from `go` to
   * `bestmove`, pipes included). */
  async bestMove(pos, go, timeoutMs) {
    this.lines = [];
    this.send(positionCommand(toEngine(pos)));
    const t0 = process.hrtime.bigint();
    this.send(go);
    const lines = await this.collect(/^bestmove\b/, timeoutMs);
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    return { move: lines[lines.length - 1].split(/\s+/)[1], ms };
  }

  newGame() { this.send('ucinewgame'); }

  /* Kills it (if it still runs) and waits until it is gone. */
  async stop() {
    const child = this.child;
    if (!child) return;
    this.child = null;
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch (e) {
        if (e.code !== 'ESRCH') throw e;
      }
      await gone;
    }
    for (const s of [child.stdin, child.stdout, child.stderr]) s.destroy();
  }
}

/* ---- Our side ---- */

/* Our level's action through the native CLI, with its own count of nodes
 * and ms (--verbose) and the wall time of the whole process. */
function ourMove(pos, opts, seed) {
  const args = ['ai', 'beast', pos, '--level', String(opts.level), '--seed', String(seed), '--verbose'];
  if (opts.mode === 'time') args.push('--time', String(opts.ms));
  const t0 = process.hrtime.bigint();
  let r;
  try {
    r = cli(args, { bin: opts.bin, timeout: opts.timeoutMs });
  } catch (e) {
    return { error: e.code === 'ETIMEDOUT' ? 'time-out' : e.message };
  }
  const wall = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.code !== 0) return { error: r.signal ? 'time-out' : r.stderr.trim() || `exit ${r.code}` };
  const v = /nodes (\d+), ([\d.]+) ms/.exec(r.stderr) || [0, 0, wall];
  return { action: r.stdout.trim(), nodes: Number(v[1]), ms: Number(v[2]), wall };
}

/* ---- A game and a match ---- */

function engineGo(opts) {
  return opts.mode === 'time' ? `go movetime ${opts.ms}` : `go nodes ${opts.nodes} movetime 0`;
}

/* The engine's action, or {forfeit} (crash, time-out, an illegal or
 * unreadable move). */
async function engineMove(engine, e, pos, opts) {
  let reply;
  try {
    if (!engine.alive()) {
      await engine.stop();
      await engine.start(opts.startTimeoutMs);
      engine.newGame();
    }
    reply = await engine.bestMove(pos, engineGo(opts), opts.timeoutMs);
  } catch (err) {
    if (!['time-out', 'crash'].includes(err.message)) throw err;
    await engine.stop(); // restarted for the next move it must make
    return { forfeit: err.message };
  }
  const action = fromUci(reply.move);
  if (!action || !e.legal('beast', pos).includes(action))
    return { forfeit: 'illegal', move: reply.move, action, ms: reply.ms };
  return { action, ms: reply.ms };
}

/* One game on deal `deal`; oursFirst: our level makes the first flip.
 * Returns its record; result is from our side: win, loss or draw. */
async function playGame(e, engine, deal, oursFirst, opts) {
  let pos = e.newGame('beast', null, String(deal));
  const record = { deal, first: oursFirst ? 'ours' : 'engine', mode: opts.mode, level: opts.level,
    budget: opts.mode === 'time' ? opts.ms : opts.nodes, engine: engine.name, moves: [] };
  let ourColour = null;
  if (engine.alive()) engine.newGame();
  for (let ply = 0; /^turn/.test(e.status('beast', pos)); ply++) {
    const ours = (ply % 2 === 0) === oursFirst;
    const m = ours ? ourMove(pos, opts, deal * 10000 + ply) : await engineMove(engine, e, pos, opts);
    const by = ours ? 'ours' : 'engine';
    if (m.error || m.forfeit) {
      record.moves.push({ by, ...m });
      record.colour = ourColour;
      return finish(record, ours ? 'loss' : 'win', m.forfeit || 'our-error', ply, pos, e);
    }
    record.moves.push({ by, action: m.action, ms: round(m.ms), ...(ours ? { nodes: m.nodes, wall: round(m.wall) } : {}) });
    const dealt = pos.split(' ')[1] !== '?';
    pos = e.apply('beast', pos, m.action);
    if (!dealt) { // the first flip: the flipper owns the colour flipped
      const flipper = otherSide(pos.split(' ')[1]);
      ourColour = ours ? flipper : otherSide(flipper);
    }
  }
  const d = e.describe('beast', pos);
  const result = d.winner === null ? 'draw' : d.winner === ourColour ? 'win' : 'loss';
  record.colour = ourColour;
  return finish(record, result, d.reason, record.moves.length, pos, e);
}

const round = (x) => Math.round(x * 10) / 10;

/* The game's end: its result and, from our engine's view of the last
 * position, both sides' HP (ours first: before the first flip, when no
 * colour is ours, 100 each) and for a draw that position (POS, no LOG). */
function finish(record, result, reason, plies, pos, e) {
  Object.assign(record, { result, reason, plies, pos }, ending(e, pos, record.colour));
  const positions = positionsOf(e, record); // replayed once for all that follows
  if (drawnAhead(record)) {
    record.tables = tablesSay(e, record, positions);
    record.search = searchSays(e, pos, record.colour);
  }
  record.opening = openingEnd(e, record, positions);
  if (result === 'loss') record.behind = fellBehind(e, record, positions);
  return record;
}

const actionsOf = (r) => (r.actions !== undefined ? (r.actions ? r.actions.split(' ') : []) : r.moves.map((m) => m.action));

/* Every position of a recorded game, from its deal to its end (one more
 * than its plies; a forfeit's move, illegal or missing, is not played). */
function positionsOf(e, r) {
  const positions = [e.newGame('beast', null, String(r.deal))];
  for (const a of actionsOf(r).slice(0, r.plies)) positions.push(e.apply('beast', positions[positions.length - 1], a));
  return positions;
}

/* What the endgame tables say of a game drawn with our level ahead: the
 * first position they held with our level to move and won ("won at ply N:
 * POS", a win given away), else the first they held ("a draw from ply N"),
 * else that they never held one. */
function tablesSay(e, r, positions = positionsOf(e, r)) {
  let first = null;
  for (const [i, pos] of positions.entries()) {
    const [rows, side] = pos.split(' ');
    const pieces = rows.replace(/[^A-Za-z?]/g, '');
    if (!pieces.includes('?') && pieces.length <= 4 && /^turn/.test(e.status('beast', pos))) {
      if (first === null) first = i;
      if (side === r.colour) {
        const a = e.analyze('beast', pos, { level: 3, seed: 1 });
        if (a.scores[a.best] > 2800) return `won at ply ${i}: ${pos.split(' ').slice(0, 3).join(' ')}`;
      }
    }
  }
  return first === null ? 'beyond the tables (more than 4 pieces)' : `a draw from ply ${first} on`;
}

/* What level 3's search (its own 800000 nodes, so the same on every
 * machine) makes of a drawn game's last position for our level, the
 * no-progress count set back to 0: had it a win there (about 3000 less
 * the plies), the draw gave it away. */
function searchSays(e, pos, colour) {
  const [rows, side] = pos.split(' ');
  const a = e.analyze('beast', `${rows} ${side} 0`, { level: 3, seed: 1 });
  const value = a.best === undefined ? 0 : (side === colour ? 1 : -1) * a.scores[a.best];
  return `${value} for our level at depth ${a.depth}`;
}

/* Where a lost game was lost: the first ply from which our level had less
 * HP than the engine to the end, and how many pieces were face down then
 * (the opening, the middle game or an ending all face up). */
function fellBehind(e, r, positions = positionsOf(e, r)) {
  const behind = (pos) => {
    const hp = e.describe('beast', pos).hp;
    return hp[r.colour] < hp[otherSide(r.colour)];
  };
  let from = positions.length; // walked back over the last positions behind
  while (r.colour && from > 0 && behind(positions[from - 1])) from--;
  const down = from < positions.length ? faceDown(positions[from]) : 0;
  return { ply: Math.min(from, positions.length - 1), down };
}

/* The opening's end: the first position with fewer pieces face down than
 * the opening of lossLines' phases (PHASES) has, its ply and both sides'
 * HP there; null for a game that ended before it. */
const faceDown = (pos) => (pos.split(' ')[0].match(/\?/g) || []).length;
function openingEnd(e, r, positions = positionsOf(e, r)) {
  const ply = positions.findIndex((pos) => faceDown(pos) < OPENING_DOWN);
  if (ply < 0 || !r.colour) return null;
  const hp = e.describe('beast', positions[ply]).hp;
  return { ply, ours: hp[r.colour], engine: hp[otherSide(r.colour)] };
}

function ending(e, pos, colour) {
  const hp = e.describe('beast', pos).hp;
  const out = { hp: colour ? { ours: hp[colour], engine: hp[otherSide(colour)] } : { ours: 100, engine: 100 } };
  if (!/^(turn|win)/.test(e.status('beast', pos))) out.end = pos.split(' ').slice(0, 3).join(' ');
  return out;
}

/* Records without their ending or, for a loss, where it was lost (kept
 * before those were recorded): replayed once from the deal and their
 * actions. */
function withEndings(records, e) {
  return records.map((r) => {
    const needsBehind = r.result === 'loss' && !r.behind;
    const needsEnding = !r.hp || (!r.tables && drawnAhead(r));
    const needsSearch = r.result === 'draw' && !r.search && (!r.hp || lead(r) === 'ahead');
    const needsOpening = r.opening === undefined;
    if (!needsBehind && !needsEnding && !needsSearch && !needsOpening) return r;
    const positions = positionsOf(e, r), out = { ...r };
    if (needsOpening) out.opening = openingEnd(e, r, positions);
    if (needsBehind) out.behind = fellBehind(e, r, positions);
    if (needsEnding) {
      Object.assign(out, ending(e, positions[positions.length - 1], r.colour));
      if (drawnAhead(out)) out.tables = tablesSay(e, out, positions);
    }
    if (needsSearch && lead(out) === 'ahead') {
      out.search = searchSays(e, positions[positions.length - 1], r.colour);
    }
    return out;
  });
}

/* Every deal twice, seats swapped; onGame(record) after each game. */
async function playMatch(opts, onGame = () => {}) {
  const e = await loadQipanEngine();
  const engine = new UciEngine(opts.engine);
  const records = [];
  try {
    await engine.start(opts.startTimeoutMs).catch(() => engine.stop()); // then it forfeits its moves
    for (let i = 0; i < opts.deals; i++)
      for (const oursFirst of [true, false]) {
        const r = await playGame(e, engine, opts.seed + i, oursFirst, opts);
        records.push(r);
        onGame(r);
      }
  } finally {
    await engine.stop();
  }
  return records;
}

async function loadQipanEngine() {
  await loadQipan();
  return require(path.join(__dirname, '..', 'web', 'qipan.js')).engine;
}

/* ---- Figures ---- */

const points = (r) => ({ win: 1, draw: 0.5, loss: 0 })[r.result];
const score = (records) => records.reduce((a, r) => a + points(r), 0) / records.length;

/* Our score with a 95 % interval: the normal approximation over the deals,
 * a deal's games (both seats) being one sample, since the same deal makes
 * them correlated. */
function scoreInterval(records) {
  const byDeal = new Map();
  for (const r of records) {
    if (!byDeal.has(r.deal)) byDeal.set(r.deal, []);
    byDeal.get(r.deal).push(points(r));
  }
  const samples = [...byDeal.values()].map((p) => p.reduce((a, b) => a + b, 0) / p.length);
  const n = samples.length;
  const mean = score(records);
  const sampleMean = samples.reduce((a, b) => a + b, 0) / n;
  const variance = n > 1 ? samples.reduce((a, s) => a + (s - sampleMean) ** 2, 0) / (n - 1) : 0.25;
  return { mean, half: 1.96 * Math.sqrt(variance / n), deals: n };
}

const elo = (s) => (s <= 0 ? -Infinity : s >= 1 ? Infinity : -400 * Math.log10(1 / s - 1));

function wld(records) {
  const c = { win: 0, loss: 0, draw: 0 };
  for (const r of records) c[r.result]++;
  return `${c.win}-${c.loss}-${c.draw}`;
}

function tally(records, key) {
  const t = {};
  for (const r of records) t[key(r)] = (t[key(r)] || 0) + 1;
  return Object.entries(t).sort().map(([k, v]) => `${k} ${v}`).join(', ');
}

/* Who was ahead in HP at a game's end: 'ahead' (our level), 'behind' or
 * 'level'; null for a record without its ending. */
function lead(r) {
  return r.hp ? leadIn(r.hp) : null;
}
const leadIn = (hp) => (hp.ours > hp.engine ? 'ahead' : hp.ours < hp.engine ? 'behind' : 'level');

/* A draw with our level ahead in HP: a won ending it may have given away. */
function drawnAhead(r) {
  return r.result === 'draw' && lead(r) === 'ahead';
}

/* The draws by how they ended and who was ahead in HP then, and each draw
 * in which our level was ahead, with its last position. */
function drawLines(records, level) {
  const draws = records.filter((r) => r.result === 'draw');
  if (!draws.length) return ['  draws: none'];
  const reasons = [...new Set(draws.map((r) => r.reason))].sort();
  const parts = reasons.map((reason) => {
    const these = draws.filter((r) => r.reason === reason);
    const by = ['ahead', 'level', 'behind', null].map((k) => [k, these.filter((r) => lead(r) === k).length])
      .filter(([, n]) => n).map(([k, n]) => `${k === null ? 'HP not recorded' : `level ${level} ${k}`} ${n}`);
    return `${reason} ${these.length} (${by.join(', ')})`;
  });
  const lines = [`  draws by how they ended and who had more HP then: ${parts.join('; ')}`];
  for (const r of draws.filter(drawnAhead)) {
    lines.push(`    drawn ahead: deal ${r.deal}, ${r.first} first, ${r.reason}, HP ${r.hp.ours}-${r.hp.engine}` +
      `${r.end ? `: ${r.end}` : ''}${r.tables ? `; the tables: ${r.tables}` : ''}` +
      `${r.search ? `; the search, the count back to 0: ${r.search}` : ''}`);
  }
  return lines;
}

/* The lost games by when our level fell behind in HP for good: while
 * most pieces were face down, in the middle game, late, or with every
 * piece face up. */
const OPENING_DOWN = 16; // the opening: this many pieces face down or more
const PHASES = [[`the opening (${OPENING_DOWN} or more face down)`, OPENING_DOWN], [`the middle game (6-${OPENING_DOWN - 1})`, 6], ['late (1-5)', 1],
  ['every piece face up', 0]];
function lossLines(records, level) {
  const losses = records.filter((r) => r.result === 'loss' && r.behind);
  if (!losses.length) return [];
  const phase = (down) => PHASES.find(([, least]) => down >= least)[0];
  const parts = PHASES.map(([name]) => [name, losses.filter((r) => phase(r.behind.down) === name).length])
    .filter(([, n]) => n).map(([name, n]) => `${name} ${n}`);
  const ply = losses.reduce((a, r) => a + r.behind.ply, 0) / losses.length;
  return [`  losses by when level ${level} fell behind in HP for good: ${parts.join(', ')}; at ply ` +
    `${ply.toFixed(0)} on average`];
}

/* The games by who had more HP when the opening ended, each group's
 * W-L-D and score: how much of the result the opening decided. */
function openingLines(records, level) {
  const known = records.filter((r) => r.opening);
  if (!known.length) return [];
  const parts = ['ahead', 'level', 'behind'].map((k) => [k, known.filter((r) => leadIn(r.opening) === k)])
    .filter(([, these]) => these.length).map(([k, these]) => `level ${level} ${k} ${these.length} ` +
      `(${wld(these)}, ${(100 * score(these)).toFixed(1)} %)`);
  return [`  who had more HP when the opening ended (${OPENING_DOWN - 1} face down): ${parts.join(', ')}`];
}

/* A record without its move list: the actions as one string and, for each
 * side, the count, sum and worst of its moves' ms, nodes and wall, which is
 * all the tables need. Records kept in the tree (bench/records/) are kept
 * this way, about a ninth of the size; a compact record stays as it is. */
function compactRecord(r) {
  if (!r.moves) return r;
  const { moves, ...rest } = r;
  delete rest.pos; // the actions replay it
  const sides = {};
  for (const by of ['ours', 'engine']) {
    const mine = moves.filter((m) => m.by === by);
    sides[by] = { n: mine.length };
    for (const field of ['ms', 'nodes', 'wall']) {
      const xs = mine.map((m) => m[field]).filter((x) => x !== undefined);
      if (xs.length) sides[by][field] = [xs.length, round(xs.reduce((a, b) => a + b, 0)), Math.max(...xs)];
    }
  }
  return { ...rest, actions: moves.map((m) => m.action).join(' '), sides };
}

/* Mean and worst of a field over one side's moves (compact records). */
function moveStats(compact, by, field) {
  let n = 0, sum = 0, worst = -Infinity;
  for (const r of compact) {
    const t = r.sides[by] && r.sides[by][field];
    if (!t) continue;
    n += t[0];
    sum += t[1];
    worst = Math.max(worst, t[2]);
  }
  return n ? { n, mean: sum / n, worst } : null;
}

function summaryLines(records) {
  const compact = records.map(compactRecord);
  const first = records[0];
  const ours = moveStats(compact, 'ours', 'nodes');
  const setting = first.mode === 'time' ? `equal time, ${first.budget} ms a move`
    : first.budget === LEVEL3_NODES ? `equal nodes, ${first.budget} a move`
      : `the engine ${first.budget} nodes a move, level ${first.level} its own budget (at most ${ours ? ours.worst : '?'})`;
  const s = scoreInterval(records);
  const f = (x, d = 1) => (x === null ? '-' : x.toFixed(d));
  const lines = [
    `level ${first.level} vs ${first.engine}: ${setting}; ${records.length} games on ${s.deals} deals`,
    `W-L-D (level ${first.level}) ${wld(records)}; score ${(100 * s.mean).toFixed(1)} % ± ${(100 * s.half).toFixed(1)} ` +
      `(95 % interval, normal approximation over the deals, both seats of a deal one sample); ` +
      `Elo ${f(elo(s.mean), 0)} [${f(elo(s.mean - s.half), 0)}, ${f(elo(s.mean + s.half), 0)}]`,
    `  level ${first.level} first: ${wld(records.filter((r) => r.first === 'ours'))}; ` +
      `engine first: ${wld(records.filter((r) => r.first === 'engine'))}`,
    `  how they ended: ${tally(records, (r) => `${r.result} ${r.reason}`)}; plies a game ` +
      `${f(records.reduce((a, r) => a + r.plies, 0) / records.length, 0)}`,
    ...drawLines(records, first.level),
    ...lossLines(records, first.level),
    ...openingLines(records, first.level),
    'side         moves   mean ms  worst ms   mean nodes  worst nodes',
  ];
  for (const by of ['ours', 'engine']) {
    const ms = moveStats(compact, by, 'ms'), nodes = moveStats(compact, by, 'nodes');
    const name = by === 'ours' ? `level ${first.level}` : 'engine';
    const nodeText = nodes ? [f(nodes.mean, 0), String(nodes.worst)]
      : first.mode === 'time' ? ['-', '-'] : [`${first.budget}*`, `${first.budget}*`];
    lines.push(`${name.padEnd(12)} ${String(ms ? ms.n : 0).padStart(5)} ${f(ms && ms.mean).padStart(9)} ` +
      `${f(ms && ms.worst).padStart(9)} ${nodeText[0].padStart(12)} ${nodeText[1].padStart(12)}`);
  }
  const wall = moveStats(compact, 'ours', 'wall'), own = moveStats(compact, 'ours', 'ms');
  if (wall) lines.push(`  level ${first.level}: the search's own clock; a process a move adds ` +
    `${f(wall.mean - own.mean)} ms on average (wall ${f(wall.mean)} ms)`);
  if (first.mode !== 'time') lines.push('  * the engine reports no node count: its budget, which it spends unless its ' +
    'search ends first (depth 24)');
  return lines;
}

/* ---- main ---- */

function optionsFromEnv(env) {
  const mode = env.QIPAN_CDC_MODE || 'nodes';
  if (!['nodes', 'time'].includes(mode)) throw new Error(`QIPAN_CDC_MODE: nodes or time, not '${mode}'`);
  const ms = Number(env.QIPAN_CDC_MS || 300);
  const games = Number(env.QIPAN_CDC_GAMES || 20);
  return {
    engine: env.QIPAN_CDC_ENGINE, mode, ms, nodes: Number(env.QIPAN_CDC_NODES || LEVEL3_NODES),
    deals: Math.ceil(games / 2), seed: Number(env.QIPAN_CDC_SEED || 1), level: Number(env.QIPAN_CDC_LEVEL || 3),
    timeoutMs: Number(env.QIPAN_CDC_TIMEOUT_MS || (mode === 'time' ? 10 * ms + 5000 : 60000)),
    startTimeoutMs: 10000, records: env.QIPAN_CDC_RECORDS, bin: env.QIPAN_CDC_BIN || qipanBin,
  };
}

const SETUP = `beast_vs: QIPAN_CDC_ENGINE is not set, so no match. To play one against MistyBanqi:
  fetch github.com/brianhliou/misty-banqi outside this tree, drop "banqi_rust" from the
  workspace members in its Cargo.toml (it needs pyo3 from crates.io), then
  cargo build --release --offline -p banqi-engine
  QIPAN_CDC_ENGINE=/path/to/misty-banqi/target/release/banqi-engine make bench
(QIPAN_CDC_MODE=time QIPAN_CDC_MS=300, QIPAN_CDC_GAMES, QIPAN_CDC_SEED: see bench/beast_vs.cjs;
QIPAN_CDC_SETTINGS=300ms,1s,800k QIPAN_CDC_GAMES=200 plays the three matches of issue 42)`;

async function main(argv) {
  if (argv[0] === '--summary' || argv[0] === '--compact') {
    const records = argv.slice(1).flatMap((f) => fs.readFileSync(f, 'utf8').split('\n')
      .filter((line) => line && !line.startsWith('#')).map(JSON.parse)); // '#': a note on the games
    const lines = argv[0] === '--summary' ? summaryLines(withEndings(records, await loadQipanEngine()))
      : records.map((r) => JSON.stringify(compactRecord(r)));
    for (const line of lines) console.log(line);
    return;
  }
  const opts = optionsFromEnv(process.env);
  if (!opts.engine) {
    console.log(SETUP);
    return;
  }
  for (const setting of settingsFromEnv(process.env)) await runMatch({ ...opts, ...setting });
}

/* QIPAN_CDC_SETTINGS: each match's mode, budget and records file; one
 * match with the other variables' setting without it. */
function settingsFromEnv(env) {
  if (!env.QIPAN_CDC_SETTINGS) return [{}];
  const names = env.QIPAN_CDC_SETTINGS.split(',').map((x) => x.trim()).filter(Boolean);
  return names.map((name) => {
    const m = /^(\d+)(ms|s|k)?$/.exec(name);
    if (!m) throw new Error(`QIPAN_CDC_SETTINGS: 300ms, 1s, 800k or a count of nodes, not '${name}'`);
    const n = Number(m[1]);
    const setting = m[2] === 'ms' || m[2] === 's' ? { mode: 'time', ms: m[2] === 's' ? 1000 * n : n }
      : { mode: 'nodes', nodes: m[2] === 'k' ? 1000 * n : n };
    if (!env.QIPAN_CDC_TIMEOUT_MS) setting.timeoutMs = setting.mode === 'time' ? 10 * setting.ms + 5000 : 60000;
    const file = env.QIPAN_CDC_RECORDS;
    if (file) {
      setting.records = file.includes('{setting}') ? file.replace(/\{setting\}/g, name)
        : names.length > 1 ? file.replace(/(\.[^./]*)?$/, (ext) => `-${name}${ext}`) : file;
    }
    return setting;
  });
}

async function runMatch(opts) {
  const t0 = Date.now();
  console.log(`beast vs CDC engine: ${opts.mode === 'time' ? opts.ms + ' ms' : opts.nodes + ' nodes'} a move, ` +
    `${2 * opts.deals} games, deals ${opts.seed}..${opts.seed + opts.deals - 1}; load ${os.loadavg()[0].toFixed(2)}`);
  const records = await playMatch(opts, (r) => {
    if (opts.records) fs.appendFileSync(opts.records, JSON.stringify(r) + '\n');
    process.stderr.write(`deal ${r.deal}, ${r.first} first: ${r.result} (${r.reason}, ${r.plies} plies)\n`);
  });
  for (const line of summaryLines(records)) console.log(line);
  const hours = (Date.now() - t0) / 3.6e6;
  console.log(`  ${(records.length / hours).toFixed(1)} games an hour; load ${os.loadavg()[0].toFixed(2)}`);
}

if (require.main === module) main(process.argv.slice(2)).catch((e) => { console.error(e); process.exit(1); });

module.exports = { parsePos, toEngine, engineView, engineClock, toUci, fromUci, positionCommand,
  UciEngine, playGame, playMatch, summaryLines, compactRecord, scoreInterval, optionsFromEnv, settingsFromEnv,
  withEndings, searchSays };
