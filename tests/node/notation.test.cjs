// One notation: the wasm engine's move() writes a move as links, records
// and the page's move list do (gomoku h8), reads the move in that notation
// back wherever an action goes, refuses an illegal move with the engine's
// words, as the native CLI does; info() says which games deal from a seed.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { cli, loadQipan } = require('./helpers.cjs');

/** The engine's message when `fn` throws (null when it does not). */
function thrown(fn) {
  try {
    fn();
  } catch (e) {
    assert.equal(e.name, 'QipanError', e.message);
    return e.message;
  }
  return null;
}

test('move() writes the action as the game writes it', async () => {
  const { engine } = await loadQipan();
  const beastStart = engine.newGame('beast', null, 17);
  const cases = [
    ['gomoku', '15x15 free', '7,7', 'h8'],
    ['gomoku', '15x15 free', '0,0', 'a15'],
    ['gomoku', '15x15 free', '14,14', 'o1'],
    ['gomoku', '19x19 free', '0,0', 'a19'],
    ['gomoku', '25x25 free', '24,0', 'y25'],
    ['minesweeper', '9x9/10:safe 5', 'o 3,4', 'o3,4'],
    ['minesweeper', '9x9/10:safe 5', 'f 0,8', 'f0,8'],
    ['tictactoe', '......... x', '5', '5'],
    ['connect4', '7x6', '4', '4'],
    ['ponghauqi', 'wb.bw b', 'B', 'B'],
    ['beast', beastStart, 'c5', 'c5'],
  ];
  for (const [game, pos, action, move] of cases) {
    assert.equal(engine.move(game, pos, action), move, `${game} ${action}`);
    assert.equal(cli(['move', game, pos, action]).stdout, move, `${game} ${action}: native`);
  }
});

test('move() writes every legal action as the native CLI does, and as open() lists a game', async () => {
  const { engine } = await loadQipan();
  for (const game of engine.list()) {
    let pos = engine.newGame(game, null, 7);
    const actions = [], moves = [];
    for (let ply = 0; ply < 8 && /^(turn|playing)/.test(engine.status(game, pos)); ply++) {
      const legal = engine.legal(game, pos);
      const sample = legal.filter((_, i) => i % Math.ceil(legal.length / 6) === 0);
      for (const a of sample) assert.equal(engine.move(game, pos, a), cli(['move', game, pos, a]).stdout, `${game} ${pos} ${a}`);
      const action = engine.ai(game, pos, { level: 1, seed: ply + 1 });
      actions.push(action);
      moves.push(engine.move(game, pos, action));
      pos = engine.apply(game, pos, action);
    }
    // The page's move list, grown one move() at a time, is the one a link replays.
    const seed = engine.info(game).dealt ? 7 : null;
    assert.deepEqual(engine.open(engine.link(game, '', seed, actions)).moves, moves, game);
  }
});

test('a move in notation goes wherever an action goes', async () => {
  const { engine } = await loadQipan();
  assert.equal(engine.move('gomoku', '15x15 free', 'h8'), 'h8');
  assert.equal(engine.move('gomoku', '15x15 free', 'H8'), 'h8', 'either case');
  assert.equal(engine.apply('gomoku', '15x15 free', 'h8'), engine.apply('gomoku', '15x15 free', '7,7'));
  assert.equal(engine.apply('gomoku', '15x15 free', ['h8', 'i9']), '15x15 free 7,7 8,6');
  assert.equal(engine.move('minesweeper', '9x9/10:safe 5', 'o3,4'), 'o3,4');
  assert.equal(engine.link('gomoku', '15x15 free', null, ['h8', '8,6']), 'gomoku/15x15+free/h8.i9');
  assert.equal(engine.record('gomoku', '15x15 free', null, ['h8', 'i9']), 'gomoku 15x15 free | h8 i9');
});

test('an illegal move throws with the engine\'s words, as the CLI says them', async () => {
  const { engine } = await loadQipan();
  const cases = [
    ['gomoku', '15x15 free 7,7', 'h8'],
    ['gomoku', '15x15 free 7,7', '7,7'],
    ['gomoku', '15x15 free', 'z9'],
    ['gomoku', '15x15 free', 'p1'],
    ['tictactoe', 'x........ o', '1'],
    ['tictactoe', '......... x', '10'],
    ['connect4', '4x4 1111', '1'],
    ['ponghauqi', 'wb.bw b', 'A'],
    ['tictactoe', 'xxx.oo... o', '4'], // the game is over
  ];
  for (const [game, pos, action] of cases) {
    const message = thrown(() => engine.move(game, pos, action));
    assert.ok(message, `${game} ${pos}: ${action} is refused`);
    const native = cli(['move', game, pos, action]);
    assert.equal(native.code, 2);
    assert.equal('qipan: ' + message, native.stderr.trim());
  }
  assert.match(thrown(() => engine.move('gomoku', '15x15 free 7,7', 'h8')), /taken/);
  assert.match(thrown(() => engine.move('gomoku', '15x15 free', 'z9')), /not a point of the 15x15 board/);
  // An empty move is refused before it reaches the engine.
  assert.throws(() => engine.move('gomoku', '15x15 free', ''), /missing action/);
});

test('info() says which games deal from their seed: minesweeper and beast', async () => {
  const { engine } = await loadQipan();
  for (const game of engine.list()) {
    const dealt = engine.info(game).dealt;
    assert.equal(typeof dealt, 'boolean', game);
    assert.equal(dealt, game === 'minesweeper' || game === 'beast', game);
    // What it means: seeds 1 and 2 start different games exactly then.
    assert.equal(engine.newGame(game, null, 1) !== engine.newGame(game, null, 2), dealt, game);
  }
});
