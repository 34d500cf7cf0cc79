// Gomoku's search depth (issue "Gomoku at a champion's depth"): the depth
// reached and the nodes a second of our pbrain, and of Rapfi when
// QIPAN_BRAIN_RAPFI names it, at 300 ms a move on the same middle-game
// positions (bench/gomocup/middle.txt: 20 of the balanced openings, each
// played 10-20 plies further by Rapfi against itself at 20k nodes a move).
// Each position is given as a BOARD to a fresh brain with INFO timeout_turn.
// Usage: node bench/gomoku_depth.cjs
//   QIPAN_BRAIN_RAPFI      Rapfi's command line (skipped when unset)
//   QIPAN_GOMOCUP_OURS     our side (default "build/qipan pbrain --level 3")
//   QIPAN_DEPTH_MS         timeout_turn (default 300)
//   QIPAN_DEPTH_POSITIONS  the first N positions (default all)
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { Brain } = require('./gomocup/brain.cjs');

const root = path.resolve(__dirname, '..');
const FILE = path.join(__dirname, 'gomocup', 'middle.txt');
const ms = Number(process.env.QIPAN_DEPTH_MS || 300);
const ours = process.env.QIPAN_GOMOCUP_OURS || `${path.join(root, 'build', 'qipan')} pbrain --level 3`;

function loadPositions() {
  const n = Number(process.env.QIPAN_DEPTH_POSITIONS || 1e9);
  return fs.readFileSync(FILE, 'utf8').split('\n')
    .map((line) => line.replace(/#.*/, '').trim()).filter(Boolean).slice(0, n)
    .map((line) => line.split(/\s+/).map((m) => m.split(',').map(Number)));
}

/* Depth and nodes from a brain's MESSAGE lines: ours say "... at depth D
 * (N nodes)", Rapfi's "Depth D-S | ... | Nodes N ..." or "Node N". */
function parseMessages(lines) {
  let depth = null, nodes = null;
  for (const l of lines) {
    let m;
    if ((m = /at depth (\d+)/.exec(l))) depth = Number(m[1]);
    if ((m = /\bDepth (\d+)-/.exec(l))) depth = Number(m[1]);
    if ((m = /\((\d+) nodes\)/.exec(l))) nodes = Number(m[1]);
    if ((m = /\bNodes? (\d+(?:\.\d+)?)([KM]?)/.exec(l)))
      nodes = Number(m[1]) * (m[2] === 'K' ? 1e3 : m[2] === 'M' ? 1e6 : 1);
  }
  return { depth, nodes };
}

/* One position: a fresh brain, BOARD, our reply; {depth, nodes, ms}. */
async function probe(command, moves) {
  const brain = new Brain(command, 'probe');
  brain.send('START 15');
  const ok = await brain.reply(10000);
  if (ok.error) throw new Error(`${command}: ${ok.error} ${ok.detail}`);
  brain.takeMessages();
  brain.send(`INFO timeout_turn ${ms}`, 'INFO timeout_match 100000000', 'INFO time_left 100000000', 'INFO rule 0', 'BOARD');
  const mover = moves.length % 2; // 0: Black to move
  moves.forEach(([x, y], i) => brain.send(`${x},${y},${i % 2 === mover ? 1 : 2}`));
  brain.send('DONE');
  const r = await brain.reply(ms * 10 + 5000);
  if (r.error) throw new Error(`${command}: ${r.error} ${r.detail}`);
  const got = parseMessages(brain.takeMessages());
  await brain.end();
  return { ...got, ms: r.ms };
}

function median(xs) {
  const s = xs.filter((x) => x != null).sort((a, b) => a - b);
  return s.length ? s[s.length >> 1] : NaN;
}

async function measure(name, command, positions) {
  const rows = [];
  for (const moves of positions) rows.push(await probe(command, moves));
  const depths = rows.map((r) => r.depth), nodes = rows.map((r) => r.nodes);
  const nps = rows.map((r) => (r.nodes != null ? r.nodes / (r.ms / 1000) : null));
  const known = depths.filter((x) => x != null); // decided at once: no depth
  const mean = known.reduce((a, b) => a + b, 0) / known.length;
  console.log(`${name.padEnd(8)} depth mean ${mean.toFixed(1)} median ${median(depths)} ` +
    `[${Math.min(...known)}-${Math.max(...known)}] over ${known.length} searched  nodes median ${median(nodes)}  ` +
    `nodes/s median ${Math.round(median(nps))}  reply ms median ${Math.round(median(rows.map((r) => r.ms)))}`);
  console.log(`         depths: ${depths.map((d) => (d == null ? '-' : d)).join(' ')}`);
  return depths;
}

/* Both engines' mean depth over the positions that both searched. */
function sameGround(ours, theirs) {
  const both = ours.map((d, i) => [d, theirs[i]]).filter(([a, b]) => a != null && b != null);
  const mean = (k) => (both.reduce((s, p) => s + p[k], 0) / both.length).toFixed(1);
  console.log(`on the ${both.length} positions both searched: qipan depth mean ${mean(0)}, rapfi ${mean(1)}`);
}

async function main() {
  const positions = loadPositions();
  console.log(`Middle-game depth at ${ms} ms a move, ${positions.length} positions (bench/gomocup/middle.txt)`);
  const mine = await measure('qipan', ours, positions);
  if (process.env.QIPAN_BRAIN_RAPFI) sameGround(mine, await measure('rapfi', process.env.QIPAN_BRAIN_RAPFI, positions));
  else console.log('rapfi    skipped: set QIPAN_BRAIN_RAPFI to its pbrain command (see bench/gomocup.cjs)');
}

main().catch((e) => { console.error(e.message); process.exit(1); });
