// My games without a page (web/src/app/library-entry.js and the game
// modules' library ways): a finished game's entry and its result from the
// player's side, the exported file (a record a line that `qipan open`
// reads, with its note) read back into the very same entries, an import
// that reads all of a file or nothing (a hostile file says why, by its
// line), gomoku's .psq both ways (as Piskvork writes it, and ours read by
// the CLI), connect four's Pons strings, and the figures: per game and
// level, and minesweeper's per board from the same games with the
// statistics kept before the library carried in.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const fs = require('node:fs');
const os = require('node:os');
const { cli, loadQipan, pageEntry } = require('./helpers.cjs');

/* The library's DOM-free modules and the games' modules, bundled for node. */
const lib = pageEntry([
  "export * from './app/library-entry.js';",
  "export { gameModules } from './app/registry.js';",
  "export { writePsq } from './games/gomoku-library.js';",
  "export { boardKey } from './games/minesweeper-library.js';",
  "import './games/index.js';",
]);
const GAMES = ['tictactoe', 'gomoku', 'connect4', 'minesweeper', 'ponghauqi', 'beast'];
const NOW = Date.UTC(2025, 4, 3, 14, 2, 11);

async function context() {
  const { engine } = await loadQipan();
  return { engine, modules: lib.gameModules, games: GAMES };
}

/** A finished game of `game` played out by the engine's level-1 computer (seeded), as
 * the page would keep it: its record, status and plies. */
async function finished(game, seed, params) {
  const { engine } = await loadQipan();
  const start = params || engine.info(game).params;
  const dealt = engine.info(game).dealt;
  let pos = engine.newGame(game, start, seed);
  const actions = [];
  for (let i = 0; /^(turn|playing)/.test(engine.status(game, pos)); i++) {
    const a = engine.ai(game, pos, { level: 1, seed: seed * 1000 + i });
    actions.push(a);
    pos = engine.apply(game, pos, a);
  }
  return { game, record: engine.record(game, start, dealt ? seed : null, actions), status: engine.status(game, pos),
    actions, start: engine.newGame(game, start, seed) };
}

/** The entry the page keeps of a finished game. */
function played(f, how, at) {
  return lib.entryOfPlay({ id: f.game, record: f.record, status: f.status, plies: f.actions.length,
    mode: how.mode || 'ai', level: how.level || 2, side: how.side || '', solo: f.game === 'minesweeper',
    born: at - 60000, start: f.start }, how.own || {}, at);
}

test('a finished game\'s result is the player\'s: won, lost or drawn against the computer, a side\'s win with two', () => {
  assert.deepEqual(lib.outcome('win x', 'ai', 'x'), { result: 'win', winner: 'x', tag: 'win' });
  assert.deepEqual(lib.outcome('win x', 'ai', 'o'), { result: 'loss', winner: 'x', tag: 'loss' });
  assert.deepEqual(lib.outcome('draw', 'ai', 'o'), { result: 'draw', winner: '', tag: 'draw' });
  assert.deepEqual(lib.outcome('win 2', 'pvp', ''), { result: 'side', winner: '2', tag: 'pvp' });
  assert.deepEqual(lib.outcome('draw', 'pvp', ''), { result: 'draw', winner: '', tag: 'pvp' });
  assert.deepEqual(lib.outcome('won', 'solo', ''), { result: 'win', winner: '', tag: 'win' });
  assert.deepEqual(lib.outcome('lost', 'solo', ''), { result: 'loss', winner: '', tag: 'loss' });
});

test('an exported file is a record a line that qipan open reads, and reads back into the same games', async () => {
  const ctx = await context();
  const entries = [];
  let at = NOW;
  for (const game of GAMES) {
    for (const seed of [1, 2]) {
      const f = await finished(game, seed);
      const two = ctx.engine.info(game).players === 2;
      const how = !two ? { own: { ms: 12345, facts: { assisted: seed === 2 } } } :
        seed === 1 ? { mode: 'ai', level: 1, side: ctx.engine.info(game).sides[1] } : { mode: 'pvp' };
      entries.push(played(f, how, at -= 3600000));
    }
  }
  const text = lib.exportText(entries);
  const lines = text.trimEnd().split('\n');
  assert.equal(lines.length, entries.length);
  for (const [i, line] of lines.entries()) {
    assert.match(line, /^\w+ .* \| .* ; at=\d{4}-\d\d-\d\dT.*Z mode=(ai|pvp|solo) /);
    const read = cli(['open', line]);
    assert.equal(read.code, 0, read.stderr);
    assert.equal(JSON.parse(read.stdout).record, entries[i].record);
  }
  const back = await lib.readImport(text, ctx, NOW + 1);
  assert.deepEqual(back, entries);
  // The results are found again from the games themselves, not from the note.
  const forged = text.replace(/ id=\S+/g, '').replace(/mode=ai level=1 side=(\w)/g, 'mode=ai level=1 side=$1 result=win');
  const again = await lib.readImport(forged, ctx, NOW + 1);
  assert.deepEqual(again.map((e) => e.result), entries.map((e) => e.result));
});

