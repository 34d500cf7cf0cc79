// How bench/gomocup/openings.txt was made: random 3- and 4-stone openings
// around the centre of 15x15, one per symmetry class, each evaluated by a
// strong brain that prints "Eval N" in its MESSAGE lines (Rapfi does),
// kept when that evaluation is near even.
// Usage: node bench/gomocup/pick-openings.cjs "BRAIN COMMAND" [count] [ms] [max |eval|] [seed]
//          [--stones N] [--radius R] [--max-node N] [--exclude FILE]
// --stones N: openings of exactly N stones (default 3 or 4, at random);
// --radius R: within R points of the centre (default 2); --max-node N:
// the judge searches N nodes (INFO max_node: the same on a loaded machine);
// --exclude FILE: skip the classes of the openings already in FILE.
// Prints the opening lines (with the evaluation as a comment) on stdout.
'use strict';
const fs = require('node:fs');
const { Brain } = require('./brain.cjs');

const SIZE = 15;
const CENTRE = 7;

/* A small seeded generator (mulberry32), so a seed gives the same list. */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/* The 8 symmetries of the square board, about its centre. */
const TRANSFORMS = [
  ([x, y]) => [x, y], ([x, y]) => [y, x], ([x, y]) => [SIZE - 1 - x, y], ([x, y]) => [x, SIZE - 1 - y],
  ([x, y]) => [SIZE - 1 - x, SIZE - 1 - y], ([x, y]) => [y, SIZE - 1 - x], ([x, y]) => [SIZE - 1 - y, x],
  ([x, y]) => [SIZE - 1 - y, SIZE - 1 - x],
];

/* One key per symmetry class: the least of the 8 images' sorted stones. */
function canonical(moves) {
  const images = TRANSFORMS.map((t) => moves.map((m, i) => `${i % 2}:${t(m).join(',')}`).sort().join(' '));
  return images.sort()[0];
}

/* Black on the centre, then stones within `radius` points of it. */
function candidate(next, stones, radius) {
  const n = stones || 3 + (next() < 0.5 ? 1 : 0), span = 2 * radius + 1;
  const moves = [[CENTRE, CENTRE]];
  while (moves.length < n) {
    const m = [CENTRE - radius + Math.floor(next() * span), CENTRE - radius + Math.floor(next() * span)];
    if (!moves.some(([x, y]) => x === m[0] && y === m[1])) moves.push(m);
  }
  return moves;
}

/* The brain's evaluation (side to move) after thinking `ms` on the
 * opening; +/-M (a found win) counts as 99999. */
async function evaluate(command, moves, ms, maxNode) {
  const brain = new Brain(command, 'judge');
  try {
    brain.send(`START ${SIZE}`);
    if ((await brain.reply(15000)).line !== 'OK') throw new Error('the judge refused START');
    brain.send(`INFO timeout_turn ${ms}`, 'INFO timeout_match 0', 'INFO rule 0');
    if (maxNode) brain.send(`INFO max_node ${maxNode}`);
    brain.send('BOARD');
    const own = moves.length % 2;
    brain.send(...moves.map(([x, y], i) => `${x},${y},${i % 2 === own ? 1 : 2}`), 'DONE');
    await brain.reply(maxNode ? 600000 : ms * 3 + 1000);
    const text = brain.takeMessages().join(' ');
    const m = [...text.matchAll(/Eval ([+-]?M?)(\d+)/g)].pop();
    if (!m) return null;
    return m[1].includes('M') ? (m[1].startsWith('-') ? -99999 : 99999) : Number(m[1] + m[2]);
  } finally {
    await brain.end();
  }
}

/* Flags (--name value) apart from the positional arguments. */
function parseArgs(argv) {
  const flags = {}, rest = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i].startsWith('--')) flags[argv[i].slice(2)] = argv[++i];
    else rest.push(argv[i]);
  }
  return { flags, rest };
}

function excludedClasses(file) {
  const classes = new Set();
  if (!file) return classes;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const text = line.replace(/#.*/, '').trim();
    if (text) classes.add(canonical(text.split(/\s+/).map((m) => m.split(',').map(Number))));
  }
  return classes;
}

async function main() {
  const { flags, rest } = parseArgs(process.argv.slice(2));
  const [command, count = '24', ms = '1000', maxEval = '60', seed = '12'] = rest;
  if (!command) throw new Error('usage: pick-openings.cjs "BRAIN COMMAND" [count] [ms] [max |eval|] [seed] [--stones N] [--radius R] [--max-node N] [--exclude FILE]');
  const next = random(Number(seed));
  const seen = excludedClasses(flags.exclude);
  const stones = Number(flags.stones || 0), radius = Number(flags.radius || 2), maxNode = Number(flags['max-node'] || 0);
  let kept = 0;
  for (let tries = 0; kept < Number(count) && tries < 2000; tries++) {
    const moves = candidate(next, stones, radius);
    const key = canonical(moves);
    if (seen.has(key)) continue;
    seen.add(key);
    const value = await evaluate(command, moves, Number(ms), maxNode);
    console.error(`${moves.map((m) => m.join(',')).join(' ')}: ${value}`);
    if (value === null || Math.abs(value) > Number(maxEval)) continue;
    kept++;
    console.log(`${moves.map((m) => m.join(',')).join(' ')}  # eval ${value} for the side to move`);
  }
}

main().catch((e) => { console.error(e.message); process.exit(1); });
