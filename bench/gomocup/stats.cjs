// A match's figures from side A's view: W-L-D, its points with a 95 %
// interval, how the games ended, and each side's time and speed a move.
'use strict';

const Z95 = 1.959964;

/* The Wilson score interval of a proportion `p` over `n` trials. Applied
 * to the points fraction (a draw counts half a win): draws make a
 * game's points less variable than a coin's, so the interval is a little
 * wide rather than too narrow, and unlike the normal one it stays inside
 * [0, 1] and keeps a width at 0 % or 100 %. */
function wilson(p, n, z = Z95) {
  if (!n) return [0, 1];
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt(p * (1 - p) / n + z2 / (4 * n * n));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/* A's result in one record: 'win', 'loss' or 'draw'. */
function outcomeForA(record) {
  if (!record.winner) return 'draw';
  return record.winner === record.a ? 'win' : 'loss';
}

function tally(records) {
  const t = { win: 0, loss: 0, draw: 0 };
  for (const r of records) t[outcomeForA(r)]++;
  return t;
}

/* Time and nodes of one side ('a' or 'b') over the records. */
function sideTimes(records, side) {
  let moves = 0, totalMs = 0, worstMs = 0, nodes = 0, nodesMs = 0;
  for (const r of records) {
    const colour = side === 'a' ? r.a : r.a === 'black' ? 'white' : 'black';
    for (const t of r.times.filter((x) => x.side === colour)) {
      moves++;
      totalMs += t.ms;
      worstMs = Math.max(worstMs, t.ms);
      if (t.nodes !== null) { nodes += t.nodes; nodesMs += t.ms; }
    }
  }
  return { moves, meanMs: moves ? totalMs / moves : 0, worstMs, nodesPerSec: nodesMs ? nodes / nodesMs * 1000 : null };
}

function summarize(records) {
  const all = tally(records);
  const n = records.length;
  const points = all.win + all.draw / 2;
  const ends = {};
  for (const r of records) ends[r.reason] = (ends[r.reason] || 0) + 1;
  return {
    games: n, ...all, points, score: n ? points / n : 0, interval: wilson(n ? points / n : 0, n),
    asBlack: tally(records.filter((r) => r.a === 'black')),
    asWhite: tally(records.filter((r) => r.a === 'white')),
    ends, a: sideTimes(records, 'a'), b: sideTimes(records, 'b'),
  };
}

const pct = (x) => `${(100 * x).toFixed(1)} %`;
const wld = (t) => `${t.win}-${t.loss}-${t.draw}`;

function formatTimes(label, t) {
  const speed = t.nodesPerSec === null ? 'nodes/s not reported' : `${(t.nodesPerSec / 1000).toFixed(0)} k nodes/s`;
  return `  ${label}: ${t.moves} moves, mean ${t.meanMs.toFixed(0)} ms, worst ${t.worstMs.toFixed(0)} ms a move, ${speed}`;
}

/* The printed table for a match of A against B. */
function formatSummary(s, aName, bName) {
  const ends = Object.entries(s.ends).map(([k, v]) => `${k} ${v}`).join(', ');
  return [
    `  ${aName}: W-L-D ${wld(s)} over ${s.games} games, points ${pct(s.score)} ` +
      `(95 % Wilson interval ${pct(s.interval[0])} to ${pct(s.interval[1])})`,
    `  as Black ${wld(s.asBlack)}, as White ${wld(s.asWhite)}; games ended by: ${ends}`,
    formatTimes(aName, s.a),
    formatTimes(bName, s.b),
  ].join('\n');
}

module.exports = { wilson, outcomeForA, summarize, formatSummary };
