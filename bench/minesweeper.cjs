// Minesweeper: the level-3 solver's win rates with 95% intervals (native
// CLI match), its ms per game natively and in wasm, and no-guess expert
// boards made in wasm (time to build one, and a replay checking that the
// AI clears each with certain moves only). Everything in one run.
// Usage: node bench/minesweeper.cjs
//   QIPAN_MS_GAMES=N   games per preset and rule natively (default 300; the
//                      issue's figures use 10000)
//   QIPAN_MS_WASM=N    games per preset in wasm (default 10)
//   QIPAN_MS_NG=N      no-guess expert boards (default 40; the issue: 1000)
//   QIPAN_MS_BOUND=N   games per preset and rule for the upper bound (default 300)
//   QIPAN_MS_SWEEP=P   also the upper bound after every first click (one cell
//                      per mirror image) on params P, e.g. intermediate:zero
//   QIPAN_MS_SEED=S    match seed (default 1)
'use strict';
const path = require('node:path');
const { cli } = require('../tests/node/helpers.cjs');

const G = 'minesweeper';
const games = Number(process.env.QIPAN_MS_GAMES || 300);
const wasmGames = Number(process.env.QIPAN_MS_WASM || 10);
const ngBoards = Number(process.env.QIPAN_MS_NG || 40);
const seed = String(process.env.QIPAN_MS_SEED || 1);
const boundGames = Number(process.env.QIPAN_MS_BOUND || 300);

function nativeMatch(params) {
  const r = cli(['match', G, '--a', '3', '--games', String(games), '--params', params, '--seed', seed,
    '--quiet'], { timeout: 24 * 3600 * 1000 });
  const rate = /^won ([\d.]+)%, 95% interval \(Wilson\) ([\d.]+)%-([\d.]+)%, ([\d.]+) ms a game$/m
    .exec(r.stdout);
  const last = /^won=(\d+) lost=(\d+)$/m.exec(r.stdout);
  if (!rate || !last) throw new Error(`${params}: ${r.stderr || r.stdout}`);
  return { won: Number(last[1]), rate: rate[1], lo: rate[2], hi: rate[3], ms: Number(rate[4]) };
}

