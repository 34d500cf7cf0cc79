// The game in play without a page (web/src/app/game-model.js, with the
// record it keeps through app/saved-game.js and its words, app/words.js):
// whose turn it is and who is human, the position shown and its replay,
// undo, playing on from an earlier move, opening a shared game, the moves
// found again from a stored game's positions; and a game's scope
// (app/game-scope.js), which stops its timers and closes its cards. The
// page's modules run here in node, with no DOM, on the wasm engine.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { loadQipan, pageEntry } = require('./helpers.cjs');

/* The model and what it is made with (the record, a store, the games'
 * modules), bundled for node by esbuild from the page's own modules. */
function pageModules() {
  return pageEntry([
    "export { GameModel } from './app/game-model.js';",
    "export { SavedGame } from './app/saved-game.js';",
    "export { GameScope } from './app/game-scope.js';",
    "export { resultTitle, statusLine } from './app/words.js';",
    "export { Store } from './storage.js';",
    "export { gameModules } from './app/registry.js';",
    "import './games/index.js';",
  ]);
}

const page = pageModules();
// Words as their keys, with what fills them in.
const t = (key, vars) => (vars ? key + ' ' + JSON.stringify(vars) : key);

/** A game of `id` in play, as a mounted page opens it (options as Qipan.mount's).
 * @param {string} id @param {object} [options] @param {object} [stored] a record already in storage */
async function opened(id, options = {}, stored = null) {
  const { engine } = await loadQipan();
  const store = new page.Store('qipan-test');
  if (stored) store.setGame(id, stored);
  const saved = new page.SavedGame(store, engine, options, { page: true, puzzle: false, fixedStart: false });
  const game = new page.GameModel(engine, saved, {});
  game.open(page.gameModules[id]);
  return { game, saved, engine };
}

/** Plays `actions` one after another, the board shown after each. */
function playAll(game, actions) {
  for (const a of actions) {
    game.play(a);
    game.show();
  }
}

test('the model needs no page: it runs in node, where there is no DOM', () => {
  assert.equal(typeof document, 'undefined');
  assert.equal(typeof window, 'undefined');
  assert.equal(typeof page.GameModel, 'function');
});

test('whose turn: the human\'s side against the computer, every side with two players', async () => {
  const { game } = await opened('tictactoe');
  // Tic-tac-toe's start screen: nothing starts until it is answered, unless the host answers it.
  assert.equal(game.newGame(), false);
  assert.equal(game.rec.started, false);
  assert.equal(game.newGame({ side: 'o', first: 'x' }), true);
  game.show();
  assert.equal(game.rec.humanFirst, false);
  assert.equal(game.humanSide(), 'o');
  assert.equal(game.humanTurn(), false);
  assert.deepEqual(page.statusLine(game, t, false, {}), { text: 'turnOf {"side":"X"}', color: undefined });
  playAll(game, ['5']);
  assert.equal(game.humanTurn(), true);
  assert.match(page.statusLine(game, t, false, {}).text, /^yourTurn \(O\)$/);
  const pvp = (await opened('tictactoe', { mode: 'pvp' })).game;
  pvp.newGame({ side: 'x', first: 'x' });
  pvp.show();
  for (const a of ['1', '4', '2', '5']) {
    assert.equal(pvp.humanTurn(), true);
    playAll(pvp, [a]);
  }
  playAll(pvp, ['3']);
  assert.equal(pvp.isOver(), true);
  assert.equal(pvp.humanTurn(), false);
  assert.equal(page.resultTitle(pvp, t), 'sideWins {"side":"X"}');
});

test('the result is said from the human\'s side against the computer', async () => {
  const { game } = await opened('tictactoe');
  game.newGame({ side: 'o', first: 'x' });
  game.show();
  playAll(game, ['1', '4', '2', '5', '3']);
  assert.equal(game.status, 'win x');
  assert.equal(page.resultTitle(game, t), 'youLose');
});

test('replay shows an earlier position with nothing to play; the last one leaves it', async () => {
  const { game } = await opened('connect4');
  assert.equal(game.newGame(), true);
  game.show();
  playAll(game, ['4', '4', '3', '5']);
  assert.equal(game.viewPly(1), false);
  game.show();
  assert.equal(game.replay, 1);
  assert.equal(game.shownPos(), game.rec.history[1]);
  assert.equal(game.view.moves, 1);
  assert.deepEqual(game.legal, []);
  assert.equal(game.humanTurn(), false);
  assert.equal(game.lastMove(), '4');
  assert.equal(game.viewPly(99), true);
  game.show();
  assert.equal(game.replay, null);
  assert.equal(game.view.moves, 4);
  assert.ok(game.legal.length > 0);
  assert.equal(game.humanTurn(), true);
});

