// Makes bench/gomocup/middle.txt, the middle-game positions of
// bench/gomoku_depth.cjs: the first 20 balanced openings
// (bench/gomocup/openings.txt), each played 10-20 plies further by a
// piskvork brain (Rapfi, one thread) against itself at 20k nodes a move,
// then taken back to the last quiet position: no five on the board and no
// four for either side, so that the mover has a real choice to search (a
// forced block or a game already won says nothing of depth).
// Usage: node tools/gomoku_middle.cjs "<brain command>" > bench/gomocup/middle.txt
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { Brain } = require('../bench/gomocup/brain.cjs');

const SIZE = 15;
const OPENINGS = path.join(__dirname, '..', 'bench', 'gomocup', 'openings.txt');

function readLines(file) {
  return fs.readFileSync(file, 'utf8').split('\n').map((l) => l.replace(/#.*/, '').trim()).filter(Boolean)
    .map((l) => l.split(/\s+/).map((m) => m.split(',').map(Number)));
}

/** The most stones of one colour in any five cells in a row that hold no
 * stone of the other colour: 5 a five, 4 a four. @param {number[][]} moves */
function longestThreat(moves) {
  const cell = new Map(moves.map(([x, y], i) => [x * SIZE + y, i % 2]));
  let best = 0;
  for (let x = 0; x < SIZE; x++) {
    for (let y = 0; y < SIZE; y++) {
      for (const [dx, dy] of [[1, 0], [0, 1], [1, 1], [1, -1]]) {
        const ex = x + 4 * dx, ey = y + 4 * dy;
        if (ex < 0 || ex >= SIZE || ey < 0 || ey >= SIZE) continue;
        const count = [0, 0];
        for (let k = 0; k < 5; k++) {
          const c = cell.get((x + k * dx) * SIZE + y + k * dy);
          if (c !== undefined) count[c]++;
        }
        if (count[0] === 0 || count[1] === 0) best = Math.max(best, count[0] + count[1]);
      }
    }
  }
  return best;
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
  const openings = readLines(OPENINGS);
  console.log('# Middle-game positions for bench/gomoku_depth.cjs: 15x15, free rule, moves "x,y"');
  console.log('# in order, Black first: the first 20 openings of openings.txt, each played');
  console.log('# 10-20 plies further by Rapfi (classical, one thread) against itself at');
  console.log('# INFO max_node 20000, then taken back to the last position with no four');
  console.log('# on the board (tools/gomoku_middle.cjs).');
  for (let i = 0; i < 20; i++) {
    const moves = openings[i].slice();
    const plies = 10 + (i * 7) % 11;
    for (let k = 0; k < plies && longestThreat(moves) < 5; k++) moves.push(await brainMove(command, moves));
    while (moves.length > openings[i].length && longestThreat(moves) >= 4) moves.pop();
    console.log(moves.map((m) => m.join(',')).join(' '));
  }
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
