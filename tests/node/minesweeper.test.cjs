// Minesweeper through the CLI and the wasm engine: the contract's strings,
// the match line with its interval, and wasm == native for play, the
// level-3 AI, analyze and no-guess boards.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { cli, loadQipan } = require('./helpers.cjs');

const G = 'minesweeper';

test('new, apply, status, legal and describe follow the header', () => {
  assert.equal(cli(['new', G]).stdout, '9x9/10:safe 1');
  assert.equal(cli(['new', G, '--params', 'expert:zero', '--seed', '7']).stdout, '30x16/99:zero 7');
  const pos = cli(['apply', G, '4x4/1:safe 7 ..../..../..1./...*', 'o 0,0']).stdout;
  assert.equal(pos, '4x4/1:safe 7 0000/0000/0011/001*');
  assert.equal(cli(['status', G, pos]).stdout, 'won');
  assert.equal(cli(['legal', G, '2x2/1:safe 1 f./..']).stdout,
    'f 0,0 o 1,0 f 1,0 o 0,1 f 0,1 o 1,1 f 1,1');
  const d = JSON.parse(cli(['describe', G, '4x4/1:safe 7 ..../.f../..1./...*']).stdout);
  assert.equal(d.cells, '.....f....1.....');
  assert.equal(d.left, 0);
  assert.equal(d.status, 'playing');
  const lost = JSON.parse(cli(['describe', G,
    cli(['apply', G, '4x4/1:safe 7 ..../.f../..1./...*', 'c 2,2']).stdout]).stdout);
  assert.equal(lost.status, 'lost');
  assert.equal(lost.cells, '00000w000011001X');
  // The first click is never a mine, and replays from the seed.
  for (let seed = 1; seed <= 20; seed++) {
    const p = cli(['apply', G, `9x9/70:safe ${seed}`, 'o 4,4']).stdout;
    assert.equal(cli(['status', G, p]).stdout, 'playing');
    assert.equal(cli(['apply', G, `9x9/70:safe ${seed}`, 'o 4,4']).stdout, p);
  }
});

test('bad minesweeper input exits 2 with one line', () => {
  const cases = [
    ['new', G, '--params', '9x9/81'],
    ['new', G, '--params', 'expert:safe,noguess'],
    ['apply', G, '9x9/10:safe 1', 'o 9,0'],
    ['apply', G, '3x3/1:safe 1 f../.../...', 'o 0,0'],
    ['apply', G, '4x4/1:safe 7 ..../..../..1./...*', 'c 2,2'],
    ['status', G, '3x3/1:safe 1 2*./.../...'],
    ['status', G, '9x9/10:safe ?'],
    ['apply', G, '4x2/1,noguess 1', 'o 0,0'],
    ['match', G, '--a', '3', '--b', '3', '--games', '2'],
  ];
  for (const args of cases) {
    const r = cli(args);
    assert.equal(r.code, 2, `${args.join(' ')}: status ${r.code} ${r.stdout}`);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
  }
});

test('match prints the interval line, then won=W lost=L', () => {
  const r = cli(['match', G, '--a', '3', '--games', '40', '--params', 'beginner', '--seed', '3']);
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.split('\n');
  const last = /^won=(\d+) lost=(\d+)$/.exec(lines[lines.length - 1]);
  assert.ok(last, lines[lines.length - 1]);
  assert.equal(Number(last[1]) + Number(last[2]), 40);
  const before = /^won ([\d.]+)%, 95% interval \(Wilson\) ([\d.]+)%-([\d.]+)%, ([\d.]+) ms a game$/
    .exec(lines[lines.length - 2]);
  assert.ok(before, lines[lines.length - 2]);
  const [rate, lo, hi] = [Number(before[1]), Number(before[2]), Number(before[3])];
  assert.ok(lo <= rate && rate <= hi && hi - lo < 30, before[0]);
  assert.equal(lines.filter((l) => /^game \d+: (won|lost) \((cleared|mine)\)$/.test(l)).length, 40);
});

test('wasm and native agree: play, level-3 AI, analyze, no-guess boards', async () => {
  const { engine } = await loadQipan();
  for (const [params, seed] of [['expert', 3], ['intermediate:zero', 4], ['beginner:zero,qmarks', 5]]) {
    let pos = engine.newGame(G, params, seed);
    assert.equal(pos, cli(['new', G, '--params', params, '--seed', String(seed)]).stdout);
    for (let ply = 0; ply < 60 && engine.status(G, pos) === 'playing'; ply++) {
      const action = engine.ai(G, pos, { level: 3, seed: ply });
      assert.equal(action, cli(['ai', G, pos, '--level', '3', '--seed', String(ply)]).stdout, pos);
      if (ply % 15 === 0) {
        assert.deepEqual(engine.analyze(G, pos, { level: 3 }),
          JSON.parse(cli(['analyze', G, pos, '--level', '3']).stdout));
      }
      pos = engine.apply(G, pos, action);
    }
  }
  const ng = engine.apply(G, engine.newGame(G, 'expert,noguess', 11), 'o 3,3');
  assert.equal(ng, cli(['apply', G, '30x16/99:zero,noguess 11', 'o 3,3']).stdout);
  assert.equal(engine.describe(G, ng).noguess, true);
  // The AI clears it with certain moves only.
  let pos = ng;
  while (engine.status(G, pos) === 'playing') {
    const info = engine.aiInfo(G, pos, { level: 3, seed: 1 });
    assert.equal(info.score, 1000, info.note);
    pos = engine.apply(G, pos, info.action);
  }
  assert.equal(engine.status(G, pos), 'won');
  let message = null;
  try { engine.apply(G, '4x2/1,noguess 1', 'o 0,0'); } catch (e) { message = e.message; }
  assert.match(message, /no-guess/);
});