test('undo against the computer goes back to the human\'s turn; a replay past the new end leaves', async () => {
  const { game } = await opened('gomoku', { first: 'human' });
  game.newGame();
  game.show();
  playAll(game, ['7,7', '8,8', '6,6']);
  game.undo();
  game.show();
  assert.equal(game.ply(), 2);
  assert.equal(game.humanTurn(), true);
  assert.deepEqual(game.moves(), ['7,7', '8,8']);
  playAll(game, ['6,6', '9,9']);
  game.viewPly(3);
  game.undo();
  game.show();
  assert.equal(game.ply(), 2);
  assert.equal(game.replay, null);
  // Two players: one move back.
  const pvp = (await opened('gomoku', { mode: 'pvp' })).game;
  pvp.newGame();
  pvp.show();
  playAll(pvp, ['7,7', '8,8', '6,6']);
  pvp.undo();
  assert.equal(pvp.ply(), 2);
});

test('playing on from a replayed position drops the moves after it; the player takes the side to move', async () => {
  const { game } = await opened('tictactoe');
  game.newGame({ side: 'x', first: 'x' });
  game.show();
  playAll(game, ['5', '1', '9']);
  assert.equal(game.playOn(), false);
  game.viewPly(1);
  assert.equal(game.playOn(), true);
  game.show();
  assert.equal(game.ply(), 1);
  assert.deepEqual(game.moves(), ['5']);
  assert.equal(game.rec.humanFirst, false);
  assert.equal(game.humanTurn(), true);
  assert.equal(game.humanSide(), 'o');
});

test('an opened link becomes the game in play: its moves as written, its params the settings, the side to move the player\'s', async () => {
  const { game, engine } = await opened('gomoku');
  game.newGame();
  const link = engine.open(engine.link('gomoku', '9x9 renju', null, ['4,4', '3,3', '5,5']));
  game.adopt(link);
  game.show();
  assert.deepEqual([game.rec.settings.cols, game.rec.settings.rows, game.rec.settings.rule], [9, 9, 'renju']);
  assert.equal(game.newGameParams(), '9x9 renju');
  assert.deepEqual(game.writtenMoves(), link.moves);
  assert.equal(game.rec.started, true);
  assert.equal(game.rec.humanFirst, false);
  assert.equal(game.humanTurn(), true);
  assert.equal(game.humanSide(), '2');
});

test('a stored game whose moves were lost has them found again from its positions', async () => {
  const { engine } = await loadQipan();
  const actions = ['3', '4', '4', '5'], history = [engine.newGame('connect4', '7x6', null)];
  for (const a of actions) history.push(engine.apply('connect4', history[history.length - 1], a));
  const { game } = await opened('connect4', {}, { history, moves: ['9'], started: true });
  assert.equal(game.rec.moves, undefined);
  assert.deepEqual(game.moves(), actions);
  assert.deepEqual(game.rec.moves, actions);
  assert.deepEqual(game.writtenMoves(), actions);
});

test('each game module makes its own state for each game in play', () => {
  for (const id of ['gomoku', 'connect4', 'minesweeper', 'beast']) {
    const mod = page.gameModules[id];
    const a = mod.createState(), b = mod.createState();
    assert.notEqual(a, b, id);
    assert.deepEqual(Object.keys(a), Object.keys(b), id);
  }
});

test('a game\'s scope stops its timers and clocks and closes its cards when it closes', async () => {
  const scope = new page.GameScope({ mine: true });
  let ran = 0, ticked = 0;
  const card = { closed: false, close() { this.closed = true; } };
  scope.later(() => ran++, 5);
  scope.interval(() => ticked++, 5);
  assert.equal(scope.keep(card), card);
  scope.close();
  await new Promise((resolve) => setTimeout(resolve, 40));
  assert.deepEqual([ran, ticked, card.closed], [0, 0, true]);
  const open = new page.GameScope(null);
  open.later(() => ran++, 5);
  await new Promise((resolve) => setTimeout(resolve, 40));
  assert.equal(ran, 1);
});
