// Dark animal chess: level 3 against levels 1 and 2, and 2 against 1, on
// paired deals (each deal twice, seats swapped), with how every game
// ended; then level 3's move time natively and in wasm on the same
// positions (the same choices too).
// Usage: node bench/beast.cjs [PART...]   3v1 3v2 2v1 time (default: all)
//   QIPAN_BEAST_GAMES=N games a pairing (default 20), QIPAN_BEAST_SEED=S.
'use strict';
const os = require('node:os');
const path = require('node:path');
const { cli } = require('../tests/node/helpers.cjs');

const games = Number(process.env.QIPAN_BEAST_GAMES || 20);
const seed = String(process.env.QIPAN_BEAST_SEED || 2024);

function match(a, b) {
  const r = cli(['match', 'beast', '--a', String(a), '--b', String(b), '--games', String(games),
    '--seed', seed], { timeout: 6 * 3600 * 1000 });
  if (r.code !== 0) throw new Error(r.stderr || r.stdout);
  const why = { a: {}, b: {}, draw: {} };
  for (const line of r.stdout.split('\n')) {
    const m = /^game \d+: [ab] first, (?:win ([ab])|draw) \(([a-z-]+)\)$/.exec(line);
    if (m) {
      const k = m[1] || 'draw';
      why[k][m[2]] = (why[k][m[2]] || 0) + 1;
    }
  }
  const total = /^a=(\d+) b=(\d+) draws=(\d+)$/m.exec(r.stdout);
  const speed = /^a: level \d+, (\d+) moves, ([\d.]+) ms a move$/m.exec(r.stdout);
  return { a: Number(total[1]), b: Number(total[2]), draws: Number(total[3]), why, msA: Number(speed[2]) };
}

const fmt = (o) => Object.entries(o).map(([k, v]) => `${k} ${v}`).join(', ') || '-';

/* Level 3's time a move on the positions of two games against level 1,
 * in wasm (this process) and natively (the CLI's own clock). */
async function latency() {
  const Qipan = require(path.join(__dirname, '..', 'web', 'qipan.js'));
  await Qipan.ready;
  const e = Qipan.engine;
  let wasm = 0, native = 0, n = 0, worstWasm = 0, worstNative = 0, same = 0;
  for (let g = 0; g < 2; g++) {
    let pos = e.newGame('beast', null, g + 1);
    for (let ply = 0; /^turn/.test(e.status('beast', pos)); ply++) {
      if (ply % 2) {
        pos = e.apply('beast', pos, e.ai('beast', pos, { level: 1, seed: ply }));
        continue;
      }
      const t0 = process.hrtime.bigint();
      const action = e.ai('beast', pos, { level: 3, seed: ply });
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      const r = cli(['ai', 'beast', pos, '--level', '3', '--seed', String(ply), '--verbose']);
      const nm = Number(/nodes \d+, ([\d.]+) ms/.exec(r.stderr)[1]);
      wasm += ms;
      native += nm;
      worstWasm = Math.max(worstWasm, ms);
      worstNative = Math.max(worstNative, nm);
      same += r.stdout === action;
      n++;
      pos = e.apply('beast', pos, action);
    }
  }
  return { n, wasm: wasm / n, native: native / n, worstWasm, worstNative, same };
}

async function main() {
  const all = { '3v1': [3, 1], '3v2': [3, 2], '2v1': [2, 1] };
  const wanted = process.argv.slice(2).length ? process.argv.slice(2) : [...Object.keys(all), 'time'];
  console.log(`beast: paired deals, ${games} games a pairing, seed ${seed}; load ${os.loadavg()[0].toFixed(2)}`);
  console.log('pairing   a wins  b wins  draws  a win rate   a won by        b won by        draws by');
  for (const p of wanted.filter((w) => all[w])) {
    const [a, b] = all[p];
    const r = match(a, b);
    console.log(`${(a + ' v ' + b).padEnd(8)} ${String(r.a).padStart(7)} ${String(r.b).padStart(7)} ` +
      `${String(r.draws).padStart(6)} ${(100 * r.a / games).toFixed(1).padStart(9)}%   ` +
      `${fmt(r.why.a).padEnd(15)} ${fmt(r.why.b).padEnd(15)} ${fmt(r.why.draw)}` +
      `   (level ${a}: ${r.msA.toFixed(1)} ms a move)`);
  }
  if (!wanted.includes('time')) return;
  const l = await latency();
  console.log(`level 3 move time on ${l.n} positions: native ${l.native.toFixed(1)} ms (worst ` +
    `${l.worstNative.toFixed(1)}), wasm ${l.wasm.toFixed(1)} ms (worst ${l.worstWasm.toFixed(1)}), ` +
    `wasm/native ${(l.wasm / l.native).toFixed(2)}; same choice ${l.same}/${l.n}; load ${os.loadavg()[0].toFixed(2)}`);
}

main().catch((e) => { console.error(e); process.exit(1); });
