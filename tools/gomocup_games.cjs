#!/usr/bin/env node
// gomocup_games.cjs RECORDS.jsonl... — turns bench/gomocup.cjs match records
// into tools/gomoku_tune.c's game lines ("B|W|D OPENING_LENGTH points...",
// a point y*15 + x), for `gomoku_tune fit`'s teacher games. Games that did
// not end on the board (a crash, an illegal move, a time-out) are left out:
// their result says nothing about the position.
'use strict';
const fs = require('fs');
const { DEFAULTS } = require('../bench/gomocup/match.cjs');

const SIZE = DEFAULTS.size; // the match manager's board, 15x15
const ENDED_ON_BOARD = new Set(['five', 'full board']);

function point(move) {
  const [x, y] = move.split(',').map(Number);
  return y * SIZE + x;
}

/* The game line of one record, or null when it did not end on the board. */
function gameLine(record) {
  if (!ENDED_ON_BOARD.has(record.reason)) return null;
  const result = record.winner === 'black' ? 'B' : record.winner === 'white' ? 'W' : 'D';
  const points = [...record.opening, ...record.moves].map(point);
  return `${result} ${record.opening.length} ${points.join(' ')}`;
}

function main(files) {
  if (!files.length) {
    console.error('usage: node tools/gomocup_games.cjs RECORDS.jsonl... > GAMES');
    process.exit(2);
  }
  for (const file of files) {
    for (const text of fs.readFileSync(file, 'utf8').split('\n')) {
      const line = text.trim() && gameLine(JSON.parse(text));
      if (line) console.log(line);
    }
  }
}

if (require.main === module) main(process.argv.slice(2));

module.exports = { gameLine };
