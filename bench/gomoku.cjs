// Gomoku level 3 (issue 4): its results against levels 1 and 2 (both
// colours), on the VCF puzzle set, and its move time natively and in wasm
// on 15x15 with nodes per second, all measured in one run; then how close
// to its clock a move on a clock answers (`qipan ai --time`, and `qipan
// pbrain` told timeout_turn or time_left, as a Gomocup manager tells it).
// Usage: node bench/gomoku.cjs [clock]   (clock: only the moves on a clock)
//   QIPAN_GOMOKU_GAMES   games against each of levels 1 and 2 (default 100)
//   QIPAN_GOMOKU_LATENCY self-play games whose positions are timed (default 4)
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const readline = require('node:readline');
const { cli, root, qipanBin } = require('../tests/node/helpers.cjs');

const games = Number(process.env.QIPAN_GOMOKU_GAMES || 100);
const latencyGames = Number(process.env.QIPAN_GOMOKU_LATENCY || 4);

/* `qipan match` of level 3 (a) against `level` (b): totals by colour. */
function matchAgainst(level) {
  const r = cli(['match', 'gomoku', '--a', '3', '--b', String(level), '--games', String(games),
    '--seed', '2024'], { timeout: 6 * 3600 * 1000 });
  if (r.code !== 0) throw new Error(r.stderr);
  const byColour = { black: [0, 0, 0], white: [0, 0, 0] }; // level 3's wins, losses, draws
  for (const m of r.stdout.matchAll(/^game \d+: ([ab]) first, (draw|win ([ab]))/gm)) {
    const colour = m[1] === 'a' ? 'black' : 'white';
    byColour[colour][m[2] === 'draw' ? 2 : m[3] === 'a' ? 0 : 1]++;
  }
  const ms = Number(/^a: level 3, \d+ moves, ([\d.]+) ms a move$/m.exec(r.stdout)[1]);
  return { byColour, ms, total: /^a=\d+ b=\d+ draws=\d+$/m.exec(r.stdout)[0] };
}

/* "nodes N, T ms, score S: note" from `qipan ai --verbose`. */
function nativeAi(pos, seed) {
  const r = cli(['ai', 'gomoku', pos, '--level', '3', '--seed', String(seed), '--verbose']);
  if (r.code !== 0) throw new Error(r.stderr);
  const m = /nodes (\d+), ([\d.]+) ms(?:, score (-?\d+))?(?:: (.*))?/.exec(r.stderr);
  return { move: r.stdout, nodes: Number(m[1]), ms: Number(m[2]), note: m[4] || '' };
}

function puzzles() {
  const file = path.join(root, 'tests', 'data', 'gomoku_vcf.txt');
  const rows = fs.readFileSync(file, 'utf8').split('\n').filter((l) => /^[wn]\|/.test(l));
  let solved = 0, wins = 0, falseClaims = 0, controls = 0, worst = 0, total = 0;
  for (const row of rows) {
    const pos = row.slice(2).trim();
    const r = nativeAi(pos, 1);
    const decided = /VCF|makes five|cannot be stopped/.test(r.note);
    if (row[0] === 'w') {
      wins++;
      solved += decided;
      total += r.ms;
      worst = Math.max(worst, r.ms);
    } else {
      controls++;
      falseClaims += decided;
    }
  }
  return { solved, wins, controls, falseClaims, mean: total / wins, worst };
}

/* Positions of level-3 self-play games (15x15 free), each timed natively
 * (one process per move: the time includes building the tables) and in
 * wasm (one instance, as in the page's worker). */
async function latency() {
  const Qipan = require(path.join(root, 'web', 'qipan.js'));
  await Qipan.ready;
  const engine = Qipan.engine;
  const stats = { native: [], wasm: [], wasmCpu: [], nativeNodes: 0, nativeMs: 0, wasmNodes: 0,
    wasmMs: 0 };
  for (let g = 0; g < latencyGames; g++) {
    let pos = engine.apply('gomoku', '15x15 free', ['7,7', `${6 + g % 3},${6 + (g >> 1) % 3}`]);
    for (let ply = 2; engine.status('gomoku', pos).startsWith('turn'); ply++) {
      const seed = g * 1000 + ply;
      const n = nativeAi(pos, seed);
      const t0 = process.hrtime.bigint(), cpu0 = process.cpuUsage();
      const w = engine.aiInfo('gomoku', pos, { level: 3, seed });
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      const cpu = process.cpuUsage(cpu0);
      stats.wasmCpu.push((cpu.user + cpu.system) / 1000);
      if (w.action !== n.move) throw new Error(`wasm and native differ at ${pos}`);
      stats.native.push(n.ms);
      stats.wasm.push(ms);
      stats.nativeNodes += n.nodes;
      stats.nativeMs += n.ms;
      stats.wasmNodes += w.nodes;
      stats.wasmMs += ms;
      pos = engine.apply('gomoku', pos, w.action);
    }
  }
  return stats;
}

/* `qipan pbrain --level 4` (its own budget takes seconds a move here) told
 * `infos`, five times: each reply's time from BOARD to the move. */
