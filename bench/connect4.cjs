// Connect Four: the exact solver on Pascal Pons' six test sets, natively
// (`qipan solve connect4 --no-book`) and in wasm (the page's engine built
// for node, build/engine.js, its "solve" call), in one run, with the ratio
// to Pons' own solver as measured on a machine of this kind (docs/engines.md,
// "Connect Four"). Every score is checked against the set. Then level 4 plays
// first against levels 1, 2 and 3 (GAMES = 200 games each) and must never
// lose.
// Then (wasm) how often level 4 is exact off its book: positions from
// seeded uniform random play at plies 2-14, each asked of level 4.
// Usage: node bench/connect4.cjs [SET...]
//   QIPAN_C4_HARD=N     positions of Test_L1_R3 to time (default 20: a sample)
//   QIPAN_C4_GAMES=N    games as first player against each level (default 200)
//   QIPAN_C4_COVER=N    random positions a ply for the off-book part (default 10)
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { cli, root } = require('../tests/node/helpers.cjs');

const dataDir = path.join(root, 'tests', 'data', 'connect4');
const hardSample = Number(process.env.QIPAN_C4_HARD || 20);
const gamesFirst = Number(process.env.QIPAN_C4_GAMES || 200);

// Pons' solver on a machine of this kind, mean ms per position (docs/engines.md).
const SETS = [
  ['Test_L3_R1', 0.010], ['Test_L2_R1', 0.08], ['Test_L2_R2', 7.5],
  ['Test_L1_R1', 0.5], ['Test_L1_R2', 226], ['Test_L1_R3', 9400],
];

function readSet(name, limit) {
  const lines = fs.readFileSync(path.join(dataDir, name), 'utf8').trim().split('\n');
  return lines.slice(0, limit).map((l) => { const [moves, score] = l.split(' '); return { moves, score: Number(score) }; });
}

function native(set) {
  const r = cli(['solve', 'connect4', '--no-book'],
    { input: set.map((p) => p.moves).join('\n') + '\n', timeout: 3 * 3600 * 1000 });
  if (r.code !== 0) throw new Error(r.stderr);
  const m = /mean ([\d.]+) ms, mean (\d+) nodes/.exec(r.stderr);
  const got = r.stdout.split('\n').map((l) => Number(l.split(' ')[1]));
  const wrong = set.filter((p, i) => got[i] !== p.score).length;
  return { ms: Number(m[1]), nodes: Number(m[2]), wrong };
}

/* The same positions through the wasm engine's "solve" call, in batches of
 * 50 (as the CLI reads a stream): the time is the solver's, not the calls'. */
function wasm(Module, set) {
  let ms = 0, nodes = 0, wrong = 0;
  for (let i = 0; i < set.length; i += 50) {
    const batch = set.slice(i, i + 50);
    const t0 = process.hrtime.bigint();
    const out = Module.ccall('qp_wasm_call', 'string', ['string', 'string', 'string', 'string', 'string'],
      ['solve', 'connect4', batch.map((p) => '7x6 ' + p.moves).join('\n'), 'no-book', null]);
    ms += Number(process.hrtime.bigint() - t0) / 1e6;
    if (out[0] !== '0') throw new Error(out.slice(1));
    out.slice(1).split('\n').forEach((line, j) => {
      const [score, n] = line.split(' ').map(Number);
      nodes += n;
      if (score !== batch[j].score) wrong++;
    });
  }
  return { ms: ms / set.length, nodes: nodes / set.length, wrong };
}

function fmt(x, width, digits) { return x.toFixed(digits).padStart(width); }

function matches() {
  console.log(`\nLevel 4 (7x6, with the book) as first player, ${gamesFirst} games against each level`);
  console.log('opponent   L4 first: won drawn lost   L4 second: won drawn lost   L4 ms a move (worst game mean)');
  let lostFirst = 0;
  for (const level of [1, 2, 3]) {
    // Matches swap seats every game: 2N games give N with level 4 first.
    const r = cli(['match', 'connect4', '--a', '4', '--b', String(level), '--games', String(2 * gamesFirst),
      '--seed', '7'], { timeout: 3 * 3600 * 1000 });
    if (r.code !== 0) throw new Error(r.stderr);
    const tally = { a: [0, 0, 0], b: [0, 0, 0] };
    for (const line of r.stdout.split('\n')) {
      const m = /^game \d+: ([ab]) first, (win ([ab])|draw)/.exec(line);
      if (!m) continue;
      const seat = m[1] === 'a' ? 'a' : 'b';
      tally[seat][m[3] === 'a' ? 0 : m[3] === 'b' ? 2 : 1]++;
    }
    lostFirst += tally.a[2];
    const ms = /^a: level 4, \d+ moves, ([\d.]+) ms a move/m.exec(r.stdout)[1];
    console.log(`level ${level}    ${tally.a.map((n) => String(n).padStart(5)).join('')}` +
      `             ${tally.b.map((n) => String(n).padStart(5)).join('')}   ${ms.padStart(12)}`);
  }
  if (lostFirst) throw new Error(`level 4 lost ${lostFirst} games as first player`);
}

/* Calls of the wasm engine for connect4: call(cmd, a, b, c) gives the
 * answer's text, or throws its error. */
function engineCall(Module) {
  return (cmd, a, b, c) => {
    const out = Module.ccall('qp_wasm_call', 'string', ['string', 'string', 'string', 'string', 'string'],
      [cmd, 'connect4', a, b, c]);
    if (out[0] !== '0') throw new Error(out.slice(1));
    return out.slice(1);
  };
}

/* Level 4 in wasm from the empty board, as first and as second player,
 * against levels 1-3: the slowest move, in ms and nodes. */