test('an import reads the whole file or nothing: a bad line is named, with the engine\'s reason', async () => {
  const ctx = await context();
  const good = lib.exportText([played(await finished('tictactoe', 3), { mode: 'ai', level: 3, side: 'o' }, NOW)]);
  const reject = async (text, key, line) => {
    await assert.rejects(lib.readImport(text, ctx, NOW), (e) => {
      assert.ok(e instanceof lib.ImportError, String(e));
      assert.equal(e.key, key, e.message);
      if (line) assert.equal(e.line, line);
      return true;
    });
  };
  await reject(good + 'tictactoe x | 5 5\n', 'importBadLine', 2);
  await reject('\n\n' + good + 'tictactoe x | 5 1\n', 'importBadLine', 4); // not finished
  await reject(good + 'chess e4 | e5\n', 'importBadLine', 2);
  await reject('', 'importEmpty');
  await reject('\n \n', 'importEmpty');
  await reject(String.fromCharCode(0, 1, 2, 255) + '\n', 'importBadLine', 1);
  await reject('x'.repeat(lib.IMPORT_LIMITS.chars + 1), 'importTooBig');
  await reject('tictactoe x | 5\n'.repeat(lib.IMPORT_LIMITS.lines + 1), 'importTooMany');
  await reject(good.replace(/\| .* ;/, '| ' + '1 '.repeat(5000) + ';'), 'importBadLine', 1);
  // A game this page does not have.
  await assert.rejects(lib.readImport(good, { ...ctx, games: ['gomoku'] }, NOW), (e) => e.key === 'importNoGame');
  // A note that lies about the level or the side is not believed: the game is kept as two players'.
  const lying = good.replace('level=3', 'level=9');
  const [kept] = await lib.readImport(lying, ctx, NOW);
  assert.equal(kept.mode, 'pvp');
  assert.equal(kept.tag, 'pvp');
  // The same game twice in a file, or a file read twice, gives the same id: kept once.
  const twice = await lib.readImport(good + good, ctx, NOW);
  assert.equal(twice.length, 1);
  const bare = await lib.readImport('tictactoe x | 5 1 9 2 3 4 7', ctx, NOW);
  assert.deepEqual(bare.map((e) => e.id), (await lib.readImport('tictactoe  x|5 1 9 2 3 4 7\n', ctx, NOW + 5)).map((e) => e.id));
  assert.equal(bare[0].dated, false);
  assert.equal(bare[0].mode, 'pvp');
});

test('a gomoku .psq as Piskvork writes it opens with the same moves; ours reads back by the CLI', async () => {
  const ctx = await context();
  // Piskvork's savePsq: the header, "x,y,ms" a move from 1,1 (column, row from the top), then
  // (a tournament's) the players' names and the error code; lines end CR LF.
  const points = [[10, 10], [11, 10], [10, 11], [11, 11], [10, 12], [11, 12], [10, 13], [11, 13], [10, 14]];
  const psq = ['Piskvorky 20x20, 11:11, 0', ...points.map(([x, y], i) => `${x},${y},${400 + i * 37}`),
    'pbrain-one.exe', 'pbrain-two.exe', '0', ''].join('\r\n');
  const [entry] = await lib.readImport(psq, ctx, NOW);
  const opened = ctx.engine.open(entry.record);
  assert.deepEqual(opened.actions, points.map(([x, y]) => `${x - 1},${y - 1}`));
  assert.equal(opened.params, '20x20 free');
  assert.equal(entry.result, 'side');
  assert.equal(entry.winner, '1');
  // Ours: a game of the page written as a .psq, read by qipan open.
  const f = await finished('gomoku', 4, '15x15 renju');
  const ours = lib.writePsq(ctx.engine.open(f.record));
  assert.match(ours, /^Piskvorky 15x15, 0:0, 0\r\n(\d+,\d+,0\r\n)+-1\r\n$/);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'qipan-psq-')), 'game.psq');
  fs.writeFileSync(file, ours);
  const read = cli(['open', fs.readFileSync(file, 'utf8')]);
  assert.equal(read.code, 0, read.stderr);
  assert.deepEqual(JSON.parse(read.stdout).actions, f.actions);
  // "Exact five" goes on past an overline: a .psq (free, to its reader) cannot carry it.
  const exact = await finished('gomoku', 5, '9x9 exact');
  assert.equal(lib.writePsq(ctx.engine.open(exact.record)), null);
});

