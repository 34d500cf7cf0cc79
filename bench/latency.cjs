// AI move latency for every game and level, natively (the CLI's match
// runner) and in wasm (node, the page's engine), measured in one run.
// Usage: node bench/latency.cjs [GAME...]   (QIPAN_BENCH_GAMES=N games a level)
'use strict';
const path = require('node:path');
const { cli } = require('../tests/node/helpers.cjs');

const gamesPerLevel = Number(process.env.QIPAN_BENCH_GAMES || 10);

function nativeMsPerMove(game, level) {
  const info = JSON.parse(cli(['info', game]).stdout);
  const args = ['match', game, '--a', String(level), '--games', String(gamesPerLevel), '--seed', '9',
    '--quiet'];
  if (info.players === 2) args.push('--b', String(level));
  const r = cli(args, { timeout: 3600000 });
  const m = /^a: level \d+, (\d+) moves, ([\d.]+) ms a move$/m.exec(r.stdout);
  if (!m) throw new Error(`${game}: ${r.stderr || r.stdout}`);
  return Number(m[2]);
}

/* Plays the same kind of games in wasm: every move by the AI at `level`. */
function wasmMsPerMove(engine, game, level) {
  let total = 0, moves = 0, worst = 0;
  for (let g = 0; g < gamesPerLevel; g++) {
    let pos = engine.newGame(game, null, g + 1);
    for (let ply = 0; /^(turn|playing)/.test(engine.status(game, pos)); ply++) {
      const t0 = process.hrtime.bigint();
      const action = engine.ai(game, pos, { level, seed: g * 1000 + ply });
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      total += ms;
      worst = Math.max(worst, ms);
      moves++;
      pos = engine.apply(game, pos, action);
    }
  }
  return { mean: total / moves, worst };
}

async function main() {
  const Qipan = require(path.join(__dirname, '..', 'web', 'qipan.js'));
  await Qipan.ready;
  const engine = Qipan.engine;
  const wanted = process.argv.slice(2);
  const games = wanted.length ? wanted : engine.list();
  console.log(`AI move latency, ${gamesPerLevel} games a level (self-play)`);
  console.log('game          level   native ms   wasm ms   wasm worst   wasm/native');
  for (const game of games) {
    const info = engine.info(game);
    for (let level = 1; level <= info.maxLevel; level++) {
      const native = nativeMsPerMove(game, level);
      const wasm = wasmMsPerMove(engine, game, level);
      const ratio = native > 0.001 ? (wasm.mean / native).toFixed(2) : '-';
      console.log(`${game.padEnd(13)} ${String(level).padStart(5)} ${native.toFixed(3).padStart(11)} ` +
        `${wasm.mean.toFixed(3).padStart(9)} ${wasm.worst.toFixed(3).padStart(12)} ${ratio.padStart(13)}`);
    }
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
