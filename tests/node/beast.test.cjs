// Dark animal chess through the CLI and the wasm engine: deals, the
// contract's POS and actions, refusals the page turns into toasts, the
// page's JSON, and wasm == native for every level.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { cli, asanBin, loadQipan } = require('./helpers.cjs');

const ok = (args) => {
  const r = cli(args);
  assert.equal(r.code, 0, `${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
};

test('new deals 32 face-down pieces, shuffled by the seed', () => {
  const a = ok(['new', 'beast', '--seed', '7']);
  assert.equal(ok(['new', 'beast', '--seed', '7']), a);
  assert.notEqual(ok(['new', 'beast', '--seed', '8']), a);
  assert.match(a, /^((\?[DTEBFHCdtebfhc]){4}\/){7}(\?[DTEBFHCdtebfhc]){4} \? 0$/);
  const letters = a.replace(/[^A-Za-z]/g, '').split('').sort().join('');
  assert.equal(letters, 'BBCCCCCDEEFFHHTTbbcccccdeeffhhtt');
  assert.equal(ok(['status', 'beast', a]), 'turn ?');
  assert.equal(ok(['legal', 'beast', a]).split(' ').length, 32);
});

test('the first flip deals the colours; legal and apply agree with describe', () => {
  let pos = ok(['new', 'beast', '--seed', '3']);
  const first = ok(['apply', 'beast', pos, 'b2']);
  const d = JSON.parse(ok(['describe', 'beast', first]));
  const flipped = d.cells.find((c) => c.at === 'b2');
  assert.equal(flipped.state, 'up');
  assert.equal(d.turn, flipped.colour === 'r' ? 'b' : 'r'); // the flipper owns its colour
  assert.deepEqual(d.last, { action: 'b2', kind: 'flip', from: 'b2', to: 'b2', piece: flipped.piece });
  pos = first;
  for (let ply = 0; ply < 40 && ok(['status', 'beast', pos]).startsWith('turn'); ply++) {
    const legal = ok(['legal', 'beast', pos]).split(' ');
    const desc = JSON.parse(ok(['describe', 'beast', pos]));
    const fromDescribe = [...desc.flips];
    for (const [from, tos] of Object.entries(desc.moves)) tos.forEach((to) => fromDescribe.push(from + to));
    for (const [from, tos] of Object.entries(desc.captures)) tos.forEach((to) => fromDescribe.push(from + to));
    assert.deepEqual(fromDescribe.sort(), [...legal].sort(), pos);
    pos = ok(['apply', 'beast', pos, ok(['ai', 'beast', pos, '--level', '1', '--seed', String(ply)])]);
  }
});

test('refusals start with the reason the page shows', () => {
  const pos = '..../..../..../.t../.T../..../..../c... r 0';
  const cases = [
    ['a1a2', /^qipan: not your piece: /], // 这不是你的棋子
    ['b4b6', /^qipan: cannot move there: /], // 不能走!
    ['c4c5', /^qipan: no piece: /],
  ];
  for (const [action, want] of cases) {
    const r = cli(['apply', 'beast', pos, action]);
    assert.equal(r.code, 2, action);
    assert.match(r.stderr, want, action);
  }
  assert.equal(cli(['apply', 'beast', pos, 'b4b5']).code, 0); // tiger takes tiger
  const r = cli(['apply', 'beast', '..../..../..../.d../.T../..../..../c... r 0', 'b4b5']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /^qipan: cannot capture that: a tiger cannot take a dragon\n$/); // 吃不了!
  for (const bad of ['beast', '..../..../..../.t../.T../..../..../c... r', '?? r 0',
    '..../..../..../.t../.T../..../..../c... r 0 z9z9']) {
    const b = cli(['status', 'beast', bad]);
    assert.equal(b.code, 2, bad);
    assert.equal(b.stderr.trim().split('\n').length, 1);
  }
});

test('the LOG keeps the repetition rule across POS strings', () => {
  let pos = '...c/..../..../..../..../..../..../T... r 0';
  for (let i = 0; i < 2; i++) pos = ok(['apply', 'beast', pos, 'a1a2', 'd8d7', 'a2a1', 'd7d8']);
  assert.equal(pos, '...c/..../..../..../..../..../..../T... r 8 ' +
    'a1a2,d8d7,a2a1,d7d8,a1a2,d8d7,a2a1,d7d8');
  assert.equal(ok(['status', 'beast', pos]), 'draw');
  assert.equal(JSON.parse(ok(['describe', 'beast', pos])).reason, 'repetition');
  // The contract's POS (no LOG) is still read.
  assert.equal(ok(['status', 'beast', '...c/..../..../..../..../..../..../T... r 8']), 'turn r');
});

test('match plays paired deals and says why games were drawn', () => {
  const r = cli(['match', 'beast', '--a', '2', '--b', '1', '--games', '4', '--seed', '2']);
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.split('\n');
  const m = /^a=(\d+) b=(\d+) draws=(\d+)$/.exec(lines[lines.length - 1]);
  assert.ok(m);
  assert.equal(Number(m[1]) + Number(m[2]) + Number(m[3]), 4);
  if (Number(m[3])) assert.match(r.stdout, /^draws by( [a-z-]+=\d+)+$/m);
  assert.equal(lines.filter((l) => /^game \d: [ab] first, (win [ab]|draw) \((hp|stuck|repetition|no-progress)\)$/.test(l)).length, 4);
});

test('wasm answers as native: describe, analyze and every level', async () => {
  const { engine } = await loadQipan();
  let pos = engine.newGame('beast', null, 11);
  for (let ply = 0; ply < 16; ply++) {
    assert.deepEqual(engine.describe('beast', pos), JSON.parse(ok(['describe', 'beast', pos])));
    const level = 1 + (ply % 3);
    const action = engine.ai('beast', pos, { level, seed: ply });
    assert.equal(action, ok(['ai', 'beast', pos, '--level', String(level), '--seed', String(ply)]), pos);
    if (ply % 5 === 2) {
      assert.deepEqual(engine.analyze('beast', pos, { level: 2, seed: 1 }),
        JSON.parse(ok(['analyze', 'beast', pos, '--level', '2', '--seed', '1'])));
    }
    pos = engine.apply('beast', pos, action);
  }
  const a = engine.analyze('beast', pos, { level: 3, seed: 4 });
  assert.deepEqual(a, JSON.parse(ok(['analyze', 'beast', pos, '--level', '3', '--seed', '4'])));
  assert.deepEqual(Object.keys(a.scores).sort(), engine.legal('beast', pos).sort());
  assert.ok(a.scores[a.best] >= Math.max(...Object.values(a.scores)));
});

/* A random ending of `pieces` face-up pieces (both colours, the deal's
 * counts), a random side to move and count on the no-progress counter. */
function randomEnding(rand, pieces) {
  const bag = [...'DTTEEBBFFHHCCCCC', ...'dtteebbffhhccccc'];
  for (;;) {
    const cells = Array(32).fill('.');
    const chosen = [];
    for (let i = 0; i < pieces; i++) {
      const k = Math.floor(rand() * bag.length);
      if (chosen.includes(k)) { i--; continue; }
      chosen.push(k);
      let sq;
      do sq = Math.floor(rand() * 32); while (cells[sq] !== '.');
      cells[sq] = bag[k];
    }
    const letters = chosen.map((k) => bag[k]).join('');
    if (letters === letters.toUpperCase() || letters === letters.toLowerCase()) continue;
    const rows = [];
    for (let r = 7; r >= 0; r--) rows.push(cells.slice(r * 4, r * 4 + 4).join(''));
    return `${rows.join('/')} ${rand() < 0.5 ? 'r' : 'b'} ${Math.floor(rand() * 50)}`;
  }
}

test('the endgame tables answer alike natively and in wasm: every move of random endings, their review', async () => {
  const { engine } = await loadQipan();
  let seed = 12345;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  let decided = 0, tried = 0;
  for (const pieces of [2, 3, 3, 4, 4, 4]) {
    for (let i = 0; i < 4; i++) {
      const pos = randomEnding(rand, pieces);
      if (!/^turn/.test(engine.status('beast', pos))) continue;
      const a = engine.analyze('beast', pos, { level: 3, seed: 1 });
      assert.deepEqual(a, JSON.parse(ok(['analyze', 'beast', pos, '--level', '3', '--seed', '1'])), pos);
      assert.equal(a.nodes, 0, 'the tables, no search');
      assert.deepEqual(Object.keys(a.scores).sort(), engine.legal('beast', pos).sort());
      decided += Object.values(a.scores).some((v) => Math.abs(v) > 2800);
      const record = `beast = ${pos} | ${a.best}`;
      const review = engine.review(record);
      assert.deepEqual(review, JSON.parse(ok(['review', record])), record);
      assert.equal(review.plies[0].exact, true, record);
      tried++;
    }
  }
  assert.ok(tried >= 20 && decided >= 5, `${tried} endings, ${decided} with a win or a loss in them`);
  // One piece more: the search reads the tables after a capture.
  const five = '..../..c./..../.t../..../.H../.e../D... r 0';
  assert.equal(engine.ai('beast', five, { level: 3, seed: 2 }), ok(['ai', 'beast', five, '--level', '3', '--seed', '2']));
});

test('the sanitizer build survives hostile beast input', () => {
  const junk = ['', '?', '??', '/'.repeat(40), '?D'.repeat(600), '..../..../..../..../..../..../..../T... r 0 ' +
    'a1a2,'.repeat(300), '..../..../..../..../..../..../..../T..c r 50 a1a2xZ', 'a1', 'a1a2a3'];
  for (const j of junk) {
    for (const cmd of [['legal', 'beast', j], ['status', 'beast', j], ['describe', 'beast', j],
      ['apply', 'beast', '..../..../..../..../..../..../..../T..c r 0', j], ['ai', 'beast', j]]) {
      const r = cli(cmd, { bin: asanBin });
      assert.equal(r.code, 2, `${cmd.join(' ').slice(0, 80)}: ${r.stderr}`);
    }
  }
});
