// Games and matches between two piskvork brains, adjudicated here: five or
// more in a row wins (free rule), an illegal reply, a crash or a time-out
// loses, a full board draws. Each opening is played twice, colours swapped;
// both brains get the opening through BOARD (as Gomocup's manager does).
'use strict';
const { Board } = require('./board.cjs');
const { Brain } = require('./brain.cjs');

/* The settings a match runs under; every field can be overridden. */
const DEFAULTS = {
  size: 15,
  rule: 0, // INFO rule: 0 = free (five or more)
  turnMs: 300, // INFO timeout_turn, for both sides unless a side has its own
  matchMs: 0, // INFO timeout_match: 0 = no limit (then time_left is 2147483647)
  maxNode: 0, // INFO max_node (Yixin-board extension) when > 0
  maxMemory: 0, // INFO max_memory (bytes) when > 0
  // A reply later than its side's timeout_turn plus this loses on time.
  toleranceMs: 200,
  // START's reply, in which a brain loads its tables or weights.
  startMs: 15000,
  // A brain's next command waits this long after its last reply: Rapfi
  // marks its search over only after printing the move, and drops a
  // command that comes in between (a race a loaded machine makes real).
  gapMs: 30,
};

/* A side: {name, command, turnMs?}. Returns the started brain, or the
 * reason it could not start. */
async function startBrain(side, settings) {
  const brain = new Brain(side.command, side.name);
  const turnMs = side.turnMs ?? settings.turnMs;
  brain.send(`START ${settings.size}`);
  const r = await brain.reply(settings.startMs);
  if (r.error || r.line !== 'OK') {
    brain.kill();
    return { brain, failure: r.error || 'refused', detail: r.detail || `START answered '${r.line}'` };
  }
  brain.send(`INFO timeout_turn ${turnMs}`, `INFO timeout_match ${settings.matchMs}`,
    'INFO game_type 1', `INFO rule ${settings.rule}`);
  if (settings.maxNode > 0) brain.send(`INFO max_node ${settings.maxNode}`);
  if (settings.maxMemory > 0) brain.send(`INFO max_memory ${settings.maxMemory}`);
  return { brain, turnMs, usedMs: 0, fed: false };
}

/* What a side is told before its move: BEGIN on an empty board, BOARD
 * with the whole position the first time (its own stones 1, the
 * opponent's 2, in move order), TURN with the last move after that. */
function moveCommands(player, board) {
  const own = board.toMove();
  if (player.fed) return [`TURN ${board.moves[board.moves.length - 1].join(',')}`];
  player.fed = true;
  if (!board.moves.length) return ['BEGIN'];
  const lines = board.moves.map(([x, y], i) => `${x},${y},${(i % 2 ? 2 : 1) === own ? 1 : 2}`);
  return ['BOARD', ...lines, 'DONE'];
}

/* "x,y" on the board and empty, or why not. */
function readMove(line, board) {
  const m = /^(\d+),(\d+)$/.exec(line.replace(/\s+/g, ''));
  if (!m) return { why: `not a move: '${line.slice(0, 60)}'` };
  const [x, y] = [Number(m[1]), Number(m[2])];
  if (!board.onBoard(x, y)) return { why: `off the board: ${x},${y}` };
  if (!board.isEmpty(x, y)) return { why: `occupied: ${x},${y}` };
  return { x, y };
}

/* Nodes searched, from the move's MESSAGE lines where the brain says:
 * Qipan "(N nodes)", Rapfi "Node 352K", the gobang adapter "nodes N". */
function nodesIn(messages) {
  let nodes = null;
  for (const m of messages) {
    const r = /\((\d+) nodes\)/.exec(m) || /\bnodes (\d+)\b/.exec(m) || /\bNode (\d+(?:\.\d+)?)([KMG]?)\b/.exec(m);
    if (r) nodes = Number(r[1]) * ({ K: 1e3, M: 1e6, G: 1e9 }[r[2]] || 1);
  }
  return nodes;
}

/* One reply, with SUGGEST answered by PLAY of the same point (what
 * Gomocup's manager does), and time_left kept when the match is timed. */