test('connect four games go out as Pascal Pons\' move strings, and such a string comes back as the game', async () => {
  const ctx = await context();
  const way = lib.gameModules.connect4.library;
  const f = await finished('connect4', 6);
  const pons = way.lines.line(ctx.engine.open(f.record));
  assert.match(pons, /^[1-7]+$/);
  assert.equal(pons, f.actions.join(''));
  const [entry] = await lib.readImport(pons + '\n', ctx, NOW);
  assert.equal(entry.record, f.record);
  assert.equal(way.lines.line(ctx.engine.open((await finished('connect4', 6, '6x5')).record)), null);
});

test('figures: per game and level, wins, losses and draws, and the current streak', () => {
  const e = (game, mode, level, result, date) => ({ game, mode, level, result, date });
  const rows = lib.figures([
    e('tictactoe', 'ai', 3, 'draw', 1), e('tictactoe', 'ai', 3, 'loss', 2), e('tictactoe', 'ai', 3, 'win', 3),
    e('tictactoe', 'ai', 3, 'win', 4), e('tictactoe', 'ai', 1, 'loss', 5), e('tictactoe', 'ai', 1, 'loss', 6),
    e('tictactoe', 'pvp', 0, 'side', 7), e('gomoku', 'ai', 2, 'draw', 8),
  ]);
  assert.deepEqual(rows.tictactoe, [
    { mode: 'ai', level: 1, games: 2, wins: 0, losses: 2, draws: 0, streak: -2 },
    { mode: 'ai', level: 3, games: 4, wins: 2, losses: 1, draws: 1, streak: 2 },
    { mode: 'pvp', level: 0, games: 1, wins: 0, losses: 0, draws: 0, streak: 0 },
  ]);
  assert.deepEqual(rows.gomoku, [{ mode: 'ai', level: 2, games: 1, wins: 0, losses: 0, draws: 1, streak: 0 }]);
});

test('minesweeper\'s figures per board come from the same games, with the statistics kept before carried in', () => {
  const way = lib.gameModules.minesweeper.library;
  const t = (key, vars) => key + (vars ? JSON.stringify(vars) : '');
  const game = (result, ms, date, plies = 30, assisted = false, board = 'beginner:safe') =>
    ({ game: 'minesweeper', result, ms, date, plies, facts: { assisted }, record: `minesweeper ${board} @7 | o1,1` });
  // What the statistics card had before the library (minesweeper-panel.js), as stored.
  const carried = way.carry({ stats: { 'beginner:safe': { played: 10, won: 6, streak: 2, bestStreak: 3, best: 20000 },
    'bogus': { played: 1 } } });
  assert.deepEqual(Object.keys(carried), ['beginner:safe']);
  const figures = way.figures([
    game('win', 15000, 1), game('win', 9000, 2, 1), // won by the first click: no best time
    game('loss', 3000, 3, 4, true), // helped: not counted
    game('win', 18000, 4), game('loss', 5000, 5, 8, false, '16x16/40:zero,noguess'),
  ], carried, t);
  assert.deepEqual(figures.rows, [
    ['16x16/40:zero,noguess'.replace(/^(\d+)x/, '$1×').replace(/:.*/, '') + ' · ruleNoguess', '0/1', '0%', '–', '0 / 0'],
    ['preset_beginner · rule_safe', '9/13', '69%', '15.00 s', '5 / 5'],
  ]);
  assert.equal(lib.boardKey('minesweeper 9x9/10:zero,qmarks,noguess @3 | o4,4'), '9x9/10:zero,noguess');
  assert.equal(lib.boardKey('minesweeper = 9x9/10:safe 3 | o4,4'), null);
});

test('a stored entry that does not read back is refused, not trusted', async () => {
  const ctx = await context();
  const good = played(await finished('tictactoe', 3), { mode: 'ai', level: 3, side: 'o' }, NOW);
  assert.deepEqual(lib.checkEntry(good, GAMES), good);
  for (const bad of [null, 7, 'x', { ...good, id: '' }, { ...good, game: 'chess' }, { ...good, date: 'today' },
    { ...good, result: 'maybe' }, { ...good, record: 'gomoku 15x15 |' }, { ...good, facts: [] },
    { ...good, plies: -1 }, { ...good, ms: 1.5 }]) {
    assert.equal(lib.checkEntry(bad, GAMES), null, JSON.stringify(bad));
  }
  assert.equal(ctx.engine.open(good.record).record, good.record);
});