function wasmGames(Module, perSide) {
  const call = engineCall(Module);
  console.log(`\nLevel 4 in wasm (build/engine.js) from the empty board, ${perSide} games a side against each level`);
  console.log('opponent  L4 side   won drawn lost   L4 moves   mean ms   worst ms   worst nodes');
  let worstAll = 0;
  for (const level of [1, 2, 3]) {
    for (const side of [0, 1]) {
      const tally = [0, 0, 0];
      let moves = 0, total = 0, worst = 0, worstNodes = 0;
      for (let g = 0; g < perSide; g++) {
        let pos = '7x6';
        for (let ply = 0; /^turn/.test(call('status', pos)); ply++) {
          const mine = ply % 2 === side;
          const seed = String(g * 100 + ply + 1);
          const t0 = process.hrtime.bigint();
          const out = call('ai', pos, mine ? '4' : String(level), seed);
          const ms = Number(process.hrtime.bigint() - t0) / 1e6;
          const [action, json] = out.split('\t');
          if (mine) {
            const info = JSON.parse(json);
            moves++;
            total += ms;
            worst = Math.max(worst, ms);
            worstNodes = Math.max(worstNodes, info.nodes);
          }
          pos = call('apply', pos, action);
        }
        const st = call('status', pos);
        const me = String(side + 1);
        tally[st === `win ${me}` ? 0 : st === 'draw' ? 1 : 2]++;
      }
      worstAll = Math.max(worstAll, worst);
      console.log(`level ${level}   ${side ? 'second' : 'first '}  ${tally.map((n) => String(n).padStart(5)).join('')}` +
        `${String(moves).padStart(11)} ${fmt(total / moves, 9, 2)} ${fmt(worst, 10, 1)} ${String(worstNodes).padStart(13)}`);
    }
  }
  return worstAll;
}

/* Level 4 from positions off its book: uniform random play (seeded) to
 * each ply, no four yet; how many level 4 answers exactly within its
 * budget (else it plays level 3's move and says so), and the slowest. */
function offBook(Module, perPly) {
  const call = engineCall(Module);
  // 32-bit LCG in exact integer arithmetic (a plain product passes 2^53
  // and loses its low bits, which left a cycle of about 10,000 draws).
  let state = 12345;
  const below = (n) => { state = (Math.imul(state, 1103515245) + 12345) >>> 0; return (state >>> 16) % n; };
  const randomPosition = (plies) => {
    for (;;) {
      let pos = '7x6';
      for (let i = 0; i < plies && /^turn/.test(call('status', pos)); i++) {
        const legal = call('legal', pos).split(/\s+/).filter(Boolean);
        pos = call('apply', pos, legal[below(legal.length)]);
      }
      if (/^turn/.test(call('status', pos))) return pos;
    }
  };
  console.log(`\nLevel 4 in wasm off its book: ${perPly} positions a ply from seeded random play`);
  console.log('ply   exact within budget   mean ms   worst ms');
  for (let ply = 2; ply <= 14; ply++) {
    let exact = 0, total = 0, worst = 0;
    for (let k = 0; k < perPly; k++) {
      const pos = randomPosition(ply);
      const t0 = process.hrtime.bigint();
      const info = JSON.parse(call('ai', pos, '4', '1').split('\t')[1]);
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      total += ms;
      worst = Math.max(worst, ms);
      if (info.score !== undefined) exact++; // no score: not solved in the budget
    }
    console.log(`${String(ply).padStart(3)} ${`${exact}/${perPly}`.padStart(21)} ${fmt(total / perPly, 9, 1)} ${fmt(worst, 10, 1)}`);
  }
}

async function main() {
  const factory = require(path.join(root, 'build', 'engine.js'));
  const Module = await factory();
  const wanted = process.argv.slice(2);
  wasm(Module, readSet('Test_L2_R1', 300)); // warm-up: let V8 tier the wasm up
  console.log('Connect Four solver, strong solve, no book, a fresh table session per position');
  console.log('set          positions  native ms  native nodes    wasm ms  wasm/native   Pons ms  native/Pons  wrong');
  let wrongAll = 0;
  for (const [name, pons] of SETS) {
    if (wanted.length && !wanted.includes(name)) continue;
    const hard = name === 'Test_L1_R3';
    const set = readSet(name, hard ? hardSample : undefined);
    const n = native(set);
    const w = wasm(Module, set);
    wrongAll += n.wrong + w.wrong;
    const label = hard ? `${set.length} (first)` : String(set.length);
    console.log(`${name.padEnd(12)} ${label.padStart(10)} ${fmt(n.ms, 10, 4)} ${fmt(n.nodes, 13, 0)} ` +
      `${fmt(w.ms, 10, 4)} ${fmt(w.ms / n.ms, 12, 2)} ${fmt(pons, 9, 3)} ${fmt(n.ms / pons, 12, 2)} ` +
      `${String(n.wrong + w.wrong).padStart(6)}`);
  }
  if (hardSample < 1000 && (!wanted.length || wanted.includes('Test_L1_R3'))) console.log(`(Test_L1_R3: the first ${hardSample} positions only; Pons' figure is for his first 260)`);
  if (wrongAll) throw new Error(`${wrongAll} wrong scores`);
  if (!wanted.length && gamesFirst > 0) {
    matches();
    wasmGames(Module, Number(process.env.QIPAN_C4_WASM_GAMES || 10));
  }
  if (!wanted.length || wanted.includes('cover')) offBook(Module, Number(process.env.QIPAN_C4_COVER || 10));
}

main().catch((e) => { console.error(e); process.exit(1); });
