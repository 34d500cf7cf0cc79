// One notation everywhere: every command that takes an action also takes
// the move as the game writes it (links, records, the move list, `qipan
// move`), and a move is written one way by all of them; the engine's info
// says whether a game deals from its seed.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { cli, loadQipan, rng, inPlay } = require('./helpers.cjs');

function ok(args) {
  const r = cli(args);
  assert.equal(r.code, 0, `${args.slice(0, 2).join(' ')}: ${r.stderr}`);
  return r.stdout;
}

test('each move is written one way by qipan move, links and records; apply takes it', async () => {
  const { engine } = await loadQipan();
  const seen = new Map();
  for (const game of engine.list()) {
    const info = JSON.parse(ok(['info', game]));
    const seed = info.dealt ? 7 : null;
    const pick = rng(11);
    let pos = engine.newGame(game, info.params, seed ?? 1);
    const actions = [], moves = [];
    while (actions.length < 30 && inPlay(engine.status(game, pos))) {
      const legal = engine.legal(game, pos);
      const action = legal[pick(legal.length)];
      const move = ok(['move', game, pos, action]);
      const next = engine.apply(game, pos, action);
      assert.equal(ok(['move', game, pos, move]), move, `${game}: ${move} reads back`);
      assert.equal(ok(['apply', game, pos, move]), next, `${game}: apply ${move} plays ${action}`);
      actions.push(action);
      moves.push(move);
      pos = next;
    }
    const seedArgs = seed === null ? [] : ['--seed', String(seed)];
    const link = ok(['link', game, info.params, ...seedArgs, ...actions]);
    assert.equal(ok(['link', game, info.params, ...seedArgs, ...moves]), link, game);
    assert.equal(ok(['record', game, info.params, ...seedArgs, ...moves]),
      ok(['record', game, info.params, ...seedArgs, ...actions]), game);
    assert.deepEqual(JSON.parse(ok(['open', link])).moves, moves, `${game}: the link's moves`);
    assert.equal(ok(['apply', game, engine.newGame(game, info.params, seed ?? 1), ...moves]), pos);
    seen.set(game, moves);
  }
  // Where the notation is not the action text, the two differ.
  assert.ok(seen.get('gomoku').every((m) => /^[a-o]\d+$/.test(m)), seen.get('gomoku').join(' '));
  assert.ok(seen.get('minesweeper').every((m) => /^[ofc]\d+,\d+$/.test(m)));
});

test('gomoku: h8 is the centre in apply, move, link and the text board', () => {
  assert.equal(ok(['apply', 'gomoku', '15x15 free', 'h8']), '15x15 free 7,7');
  assert.equal(ok(['apply', 'gomoku', '15x15 free', 'H8', 'i9']), '15x15 free 7,7 8,6');
  assert.equal(ok(['move', 'gomoku', '15x15 free', '7,7']), 'h8');
  assert.equal(ok(['move', 'gomoku', '9x9 free 4,4', 'a1']), 'a1');
  assert.equal(ok(['link', 'gomoku', '15x15 free', 'h8', '8,6']), 'gomoku/15x15+free/h8.i9');
  const board = ok(['show', 'gomoku', '15x15 free 7,7']).split('\n');
  assert.match(board[0], /^\s+a\s+b\s+c .* o$/);
  assert.match(board.find((l) => l.includes('[X]')), /^\s*8 /);
});

test('a bad, taken or late move is refused with one line and status 2', () => {
  const cases = [
    [['move', 'gomoku', '15x15 free 7,7', 'h8'], /^qipan: bad gomoku move 'h8': the point is taken$/m],
    [['apply', 'gomoku', '15x15 free', 'z99'], /^qipan: bad gomoku move 'z99': not a point/],
    [['move', 'gomoku', '15x15 free', 'q'], /bad gomoku move 'q'/],
    [['move', 'tictactoe', 'xxxoo.... o', '6'], /game is over \(win x\)/],
    [['move', 'tictactoe', '......... x', '10'], /bad tictactoe action '10'/],
    [['move', 'connect4', '7x6', '8'], /connect4/],
    [['move', 'gomoku', 'garbage', 'h8'], /bad gomoku position/],
  ];
  for (const [args, pattern] of cases) {
    const r = cli(args);
    assert.equal(r.code, 2, args.join(' '));
    assert.equal(r.stdout, '');
    assert.equal(r.stderr.split('\n').length, 2, r.stderr);
    assert.match(r.stderr, pattern, args.join(' '));
  }
});

test('info says which games deal from their seed, natively and in wasm', async () => {
  const { engine } = await loadQipan();
  for (const game of engine.list()) {
    const info = JSON.parse(ok(['info', game]));
    const deals = engine.newGame(game, null, 1) !== engine.newGame(game, null, 2);
    assert.equal(info.dealt, deals, game);
    assert.equal(engine.info(game).dealt, deals, game);
  }
  assert.equal(JSON.parse(ok(['info', 'minesweeper'])).dealt, true);
  assert.equal(JSON.parse(ok(['info', 'beast'])).dealt, true);
  assert.equal(JSON.parse(ok(['info', 'gomoku'])).dealt, false);
});

test('a wasm link takes actions and moves alike, and refuses an empty one', async () => {
  const { engine } = await loadQipan();
  assert.equal(engine.link('gomoku', '15x15 free', null, ['7,7', 'i9']), 'gomoku/15x15+free/h8.i9');
  assert.equal(engine.link('gomoku', '15x15 free', null, []), 'gomoku/15x15+free');
  assert.throws(() => engine.link('gomoku', '15x15 free', null, ['7,7', '']), /missing action|empty/);
});
