// Makes bench/gomocup/middle.txt, the middle-game positions of
// bench/gomoku_depth.cjs: the first 20 balanced openings
// (bench/gomocup/openings.txt), each played 10-20 plies further by a
// piskvork brain (Rapfi, one thread) against itself at 20k nodes a move,
// then taken back to the last quiet position: no five on the board and no
// four for either side, so that the mover has a real choice to search (a
// forced block or a game already won says nothing of depth).
// Usage: node tools/gomoku_middle.cjs "<brain command>" > bench/gomocup/middle.txt
'use strict';
const { loadOpenings } = require('../bench/gomocup.cjs');
const { Board } = require('../bench/gomocup/board.cjs');
const { Brain } = require('../bench/gomocup/brain.cjs');

const SIZE = 15;

/** Whether a five is on `board`, made of `moves`.
 * @param {Board} board @param {number[][]} moves */
function fiveOn(board, moves) {
  return moves.some(([x, y]) => board.madeFive(x, y));
}

/** Whether the game is over. @param {number[][]} moves */
function gameOver(moves) {
  return fiveOn(Board.fromMoves(SIZE, moves), moves);
}

/** Whether the game is over or a side has a four (a point that makes five
 * for it): no real choice for the mover. @param {number[][]} moves */
function hasFour(moves) {
  const board = Board.fromMoves(SIZE, moves);
  return fiveOn(board, moves) || board.winPoints(1).length > 0 || board.winPoints(2).length > 0;
}

async function brainMove(command, moves) {
  const brain = new Brain(command, 'middle');
  brain.send('START 15');
  await brain.reply(10000);
  brain.send('INFO max_node 20000', 'INFO timeout_turn 60000', 'INFO rule 0', 'BOARD');
  const mover = moves.length % 2;
  moves.forEach(([x, y], j) => brain.send(`${x},${y},${j % 2 === mover ? 1 : 2}`));
  brain.send('DONE');
  const r = await brain.reply(60000);
  await brain.end();
  if (!/^\d+,\d+$/.test(r.line)) throw new Error(`${command}: ${JSON.stringify(r)}`);
  return r.line.split(',').map(Number);
}

async function main() {
  const command = process.argv[2];
  if (!command) throw new Error('usage: node tools/gomoku_middle.cjs "<brain command>"');
  const openings = loadOpenings();
  console.log('# Middle-game positions for bench/gomoku_depth.cjs: 15x15, free rule, moves "x,y"');
  console.log('# in order, Black first: the first 20 openings of openings.txt, each played');
  console.log('# 10-20 plies further by Rapfi (classical, one thread) against itself at');
  console.log('# INFO max_node 20000, then taken back to the last position with no four');
  console.log('# on the board (tools/gomoku_middle.cjs).');
  for (let i = 0; i < 20; i++) {
    const moves = openings[i].slice();
    const plies = 10 + (i * 7) % 11;
    for (let k = 0; k < plies && !gameOver(moves); k++) moves.push(await brainMove(command, moves));
    while (moves.length > openings[i].length && hasFour(moves)) moves.pop();
    console.log(moves.map((m) => m.join(',')).join(' '));
  }
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