async function askMove(player, board, settings) {
  await player.brain.quietFor(settings.gapMs);
  // The protocol wants time_left before each move when the match is timed.
  if (settings.matchMs > 0) player.brain.send(`INFO time_left ${settings.matchMs - Math.round(player.usedMs)}`);
  player.brain.send(...moveCommands(player, board));
  const limit = player.turnMs + settings.toleranceMs;
  let r = await player.brain.reply(limit);
  const suggested = !r.error && /^SUGGEST\s+(\d+,\d+)$/i.exec(r.line);
  if (suggested) {
    player.brain.send(`PLAY ${suggested[1]}`);
    const again = await player.brain.reply(Math.max(1, limit - r.ms));
    r = { ...again, ms: r.ms + again.ms };
  }
  player.usedMs += r.ms;
  if (!r.error && settings.matchMs > 0 && player.usedMs > settings.matchMs + settings.toleranceMs) {
    return { ...r, error: 'timeout', detail: `match time ${Math.round(player.usedMs)} ms used` };
  }
  return r;
}

/* Plays one game from `opening` ([[x, y], ...], Black first). Returns the
 * record: moves, winner ('black' | 'white' | null), reason, and for each
 * move after the opening its side, ms and nodes. */
async function playGame(opening, black, white, options = {}) {
  const settings = { ...DEFAULTS, ...options };
  const board = Board.fromMoves(settings.size, opening);
  const record = { opening: opening.map((m) => m.join(',')), black: black.name, white: white.name,
    moves: [], winner: null, reason: '', detail: '', times: [] };
  const players = [];
  const finish = (loserIndex, reason, detail) => {
    record.winner = loserIndex === null ? null : loserIndex === 0 ? 'white' : 'black';
    record.reason = reason;
    record.detail = detail || '';
  };
  try {
    for (const [i, side] of [black, white].entries()) {
      const p = await startBrain(side, settings);
      players.push(p);
      if (p.failure) { finish(i, p.failure, p.detail); return record; }
    }
    while (!record.reason) {
      if (board.isFull()) { finish(null, 'full board'); break; }
      const index = board.toMove() - 1;
      const player = players[index];
      const r = await askMove(player, board, settings);
      const messages = player.brain.takeMessages();
      if (r.error) { finish(index, r.error, r.detail); break; }
      if (r.ms > player.turnMs + settings.toleranceMs) {
        finish(index, 'timeout', `${r.ms.toFixed(0)} ms for a ${player.turnMs} ms turn`);
        break;
      }
      const move = readMove(r.line, board);
      if (move.why) { finish(index, 'illegal', move.why); break; }
      board.place(move.x, move.y);
      record.moves.push(`${move.x},${move.y}`);
      record.times.push({ side: index ? 'white' : 'black', ms: r.ms, nodes: nodesIn(messages) });
      if (board.madeFive(move.x, move.y)) finish(1 - index, 'five');
    }
  } finally {
    await Promise.all(players.map((p) => p.brain.end()));
  }
  return record;
}

/* Plays every opening twice, A as Black then as White. `onGame(record)`
 * sees each game as it ends. Returns the records in order, each with
 * `a`: 'black' or 'white', A's colour. */
/* Every opening twice, colours swapped; records in that order. With
 * options.jobs > 1, that many games at once (each brain thinks on one
 * core: fair only on a machine with a core for every game). */
async function playMatch(a, b, openings, options = {}, onGame = () => {}) {
  const games = openings.flatMap((opening, index) => ['black', 'white'].map((aColour) => ({ index, opening, aColour })));
  const records = new Array(games.length);
  let next = 0;
  const worker = async () => {
    while (next < games.length) {
      const i = next++;
      const { index, opening, aColour } = games[i];
      const [black, white] = aColour === 'black' ? [a, b] : [b, a];
      records[i] = { index, a: aColour, ...await playGame(opening, black, white, options) };
      onGame(records[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.floor(options.jobs) || 1) }, worker));
  return records;
}

module.exports = { DEFAULTS, playGame, playMatch, nodesIn };
