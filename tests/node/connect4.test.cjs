// Connect Four through the CLI and the wasm engine: `qipan solve`'s
// contract, and wasm == native for every level and for analyze.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { cli, loadQipan, root } = require('./helpers.cjs');

const setLines = (name, n) => fs.readFileSync(path.join(root, 'tests', 'data', 'connect4', name), 'utf8')
  .trim().split('\n').slice(0, n);

test('solve prints MOVES SCORE for every line and a summary on stderr', () => {
  const lines = setLines('Test_L2_R1', 50);
  const input = lines.map((l) => l.split(' ')[0]).join('\n') + '\n';
  const r = cli(['solve', 'connect4'], { input });
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(r.stdout.split('\n'), lines);
  assert.match(r.stderr, /^solved 50 positions: mean [\d.]+ ms, mean \d+ nodes\n$/);
  // --no-book, --weak, CRLF line ends and trailing spaces.
  const a = '2252576253462244111563365343671351441', b = '7422341735647741166133573473242566';
  const weak = cli(['solve', 'connect4', '--weak', '--no-book'], { input: `${a}\r\n${b} \n` });
  assert.equal(weak.code, 0, weak.stderr);
  assert.equal(weak.stdout, `${a} -1\n${b} 1`);
});

test('solve reads the empty board, a full board and other sizes', () => {
  const full = '1212121212123434343434345656565656567777777';
  // Not a real game (someone has four long before): refused.
  assert.equal(cli(['solve', 'connect4'], { input: full + '\n' }).code, 2);
  const small = cli(['solve', 'connect4', '--params', '4x4'], { input: '\n1\n12\n' });
  assert.equal(small.code, 0, small.stderr);
  assert.equal(small.stdout, ' 0\n1 0\n12 0');
  const draw = '1233233121241444';
  const d = cli(['solve', 'connect4', '--params', '4x4'], { input: draw + '\n' });
  assert.equal(d.code, 0, d.stderr);
  assert.equal(d.stdout, draw + ' 0');
  assert.equal(cli(['solve', 'connect4', '--params', '5x4'], { input: '3\n' }).code, 0);
});

test('solve stops at the first bad line with status 2', () => {
  const cases = [
    [['solve', 'connect4'], '2252576253462244111563365343671351441\n48\n4\n', /line 2: bad connect4 move '8'/],
    [['solve', 'connect4'], '1111111\n', /line 1: .*column 1 is full/],
    [['solve', 'connect4'], '1122334\n', /line 1: the game is over, player 1 has four|line 1: the game is over: player 1 has four/],
    [['solve', 'connect4'], '12a\n', /line 1: bad connect4 move 'a'/],
    // (no input where the command stops before reading: no broken pipe)
    [['solve', 'connect4', '--params', '9x9'], '', /too large/],
    [['solve', 'connect4', '--params', '3x3'], '', /4 to 9/],
    [['solve', 'tictactoe'], '', /only connect4/],
    [['solve', 'connect4', '--bogus'], '', /unknown option/],
    [['solve', 'connect4'], 'x'.repeat(300) + '\n', /too long/],
  ];
  for (const [args, input, message] of cases) {
    const r = cli(args, { input });
    assert.equal(r.code, 2, `${args.join(' ')} <<< ${input.slice(0, 20)}`);
    assert.match(r.stderr, message);
    assert.equal(r.stderr.trim().split('\n').length, 1);
  }
  // Lines before the bad one were answered.
  const a = '2252576253462244111563365343671351441';
  assert.equal(cli(['solve', 'connect4'], { input: `${a}\n48\n` }).stdout, `${a} -1`);
});

test('wasm and native agree on connect4 at every level and on analyze', async () => {
  const { engine } = await loadQipan();
  for (const [params, seed] of [['7x6', 1], ['7x6', 2], ['5x4', 3], ['9x9', 4], ['6x5', 5]]) {
    let pos = engine.newGame('connect4', params, seed);
    for (let ply = 0; engine.status('connect4', pos).startsWith('turn'); ply++) {
      // Level 4 off its book's lines may spend its whole budget: late only.
      const level = 1 + (ply % (params === '7x6' && ply < 16 ? 3 : 4));
      const native = cli(['ai', 'connect4', pos, '--level', String(level), '--seed', String(ply)]);
      const wasm = engine.aiInfo('connect4', pos, { level, seed: ply });
      assert.equal(wasm.action, native.stdout, `${pos} level ${level}`);
      if (ply % 5 === 0 || params === '5x4') {
        assert.deepEqual(engine.analyze('connect4', pos, { level: 4 }),
          JSON.parse(cli(['analyze', 'connect4', pos]).stdout), pos);
      }
      assert.deepEqual(engine.describe('connect4', pos), JSON.parse(cli(['describe', 'connect4', pos]).stdout));
      pos = engine.apply('connect4', pos, wasm.action);
    }
    assert.equal(engine.status('connect4', pos), cli(['status', 'connect4', pos]).stdout);
  }
});

test('level 4 reports the score in Pons\' convention and in words', async () => {
  const { engine } = await loadQipan();
  const info = engine.aiInfo('connect4', '7x6 52753311433677442422121', { level: 4, seed: 1 });
  assert.equal(info.score, 8);
  assert.match(info.note, /^wins in \d+ moves?$/);
  const big = engine.aiInfo('connect4', '9x9 5', { level: 4, seed: 1 });
  assert.equal(big.score, undefined);
  assert.match(big.note, /too large/);
});

test('level 4 plays whole 7x6 games from the empty board on its book, as either side', async () => {
  const { engine } = await loadQipan();
  for (const side of [0, 1]) {
    for (const seed of [1, 2]) {
      let pos = '7x6';
      for (let ply = 0; engine.status('connect4', pos).startsWith('turn'); ply++) {
        const mine = ply % 2 === side;
        const opts = { level: mine ? 4 : 1 + ((seed + ply) % 3), seed: seed * 100 + ply };
        const info = engine.aiInfo('connect4', pos, opts);
        if (mine) {
          assert.equal(typeof info.score, 'number', `${pos}: ${info.note}`);
          assert.ok(info.nodes <= 6000000, `${pos}: ${info.nodes} nodes`);
          if (ply < 4) {
            assert.equal(cli(['ai', 'connect4', pos, '--level', '4', '--seed', String(opts.seed)]).stdout,
              info.action, pos);
          }
        }
        pos = engine.apply('connect4', pos, info.action);
      }
      if (side === 0) assert.equal(engine.status('connect4', pos), 'win 1', pos);
    }
  }
});

// The guarantee: level 4 never loses as first player, against
// levels 1 and 2 (every one of their strategies the seeds draw) and
// level 3: 200 games each (seats swapped, so 100 with level 4 first).
test('level 4 never loses as first player in 200 games against each level', () => {
  for (const level of [1, 2, 3]) {
    const r = cli(['match', 'connect4', '--a', '4', '--b', String(level), '--games', '200', '--seed', '11'],
      { timeout: 20 * 60 * 1000 });
    assert.equal(r.code, 0, r.stderr);
    const firsts = r.stdout.split('\n').filter((l) => /^game \d+: a first/.test(l));
    assert.equal(firsts.length, 100);
    const notWon = firsts.filter((l) => !l.includes('win a'));
    assert.deepEqual(notWon, [], `level 4 first against level ${level}`);
  }
});