async function pbrainReplies(infos) {
  const child = spawn(qipanBin, ['pbrain', '--level', '4'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = [];
  let waiting = null;
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    if (/^(MESSAGE|DEBUG)\b/.test(line)) return;
    if (waiting) { const w = waiting; waiting = null; w(line); } else lines.push(line);
  });
  const ask = (...cmds) => new Promise((resolve) => {
    child.stdin.write(cmds.map((c) => c + '\r\n').join(''));
    if (lines.length) resolve(lines.shift()); else waiting = resolve;
  });
  const times = [];
  for (let i = 0; i < 5; i++) {
    await ask('START 15');
    child.stdin.write(infos.map((c) => c + '\r\n').join(''));
    const t0 = process.hrtime.bigint();
    const move = await ask('BOARD', '7,7,2', '8,9,1', '5,5,2', 'DONE');
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (!/^\d+,\d+$/.test(move)) throw new Error(`pbrain answered '${move}'`);
  }
  child.stdin.end('END\r\n');
  return times;
}

/* Moves on a clock: `qipan ai --time MS` (the process's whole time) and
 * pbrain's replies, each beside the time it was given. */
async function clocks() {
  const rows = [];
  for (const ms of [60, 300]) {
    const times = [];
    for (let seed = 1; seed <= 5; seed++) {
      const t0 = process.hrtime.bigint();
      const r = cli(['ai', 'gomoku', '15x15 free 7,7 8,8 7,8 8,7', '--level', '3', '--seed', String(seed),
        '--time', String(ms)]);
      if (r.code !== 0) throw new Error(r.stderr);
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    rows.push([`qipan ai --time ${ms}`, times]);
  }
  for (const infos of [['INFO timeout_turn 50'], ['INFO timeout_turn 300'], ['INFO timeout_turn 0'],
    ['INFO timeout_turn 5000', 'INFO time_left 100']]) {
    rows.push([`pbrain ${infos.join(', ')}`, await pbrainReplies(infos)]);
  }
  return rows;
}

const mean = (a) => a.reduce((x, y) => x + y, 0) / a.length;
const pct = (a, p) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(a.length * p))];

async function printClocks() {
  console.log('moves on a clock (five each; pbrain at level 4, which takes seconds a move unclocked):');
  for (const [what, times] of await clocks()) {
    console.log(`  ${what}: median ${pct(times, 0.5).toFixed(0)} ms, worst ${Math.max(...times).toFixed(0)} ms`);
  }
  console.log(`  load average: ${require('node:os').loadavg()[0].toFixed(2)}`);
}

async function main() {
  if (process.argv[2] === 'clock') return printClocks();
  const startup = nativeAi('15x15 free 0,0 5,5 1,0 6,6 2,0 7,7 3,0 8,8', 1).ms;
  console.log(`gomoku level 3 (15x15 free unless said); native startup (tables) ${startup.toFixed(1)} ms`);
  const lat = await latency();
  console.log(`move time over ${lat.native.length} positions of ${latencyGames} self-play games:`);
  console.log(`  native: mean ${mean(lat.native).toFixed(0)} ms, 90% ${pct(lat.native, 0.9).toFixed(0)} ms, ` +
    `worst ${Math.max(...lat.native).toFixed(0)} ms, ${(lat.nativeNodes / lat.nativeMs).toFixed(0)} nodes/ms`);
  console.log(`  wasm:   mean ${mean(lat.wasm).toFixed(0)} ms, 90% ${pct(lat.wasm, 0.9).toFixed(0)} ms, ` +
    `worst ${Math.max(...lat.wasm).toFixed(0)} ms, ${(lat.wasmNodes / lat.wasmMs).toFixed(0)} nodes/ms, ` +
    `wasm/native ${(mean(lat.wasm) / mean(lat.native)).toFixed(2)}`);
  console.log(`  wasm CPU time (what an idle machine would see): mean ${mean(lat.wasmCpu).toFixed(0)} ms, ` +
    `worst ${Math.max(...lat.wasmCpu).toFixed(0)} ms, ` +
    `${(lat.wasmNodes / lat.wasmCpu.reduce((x, y) => x + y, 0)).toFixed(0)} nodes/ms`);
  console.log(`  load average while timing: ${require('node:os').loadavg()[0].toFixed(2)}`);
  const p = puzzles();
  console.log(`VCF puzzles: ${p.solved}/${p.wins} solved by level 3 (mean ${p.mean.toFixed(0)} ms, ` +
    `worst ${p.worst.toFixed(0)} ms); ${p.falseClaims}/${p.controls} controls wrongly claimed`);
  for (const level of [1, 2]) {
    const m = matchAgainst(level);
    const f = (c) => `${c[0]} won, ${c[1]} lost, ${c[2]} drawn`;
    console.log(`level 3 vs level ${level}, ${games} games: as Black ${f(m.byColour.black)}; ` +
      `as White ${f(m.byColour.white)} (${m.total}; ${m.ms.toFixed(0)} ms a move)`);
  }
  await printClocks();
}

main().catch((e) => { console.error(e); process.exit(1); });
