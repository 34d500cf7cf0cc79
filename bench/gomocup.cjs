// Gomoku against other engines (issue 12): Qipan's `qipan pbrain` plays any
// piskvork-protocol (Gomocup) brain from the balanced openings in
// bench/gomocup/openings.txt, each opening twice with colours swapped, on
// 15x15 with the free rule (five or more wins). Adjudicated here: five,
// illegal replies, crashes, time-outs (a reply later than timeout_turn
// plus QIPAN_GOMOCUP_TOLERANCE_MS), full board.
//
// Usage, one match:   node bench/gomocup.cjs --a "CMD" --b "CMD" [options]
//   --a-name N --b-name N  names in the table (default A, B)
//   --ms N                 timeout_turn for both (default 300)
//   --b-ms N               B's own timeout_turn (e.g. a fixed-depth engine)
//   --max-node N           INFO max_node for both: equal work a move
//   --openings N           the first N openings (default all)
//   --openings-file FILE   another list of openings (gomoku_tune openings)
//   --records FILE         game records, one JSON line a game
//   --jobs N               N games at once (a core for each game, or the
//                          timings are not fair; default 1)
// Usage, `make bench`:   node bench/gomocup.cjs   (no arguments) plays Qipan
// against every brain named in the environment, see setupHelp() below.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { playMatch, DEFAULTS } = require('./gomocup/match.cjs');
const { summarize, formatSummary, outcomeForA } = require('./gomocup/stats.cjs');
const { firstBlunder } = require('./gomocup/board.cjs');

const root = path.resolve(__dirname, '..');
const OPENINGS_FILE = path.join(__dirname, 'gomocup', 'openings.txt');
const OURS_DEFAULT = `${path.join(root, 'build', 'qipan')} pbrain --level 3`;

/* Openings: one a line, moves "x,y" in order (Black first); '#' starts a
 * comment. */
