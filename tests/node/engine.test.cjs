// The wasm engine (web/qipan.js) answers exactly as the native CLI: same
// POS, same legal actions, same status and the same AI choice for a seed.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const test = require('node:test');
const assert = require('node:assert/strict');
const { cli, loadQipan } = require('./helpers.cjs');

test('Qipan.ready resolves and the engine lists the same games', async () => {
  const Qipan = await loadQipan();
  assert.deepEqual(Qipan.engine.list(), cli(['list']).stdout.split('\n'));
});

test('wasm and native agree along seeded games of every game', async () => {
  const { engine } = await loadQipan();
  for (const game of engine.list()) {
    const info = engine.info(game);
    for (const seed of [1, 2]) {
      let pos = engine.newGame(game, null, seed);
      assert.equal(pos, cli(['new', game, '--seed', String(seed)]).stdout, game);
      for (let ply = 0; ply < 12 && engine.status(game, pos).startsWith('turn') ||
        ply < 12 && engine.status(game, pos) === 'playing'; ply++) {
        assert.equal(engine.legal(game, pos).join(' '), cli(['legal', game, pos]).stdout,
          `${game} ${pos}`);
        assert.equal(engine.status(game, pos), cli(['status', game, pos]).stdout);
        assert.deepEqual(engine.describe(game, pos), JSON.parse(cli(['describe', game, pos]).stdout));
        const level = 1 + (ply % Math.min(info.maxLevel, 2));
        const action = engine.ai(game, pos, { level, seed: seed * 100 + ply });
        assert.equal(action, cli(['ai', game, pos, '--level', String(level),
          '--seed', String(seed * 100 + ply)]).stdout, `${game} ${pos} level ${level}`);
        pos = engine.apply(game, pos, action);
      }
    }
  }
});

test('gomoku level 3 (the search and its evaluation network) plays the same moves in wasm and natively', async () => {
  const { engine } = await loadQipan();
  const middle = fs.readFileSync(path.join(__dirname, '..', '..', 'bench', 'gomocup', 'middle.txt'), 'utf8')
    .split('\n').filter((l) => l.trim() && !l.startsWith('#')).map((l) => l.replace(/#.*/, '').trim());
  for (const [i, moves] of middle.slice(0, 2).entries()) {
    const pos = `15x15 free ${moves}`;
    const native = cli(['ai', 'gomoku', pos, '--level', '3', '--seed', String(i + 1)]).stdout;
    assert.match(native, /^\d+,\d+$/);
    assert.equal(engine.ai('gomoku', pos, { level: 3, seed: i + 1 }), native, pos);
  }
});

/* A refusal the engine means: its own (QipanError, the CLI's message) or
 * the argument checks' plain Error, with words. A wasm trap
 * (WebAssembly.RuntimeError: "unreachable", "memory access out of
 * bounds"), a stack overflow (RangeError) or a TypeError of the glue is
 * an Error too, but a crash, not an answer. */
function refusal(e) {
  return e instanceof Error && (e.name === 'QipanError' || e.constructor === Error) &&
    !(e instanceof WebAssembly.RuntimeError) && /\w/.test(e.message);
}

test('bad input throws an Error with the CLI message', async () => {
  const { engine } = await loadQipan();
  const cases = [
    () => engine.apply('tictactoe', '......... x', '0'),
    () => engine.legal('chess', 'x'),
    () => engine.newGame('tictactoe', 'q'),
    () => engine.ai('tictactoe', '......... x', { level: 9 }),
    () => engine.ai('tictactoe', '......... x', { seed: -4 }),
    () => engine.ai('tictactoe', '......... x', { seed: 1.5 }),
    () => engine.status('ponghauqi', 'wb.bw b 1 BE'),
  ];
  for (const f of cases) {
    let error = null;
    try { f(); } catch (e) { error = e; }
    assert.ok(error && refusal(error), `${f}: ${error}`);
  }
  let wasm = null;
  try { engine.apply('tictactoe', '......... x', '0'); } catch (e) { wasm = e.message; }
  const native = cli(['apply', 'tictactoe', '......... x', '0']).stderr.trim();
  assert.equal('qipan: ' + wasm, native);
});

test('hostile values never trap the engine', async () => {
  const { engine } = await loadQipan();
  const junk = [undefined, null, '', 0, -1, 1e300, NaN, {}, [], 'x'.repeat(70000), '\u0000',
    '\u00e9', '......... x\n', '%s%s%s'];
  for (const name of ['newGame', 'legal', 'apply', 'move', 'status', 'show', 'describe', 'ai', 'analyze']) {
    for (const a of junk) {
      for (const b of [a, '5', '......... x']) {
        for (const game of engine.list()) {
          try { engine[name](game, a, b); } catch (e) { assert.ok(refusal(e), `${name}(${game}, ...): ${e}`); }
        }
        try { engine[name](a, b, a); } catch (e) { assert.ok(refusal(e), `${name}(...): ${e}`); }
      }
    }
  }
  // Still answering after all that.
  assert.equal(engine.newGame('tictactoe'), '......... x');
});
