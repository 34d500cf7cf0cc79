// Gomoku positions labelled by a stronger engine (make gomoku-nnue): for
// every position of the games files (tools/gomoku_tune.c's format: a result,
// the opening's length, then moves as y * 15 + x), the evaluation that a
// piskvork brain (Rapfi: it prints "Eval N" in its MESSAGE lines) gives
// after searching it for a fixed number of nodes, so labels do not depend
// on the machine's load.
//
// Usage: node tools/gomoku_label.cjs "BRAIN COMMAND" NODES WORKERS GAMES_FILE... > LABELS
// Prints "game ply eval" lines: game 1-based over all the files in order
// (as gomoku_tune dump numbers them), ply the stones on the board, eval for
// the side to move (a found win: +/-30000).
'use strict';
const fs = require('node:fs');
const { Brain } = require('../bench/gomocup/brain.cjs');

const SIZE = 15;
const WIN = 30000;

function readGames(files) {
  const games = [];
  for (const file of files)
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      const parts = line.trim().split(/\s+/);
      if (parts.length > 2) games.push(parts.slice(2).map(Number));
    }
  return games;
}

/* The positions to label: every ply from the opening's end up to the
 * game's last move (the finished board is no question). */
function positions(games, first) {
  const list = [];
  games.forEach((moves, g) => {
    for (let ply = first; ply < moves.length; ply++) list.push({ game: g + 1, moves: moves.slice(0, ply) });
  });
  return list;
}

function parseEval(messages) {
  const m = [...messages.join(' ').matchAll(/Eval ([+-]?)(M?)(\d+)/g)].pop();
  if (!m) return null;
  if (m[2]) return m[1] === '-' ? -WIN : WIN;
  return Number(m[1] + m[3]);
}

async function startBrain(command, nodes) {
  const brain = new Brain(command, 'teacher');
  brain.send(`START ${SIZE}`);
  if ((await brain.reply(15000)).line !== 'OK') throw new Error('the brain refused START');
  brain.send('INFO timeout_turn 600000', 'INFO timeout_match 0', 'INFO rule 0', `INFO max_node ${nodes}`);
  return brain;
}

/* Its evaluation of one position, or null. Rapfi drops a command that
 * comes while it still counts itself thinking, just after it answered; the
 * stones that follow a dropped BOARD come back as ERROR lines: then wait
 * until it is quiet, forget them and ask again. */
async function label(brain, moves) {
  const own = moves.length % 2;
  const board = moves.map((m, i) => `${m % SIZE},${Math.floor(m / SIZE)},${i % 2 === own ? 1 : 2}`);
  for (let attempt = 1; attempt <= 5; attempt++) {
    await brain.quietFor(25 * attempt * attempt);
    brain.drain();
    brain.send('BOARD', ...board, 'DONE');
    const r = await brain.reply(120000);
    if (r.error) throw new Error(`the brain failed: ${r.error} ${r.detail}`);
    if (!/^\d+,\d+$/.test(r.line)) continue;
    const value = parseEval(brain.takeMessages());
    if (value !== null) return value;
  }
  return null;
}

const missed = { count: 0 };

async function worker(command, nodes, queue, out) {
  const brain = await startBrain(command, nodes);
  try {
    for (let job = queue.pop(); job; job = queue.pop()) {
      const value = await label(brain, job.moves);
      if (value !== null) out.push(`${job.game} ${job.moves.length} ${value}`);
      else missed.count++;
    }
  } finally {
    await brain.end();
  }
}

async function main() {
  const [command, nodes, workers, ...files] = process.argv.slice(2);
  if (!command || !files.length)
    throw new Error('usage: gomoku_label.cjs "BRAIN COMMAND" NODES WORKERS GAMES_FILE... > LABELS');
  const queue = positions(readGames(files), 4).reverse();
  const total = queue.length, out = [];
  const timer = setInterval(() => console.error(`labelled ${out.length} of ${total}`), 30000);
  await Promise.all(Array.from({ length: Number(workers) || 1 }, () => worker(command, Number(nodes), queue, out)));
  clearInterval(timer);
  console.error(`labelled ${out.length} of ${total}; no evaluation for ${missed.count}`);
  process.stdout.write(out.join('\n') + '\n');
}

main().catch((e) => { console.error(e.message); process.exit(1); });