/* Plays seeded games in wasm with the level-3 AI; the time is the AI's. */
function wasmMsPerGame(engine, params) {
  let total = 0;
  for (let g = 0; g < wasmGames; g++) {
    let pos = engine.newGame(G, params, 1000 + g);
    for (let ply = 0; engine.status(G, pos) === 'playing'; ply++) {
      const t0 = process.hrtime.bigint();
      const action = engine.ai(G, pos, { level: 3, seed: ply });
      total += Number(process.hrtime.bigint() - t0) / 1e6;
      pos = engine.apply(G, pos, action);
    }
  }
  return total / wasmGames;
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/* No-guess expert boards: the first click builds and checks the board;
 * then the AI must clear it without a single guess. */
function noGuess(engine) {
  const times = [];
  let clean = 0;
  let failed = 0;
  for (let k = 0; k < ngBoards; k++) {
    const start = engine.newGame(G, 'expert,noguess', 5000 + k);
    let pos;
    const t0 = process.hrtime.bigint();
    try {
      pos = engine.apply(G, start, 'o 3,3');
    } catch (e) {
      failed++;
      continue;
    }
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    let guessed = false;
    while (engine.status(G, pos) === 'playing') {
      const info = engine.aiInfo(G, pos, { level: 3, seed: 1 });
      if (info.score !== 1000) guessed = true;
      pos = engine.apply(G, pos, info.action);
    }
    if (!guessed && engine.status(G, pos) === 'won') clean++;
  }
  return { times, clean, failed };
}

/* The most any player can win on these boards after the same first click.
 * Until the first decision that is not certain, every player who opens the
 * safe cells sees the same position (opening a safe cell never hurts). There
 * the exact endgame search gives the best possible chance to win; without
 * it, no player can do better than the safest cell's safety. The mean over
 * boards bounds every player's win rate from above (loosely where the first
 * guess comes early). Played in wasm, beside level 3's own result. */
function upperBound(engine, params, first) {
  let bound = 0;
  let won = 0;
  let endgames = 0;
  for (let g = 0; g < boundGames; g++) {
    let pos = engine.newGame(G, params, 7000 + g);
    if (first)
      pos = engine.apply(G, pos, `o ${first[0]},${first[1]}`);
    let best = 1;
    let decided = false;
    for (let ply = 0; engine.status(G, pos) === 'playing'; ply++) {
      const opts = { level: 3, seed: ply };
      const info = engine.aiInfo(G, pos, opts);
      if (!decided && !/^(safe|first click)$/.test(info.note)) { // a guess or the exact search
        decided = true;
        const a = engine.analyze(G, pos, opts);
        if (a.kind === 'endgame') {
          best = a.win;
          endgames++;
        } else if (a.exact) {
          best = 1 - Math.min(...a.probs.filter((p) => p > 0 && p < 1));
        }
      }
      pos = engine.apply(G, pos, info.action);
    }
    bound += best;
    if (engine.status(G, pos) === 'won') won++;
  }
  return { bound: (100 * bound) / boundGames, won: (100 * won) / boundGames, endgames };
}

/* The upper bound after each possible first click: the board's mirror
 * images give the same figures, so one cell of each (the top-left quarter,
 * x <= y on a square board). The highest bounds every player. */
function sweepFirstClicks(engine, params) {
  const [w, h] = /^(\d+)x(\d+)/.exec(engine.newGame(G, params, 1)).slice(1).map(Number);
  console.log(`Upper bound after every first click on ${params}, ${boundGames} games each:`);
  let top = null;
  for (let y = 0; y < Math.ceil(h / 2); y++) {
    for (let x = 0; x < Math.ceil(w / 2); x++) {
      if (w === h && x < y)
        continue;
      const b = upperBound(engine, params, [x, y]);
      console.log(`  first click ${x},${y}: level 3 won ${b.won.toFixed(2)}%, upper bound ${b.bound.toFixed(2)}%`);
      if (!top || b.bound > top.bound)
        top = { x, y, bound: b.bound };
    }
  }
  console.log(`Highest upper bound: ${top.bound.toFixed(2)}% (first click ${top.x},${top.y})`);
}

async function main() {
  const Qipan = require(path.join(__dirname, '..', 'web', 'qipan.js'));
  await Qipan.ready;
  const engine = Qipan.engine;
  wasmMsPerGame(engine, 'expert'); // warm the wasm engine up before timing
  console.log(`Minesweeper level 3: ${games} seeded games per row natively (seed ${seed}), ` +
    `${wasmGames} in wasm`);
  console.log('preset        rule   won     rate     95% interval      native ms/game  wasm ms/game');
  for (const preset of ['beginner', 'intermediate', 'expert']) {
    for (const rule of ['safe', 'zero']) {
      const params = `${preset}:${rule}`;
      const n = nativeMatch(params);
      const w = wasmMsPerGame(engine, params);
      console.log(`${preset.padEnd(13)} ${rule.padEnd(5)} ${String(n.won).padStart(5)} ` +
        `${(n.rate + '%').padStart(8)}  ${(n.lo + '%-' + n.hi + '%').padStart(16)} ` +
        `${n.ms.toFixed(2).padStart(15)} ${w.toFixed(2).padStart(13)}`);
    }
  }
  console.log(`Upper bound for any player clicking first where level 3 does, in wasm, ` +
    `${boundGames} games per row (the same boards for both columns):`);
  console.log('(the bound sums chances while the wins are counted: over few games the count can pass it by luck)');
  console.log('preset        rule   level 3 won   upper bound   first decision in the endgame search');
  for (const preset of ['beginner', 'intermediate', 'expert']) {
    for (const rule of ['safe', 'zero']) {
      const b = upperBound(engine, `${preset}:${rule}`);
      console.log(`${preset.padEnd(13)} ${rule.padEnd(5)} ${(b.won.toFixed(2) + '%').padStart(12)} ` +
        `${(b.bound.toFixed(2) + '%').padStart(13)} ${String(b.endgames).padStart(10)}`);
    }
  }
  if (process.env.QIPAN_MS_SWEEP)
    sweepFirstClicks(engine, process.env.QIPAN_MS_SWEEP);
  const ng = noGuess(engine);
  const ok = ng.times.length;
  console.log(`No-guess expert (30x16/99, first click 3,3) in wasm: ${ngBoards} boards, ` +
    `${ng.failed} refused, ${ng.clean}/${ok} cleared by the AI without a guess; ` +
    `build ms median ${ok ? median(ng.times).toFixed(2) : '-'}, ` +
    `max ${ok ? Math.max(...ng.times).toFixed(2) : '-'}`);
}

main().catch((e) => { console.error(e); process.exit(1); });