function loadOpenings(file = OPENINGS_FILE) {
  return fs.readFileSync(file, 'utf8').split('\n')
    .map((line) => line.replace(/#.*/, '').trim()).filter(Boolean)
    .map((line) => line.split(/\s+/).map((m) => m.split(',').map(Number)));
}

function setupHelp() {
  return `No opponent brain is set, so no gomocup match was played. To measure Qipan's
gomoku against other engines, point environment variables at piskvork-protocol
brains (command lines), e.g. QIPAN_BRAIN_RAPFI="/path/to/pbrain-rapfi" (Rapfi:
git clone github.com/dhbloo/rapfi, then in Rapfi/: cmake -B build
-DCMAKE_BUILD_TYPE=Release -DNO_COMMAND_MODULES=ON && cmake --build build; with no
config.toml beside it, it plays its built-in classical evaluation on one thread)
and QIPAN_BRAIN_GOBANG="node /path/to/brain.cjs" (an adapter of your own around
lihongxun945/gobang's AI, outside this tree) with QIPAN_BRAIN_GOBANG_MS=60000
(its own timeout_turn: it plays at a fixed depth). Each QIPAN_BRAIN_<NAME> is one
opponent; QIPAN_GOMOCUP_MS="100,300,1000" sets the time a move (default 300),
QIPAN_GOMOCUP_OPENINGS=N the number of openings (default all), QIPAN_GOMOCUP_OPENINGS_FILE
another list of openings (e.g. from gomoku_tune openings), QIPAN_GOMOCUP_JOBS=N N games at
once (one core each), QIPAN_GOMOCUP_ODDS="1,2,4" time odds: our time a move as those
multiples of the opponent's, and the multiple at which we score 50 % (interpolated), QIPAN_GOMOCUP_MAX_NODE=N
N nodes a move for both (INFO max_node: equal work, whatever the load), QIPAN_GOMOCUP_OURS
our side (default "build/qipan pbrain --level 3"), QIPAN_GOMOCUP_RECORDS the folder
of the game records (default build/gomocup). docs/engines.md says more.`;
}

/* Opponents from the environment: QIPAN_BRAIN_<NAME>=command, with an
 * optional QIPAN_BRAIN_<NAME>_MS=its own timeout_turn. */
function opponentsFromEnv(env = process.env) {
  const opponents = [];
  for (const [key, command] of Object.entries(env)) {
    const m = /^QIPAN_BRAIN_([A-Z0-9_]+)$/.exec(key);
    if (!m || m[1].endsWith('_MS') || !command.trim()) continue;
    const ms = env[`${key}_MS`];
    opponents.push({ name: m[1].toLowerCase(), command, turnMs: ms ? Number(ms) : undefined });
  }
  return opponents.sort((x, y) => x.name.localeCompare(y.name));
}

function numberList(text, fallback) {
  return text ? text.split(',').map(Number).filter((x) => x >= 0) : fallback;
}

/* A's lost games with a missed five, four or open three (board.cjs's
 * heuristic): "kind: game numbers". */
function blunders(records) {
  const byKind = {};
  for (const [i, r] of records.entries()) {
    if (outcomeForA(r) !== 'loss' || r.reason !== 'five') continue;
    const moves = [...r.opening, ...r.moves].map((m) => m.split(',').map(Number));
    const b = firstBlunder(DEFAULTS.size, moves, r.a === 'black' ? 1 : 2);
    if (b) (byKind[b.kind] = byKind[b.kind] || []).push(i + 1);
  }
  const kinds = Object.entries(byKind);
  return kinds.length ? kinds.map(([k, games]) => `${k}: games ${games.join(' ')}`).join('; ') : 'none';
}

function describeGame(n, r) {
  const result = { win: 'won', loss: 'lost', draw: 'drew' }[outcomeForA(r)];
  return `game ${n} (opening ${r.index + 1}, A ${r.a}): A ${result} by ${r.reason} after ` +
    `${r.moves.length} moves${r.detail ? ` (${r.detail})` : ''}`;
}

/* One match, its table printed; records written to `recordsFile` if set. */
async function runMatch({ a, b, openings, options, recordsFile, quiet }) {
  const bMs = b.turnMs ?? options.turnMs;
  console.log(`gomocup: ${a.name} (${options.turnMs} ms a move) vs ${b.name} (${bMs} ms a move), ` +
    `${openings.length} openings x 2 colours, ${DEFAULTS.size}x${DEFAULTS.size} free, ` +
    `time-out over timeout_turn + ${options.toleranceMs ?? DEFAULTS.toleranceMs} ms`);
  if (recordsFile) fs.mkdirSync(path.dirname(recordsFile), { recursive: true });
  const out = recordsFile ? fs.openSync(recordsFile, 'w') : null;
  let n = 0;
  const records = await playMatch(a, b, openings, options, (r) => {
    n++;
    if (!quiet) console.error(describeGame(n, r));
    if (out !== null) {
      const pos = `${DEFAULTS.size}x${DEFAULTS.size} free ${[...r.opening, ...r.moves].join(' ')}`;
      fs.writeSync(out, JSON.stringify({ game: n, ...r, pos }) + '\n');
    }
  });
  if (out !== null) fs.closeSync(out);
  const s = summarize(records);
  console.log(formatSummary(s, a.name, b.name));
  console.log(`  ${a.name}'s lost games with a missed five, four or open three: ${blunders(records)}`);
  if (recordsFile) console.log(`  records: ${path.relative(process.cwd(), recordsFile)}`);
  return s;
}

function parseArgs(argv) {
  const args = {};
  for (let i = 0; i < argv.length; i++) {
    if (!argv[i].startsWith('--') || i + 1 >= argv.length) throw new Error(`bad argument '${argv[i]}'`);
    args[argv[i].slice(2)] = argv[++i];
  }
  return args;
}

async function fromArgs(argv) {
  const args = parseArgs(argv);
  if (!args.a || !args.b) throw new Error('both --a and --b brain command lines are needed');
  const openings = loadOpenings(args['openings-file']).slice(0, Number(args.openings) || undefined);
  const options = { turnMs: Number(args.ms || DEFAULTS.turnMs), maxNode: Number(args['max-node'] || 0),
    jobs: Number(args.jobs || 1) };
  const a = { name: args['a-name'] || 'A', command: args.a };
  const b = { name: args['b-name'] || 'B', command: args.b, turnMs: args['b-ms'] ? Number(args['b-ms']) : undefined };
  await runMatch({ a, b, openings, options, recordsFile: args.records });
}

async function fromEnv(env = process.env) {
  const opponents = opponentsFromEnv(env);
  if (!opponents.length) { console.log(setupHelp()); return; }
  const ours = { name: 'qipan', command: env.QIPAN_GOMOCUP_OURS || OURS_DEFAULT };
  const openings = loadOpenings(env.QIPAN_GOMOCUP_OPENINGS_FILE || undefined)
    .slice(0, Number(env.QIPAN_GOMOCUP_OPENINGS) || undefined);
  const recordsDir = env.QIPAN_GOMOCUP_RECORDS || path.join(root, 'build', 'gomocup');
  const common = {
    toleranceMs: Number(env.QIPAN_GOMOCUP_TOLERANCE_MS || DEFAULTS.toleranceMs),
    matchMs: Number(env.QIPAN_GOMOCUP_MATCH_MS || 0),
    maxNode: Number(env.QIPAN_GOMOCUP_MAX_NODE || 0),
    jobs: Number(env.QIPAN_GOMOCUP_JOBS || 1),
  };
  const odds = numberList(env.QIPAN_GOMOCUP_ODDS, [1]);
  for (const turnMs of numberList(env.QIPAN_GOMOCUP_MS, [DEFAULTS.turnMs])) {
    for (const b of opponents) {
      const scores = [];
      for (const factor of odds) {
        const ourMs = Math.round(turnMs * factor);
        const recordsFile = path.join(recordsDir, `qipan-${ourMs}ms-vs-${b.name}-${turnMs}ms.jsonl`);
        const s = await runMatch({ a: ours, b: { ...b, turnMs: b.turnMs ?? turnMs }, openings,
          options: { ...common, turnMs: ourMs }, recordsFile, quiet: !env.QIPAN_GOMOCUP_VERBOSE });
        scores.push({ factor, score: s.score });
      }
      if (odds.length > 1) console.log(`  time odds against ${b.name} at ${turnMs} ms: ${describeOdds(scores)}`);
    }
  }
}

/* The time factor at which we would score 50 %, interpolated on a log
 * scale between the two factors measured around it. */
function evenOdds(scores) {
  const sorted = [...scores].sort((x, y) => x.factor - y.factor);
  for (let i = 1; i < sorted.length; i++) {
    const lo = sorted[i - 1], hi = sorted[i];
    if (lo.score <= 0.5 && hi.score >= 0.5) {
      if (hi.score === lo.score) return lo.factor;
      const t = (0.5 - lo.score) / (hi.score - lo.score);
      return Math.exp(Math.log(lo.factor) + t * (Math.log(hi.factor) - Math.log(lo.factor)));
    }
  }
  return null;
}

function describeOdds(scores) {
  const table = scores.map((s) => `${s.factor}x ${(100 * s.score).toFixed(1)} %`).join(', ');
  const even = evenOdds(scores);
  if (even !== null) return `${table}; 50 % at about ${even.toFixed(1)}x the time`;
  const best = Math.max(...scores.map((s) => s.score));
  return `${table}; 50 % ${best < 0.5 ? 'beyond' : 'below'} the factors tried`;
}

if (require.main === module) {
  const argv = process.argv.slice(2);
  (argv.length ? fromArgs(argv) : fromEnv()).catch((e) => { console.error(e.message); process.exit(1); });
}

module.exports = { loadOpenings, opponentsFromEnv, setupHelp, runMatch, evenOdds, describeOdds };
