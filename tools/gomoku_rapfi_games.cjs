#!/usr/bin/env node
// gomoku_rapfi_games.cjs — the teacher's self-play (Rapfi's `selfplay`
// command with `--output-type txt`, run by `make gomoku-data`) as
// tools/gomoku_tune.c's game lines with scores:
//   "B|W|D OPENING_LENGTH points... / scores..."
// a point y*15 + x, one score a position from the opening's end on (the
// teacher's search value for the side to move there, in its own units).
//
// Rapfi writes one entry a position: "SIZE,RULE,MOVES,RESULT,MOVE(EVAL)"
// (RULE "Freestyle": five or more wins),
// MOVES the stones so far run together as column letter and row number
// from 1 ("H8I9"), RESULT for the side to move (0 loss, 1 draw, 2 win).
// Entries of one game follow each other, each position the last one plus
// its move; a game line is written when the next entry starts another.
//
// Usage: node tools/gomoku_rapfi_games.cjs SELFPLAY.txt... > GAMES
//        node tools/gomoku_rapfi_games.cjs --openings < OPENINGS > RAPFI_OPENINGS
// (--openings: gomoku_tune's opening lines, "x,y x,y ...", as the position
// strings Rapfi's --opening file takes, "h8i9...").
'use strict';
const fs = require('node:fs');

const SIZE = 15;
const FREE_RULE = /^(0|freestyle)$/i; // five or more wins: our `free`

function parsePoints(text) {
  const points = [];
  for (const m of text.matchAll(/([A-Za-z])(\d+)/g)) {
    const x = m[1].toUpperCase().charCodeAt(0) - 65, y = Number(m[2]) - 1;
    if (x < 0 || x >= SIZE || y < 0 || y >= SIZE) throw new Error(`off the board: ${m[0]}`);
    points.push(y * SIZE + x);
  }
  return points;
}

/* One entry, or null for a line that is not one (a comment, a blank). */
function parseEntry(line) {
  const m = /^(\d+),(\w+),([A-Za-z0-9]*),([012]),([A-Za-z]\d+)(?:\((-?\d+)\))?/.exec(line.trim());
  if (!m || Number(m[1]) !== SIZE || !FREE_RULE.test(m[2])) return null;
  return { position: parsePoints(m[3]), result: Number(m[4]), move: parsePoints(m[5])[0],
    score: m[6] === undefined ? null : Number(m[6]) };
}

/* Does `entry` continue `game` (its position is the game so far)? */
function continues(game, entry) {
  const moves = game.moves;
  return entry.position.length === moves.length && entry.position.every((p, i) => p === moves[i]);
}

function gameLine(game) {
  // The first entry's result, for the side to move then: Black when the
  // opening has an even number of stones.
  const blackToMove = game.open % 2 === 0;
  const r = game.firstResult;
  const result = r === 1 ? 'D' : (r === 2) === blackToMove ? 'B' : 'W';
  const scores = game.scores.map((s) => (s === null ? 0 : s));
  return `${result} ${game.open} ${game.moves.join(' ')} / ${scores.join(' ')}`;
}

function* gameLines(lines) {
  let game = null;
  for (const line of lines) {
    const entry = parseEntry(line);
    if (!entry) continue;
    if (!game || !continues(game, entry)) {
      if (game) yield gameLine(game);
      game = { open: entry.position.length, moves: [...entry.position], scores: [], firstResult: entry.result };
    }
    game.moves.push(entry.move);
    game.scores.push(entry.score);
  }
  if (game) yield gameLine(game);
}

function openingString(line) {
  return line.trim().split(/\s+/).map((m) => {
    const [x, y] = m.split(',').map(Number);
    return String.fromCharCode(97 + x) + (y + 1);
  }).join('');
}

function main(args) {
  if (args[0] === '--openings') {
    for (const line of fs.readFileSync(0, 'utf8').split('\n'))
      if (line.trim() && !line.startsWith('#')) console.log(openingString(line));
    return;
  }
  if (!args.length) {
    console.error('usage: node tools/gomoku_rapfi_games.cjs SELFPLAY.txt... > GAMES');
    process.exit(2);
  }
  for (const file of args)
    for (const line of gameLines(fs.readFileSync(file, 'utf8').split('\n'))) console.log(line);
}

if (require.main === module) main(process.argv.slice(2));

module.exports = { gameLines, parseEntry, openingString };
