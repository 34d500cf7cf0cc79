// The gomocup match manager (bench/gomocup.cjs) with stub brains of ours
// (fixtures/stub-brain.cjs): how it adjudicates fives, illegal replies,
// crashes, hangs and full boards, how it feeds openings and swaps colours,
// and its figures.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { root } = require('./helpers.cjs');
const { playGame, playMatch } = require('../../bench/gomocup/match.cjs');
const { Board, firstBlunder } = require('../../bench/gomocup/board.cjs');
const { wilson, summarize } = require('../../bench/gomocup/stats.cjs');
const { loadOpenings, opponentsFromEnv } = require('../../bench/gomocup.cjs');
const { splitCommand } = require('../../bench/gomocup/brain.cjs');

const stubPath = path.join(__dirname, 'fixtures', 'stub-brain.cjs');
const stub = (name, ...flags) => ({ name, command: `"${process.execPath}" "${stubPath}" ${flags.join(' ')}` });
const FAST = { turnMs: 200, toleranceMs: 300, gapMs: 0 };
const OPENING = [[7, 7], [7, 8], [6, 6]]; // White to move

function tempLog(name) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gomocup-'));
  return path.join(dir, name);
}

const logLines = (file) => fs.readFileSync(file, 'utf8').trim().split('\n');

test('a five wins: the first to complete its row, with the opening fed through BOARD', async () => {
  const aLog = tempLog('a.log'), bLog = tempLog('b.log');
  const a = stub('top', '--log', aLog);
  const b = stub('bottom', '--from bottom', '--log', bLog);
  // Game 1: A Black, B White; White moves first after 3 stones, so B's
  // row of five comes first.
  const r = await playGame(OPENING, a, b, FAST);
  assert.equal(r.winner, 'white');
  assert.equal(r.reason, 'five');
  assert.deepEqual(r.moves, ['14,14', '0,0', '13,14', '1,0', '12,14', '2,0', '11,14', '3,0', '10,14']);
  assert.deepEqual(r.times.map((t) => t.side).slice(0, 2), ['white', 'black']);
  assert.equal(r.times[0].nodes, 10);
  const bSaw = logLines(bLog);
  assert.equal(bSaw[0], 'START 15');
  for (const info of ['INFO timeout_turn 200', 'INFO timeout_match 0', 'INFO rule 0', 'INFO game_type 1']) {
    assert.ok(bSaw.includes(info), info);
  }
  // B (White) sees its own stone as 1, Black's as 2, in move order.
  const board = bSaw.indexOf('BOARD');
  assert.deepEqual(bSaw.slice(board, board + 5), ['BOARD', '7,7,2', '7,8,1', '6,6,2', 'DONE']);
  assert.equal(bSaw[board + 5], 'TURN 0,0');
  assert.equal(bSaw[bSaw.length - 1], 'END');
  // A (Black) first gets the opening and B's first reply.
  const aSaw = logLines(aLog);
  const aBoard = aSaw.indexOf('BOARD');
  assert.deepEqual(aSaw.slice(aBoard, aBoard + 6), ['BOARD', '7,7,1', '7,8,2', '6,6,1', '14,14,2', 'DONE']);
  assert.equal(aSaw.filter((l) => l.startsWith('BOARD')).length, 1);
});

test('a match plays each opening twice with colours swapped', async () => {
  const records = await playMatch(stub('top'), stub('bottom', '--from bottom'), [OPENING], FAST);
  assert.deepEqual(records.map((r) => [r.a, r.black, r.white, r.winner]),
    [['black', 'top', 'bottom', 'white'], ['white', 'bottom', 'top', 'white']]);
  // As White, A moves first after the opening and its row comes first.
  assert.deepEqual(records[1].moves.slice(0, 3), ['0,0', '14,14', '1,0']);
  const s = summarize(records);
  assert.deepEqual([s.win, s.loss, s.draw, s.score], [1, 1, 0, 0.5]);
  assert.deepEqual([s.asBlack.loss, s.asWhite.win], [1, 1]);
  assert.equal(s.a.moves + s.b.moves, records[0].moves.length + records[1].moves.length);
});

test('games played at once (jobs) give the records of the same games, in the openings\' order', async () => {
  const second = [[7, 7], [8, 8], [6, 6], [13, 13]];
  const one = await playMatch(stub('top'), stub('bottom', '--from bottom'), [OPENING, second], FAST);
  const four = await playMatch(stub('top'), stub('bottom', '--from bottom'), [OPENING, second], { ...FAST, jobs: 4 });
  const key = (r) => [r.index, r.a, r.black, r.winner, r.moves.join(' ')];
  assert.equal(four.length, 4);
  assert.deepEqual(four.map(key), one.map(key));
});

test('time odds: the factor that scores 50 % is interpolated on a log scale', () => {
  const { evenOdds, describeOdds } = require('../../bench/gomocup.cjs');
  assert.ok(Math.abs(evenOdds([{ factor: 1, score: 0.2 }, { factor: 4, score: 0.8 }]) - 2) < 1e-9);
  assert.equal(evenOdds([{ factor: 4, score: 0.6 }, { factor: 1, score: 0.1 }, { factor: 2, score: 0.3 }]).toFixed(3),
    (2 ** (5 / 3)).toFixed(3)); // between 2x (30 %) and 4x (60 %): two thirds of the way
  assert.equal(evenOdds([{ factor: 1, score: 0.1 }, { factor: 2, score: 0.3 }]), null);
  assert.match(describeOdds([{ factor: 1, score: 0.1 }, { factor: 2, score: 0.3 }]), /beyond the factors tried/);
  assert.match(describeOdds([{ factor: 1, score: 0.25 }, { factor: 4, score: 0.75 }]), /1x 25.0 %, 4x 75.0 %; 50 % at about 2.0x/);
});

test('an illegal reply loses: occupied, off the board, not a move, ERROR', async () => {
  for (const [flags, detail] of [['--illegal occupied 2', /^occupied: /], ['--illegal offboard 1', /^off the board: 15,0/],
    ['--illegal garbage 1', /^not a move: 'five please'/], ['--error 1', /^not a move: 'ERROR/]]) {
    const r = await playGame(OPENING, stub('a'), stub('b', '--from bottom', flags), FAST);
    assert.equal(r.reason, 'illegal', flags);
    assert.equal(r.winner, 'black', flags);
    assert.match(r.detail, detail);
  }
});

test('a brain that crashes loses', async () => {
  const r = await playGame(OPENING, stub('a', '--crash 2'), stub('b', '--from bottom'), FAST);
  assert.equal(r.reason, 'crash');
  assert.equal(r.winner, 'white');
  assert.match(r.detail, /exit code 3/);
  assert.equal(r.moves.length, 3); // B, A, B: A's second move never came
  const missing = await playGame(OPENING, { name: 'none', command: '/nonexistent/pbrain' }, stub('b'), FAST);
  assert.equal(missing.reason, 'crash');
  assert.equal(missing.winner, 'white');
});

// The test's own time-out is the hang guard: a manager that did not end
// the hung brain after its 250 ms would keep the test past it.
test('a brain that hangs loses on time and is killed', { timeout: 5000 }, async () => {
  const log = tempLog('hang.log');
  const r = await playGame(OPENING, stub('a'), stub('b', '--hang 2', '--log', log),
    { turnMs: 100, toleranceMs: 150, gapMs: 0 });
  assert.equal(r.reason, 'timeout');
  assert.equal(r.winner, 'black');
  assert.match(r.detail, /no reply in 250 ms/);
  assert.ok(!logLines(log).includes('END'), 'a hung brain is killed, not asked to end');
});

test('SUGGEST is answered with PLAY of the same point', async () => {
  const r = await playGame(OPENING, stub('a'), stub('b', '--from bottom', '--suggest'), FAST);
  assert.equal(r.reason, 'five');
  assert.equal(r.moves[0], '14,14');
});

test('a full board without a five is a draw', async () => {
  // On 5x5 both stubs fill the board row by row; this opening leaves no five.
  const r = await playGame([[0, 0], [2, 2]], stub('a'), stub('b'), { ...FAST, size: 5 });
  assert.equal(r.reason, 'full board');
  assert.equal(r.winner, null);
  assert.equal(r.moves.length, 23);
});

test('five or more wins on the manager board; threats are counted', () => {
  const b = Board.fromMoves(15, [[0, 0], [0, 5], [1, 0], [1, 5], [2, 0], [2, 5], [4, 0], [3, 5], [5, 0]]);
  assert.ok(!b.madeFive(5, 0));
  b.place(14, 14); // White elsewhere
  b.place(3, 0); // Black joins 0-5: six
  assert.ok(b.madeFive(3, 0));
  const open = Board.fromMoves(15, [[5, 7], [0, 0], [6, 7], [0, 14], [7, 7]]);
  assert.deepEqual(open.openFourPoints(1).map(String).sort(), ['4,7', '8,7']);
  assert.deepEqual(open.winPoints(1), []);
});

test('the blunder check names a missed four and a missed open three', () => {
  // White plays 0,14 instead of blocking Black's four at 8,7 or 4,7... an
  // open four; the miss was earlier: the open three 5,7 6,7 7,7.
  const three = [[5, 7], [0, 0], [6, 7], [0, 14], [7, 7], [14, 0], [8, 7], [14, 14], [9, 7]];
  assert.deepEqual(firstBlunder(15, three, 2), { ply: 5, kind: 'missed open three', move: [14, 0] });
  const four = [[5, 7], [0, 0], [6, 7], [5, 8], [7, 7], [4, 7], [8, 7], [14, 14], [9, 7]];
  assert.deepEqual(firstBlunder(15, four, 2), { ply: 7, kind: 'missed four', move: [14, 14] });
  assert.equal(firstBlunder(15, four, 1), null);
});

test('the interval is Wilson on the points fraction', () => {
  const [lo, hi] = wilson(0.5, 100);
  assert.ok(Math.abs(lo - 0.4038) < 1e-3 && Math.abs(hi - 0.5962) < 1e-3, `${lo} ${hi}`);
  const [zeroLo, zeroHi] = wilson(0, 20);
  assert.equal(zeroLo, 0);
  assert.ok(zeroHi > 0.1 && zeroHi < 0.2);
});

test('openings, brains from the environment, command lines', () => {
  const openings = loadOpenings();
  assert.ok(openings.length >= 20);
  const seen = new Set();
  for (const o of openings) {
    assert.ok(o.length >= 2 && o.length <= 5, `${o.length} stones`); // 3-4 near the centre, then 5 within three points
    const board = Board.fromMoves(15, o);
    assert.equal(new Set(o.map(String)).size, o.length);
    assert.deepEqual(board.winPoints(1).concat(board.winPoints(2)), []);
    seen.add(o.map(String).join(' '));
  }
  assert.equal(seen.size, openings.length);
  assert.deepEqual(opponentsFromEnv({ QIPAN_BRAIN_RAPFI: '/x/pbrain-rapfi', QIPAN_BRAIN_GOBANG: 'node b.cjs',
    QIPAN_BRAIN_GOBANG_MS: '60000', QIPAN_BRAIN_EMPTY: ' ', PATH: '/bin' }),
  [{ name: 'gobang', command: 'node b.cjs', turnMs: 60000 }, { name: 'rapfi', command: '/x/pbrain-rapfi', turnMs: undefined }]);
  assert.deepEqual(splitCommand(`node "/a b/c.cjs" --depth 6 'x y'`), ['node', '/a b/c.cjs', '--depth', '6', 'x y']);
});

test('without brains, `node bench/gomocup.cjs` says how to set them up and succeeds', () => {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('QIPAN_BRAIN_')));
  const r = spawnSync(process.execPath, [path.join(root, 'bench', 'gomocup.cjs')], { env, encoding: 'utf8', timeout: 10000 });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /QIPAN_BRAIN_RAPFI=/);
  assert.match(r.stdout, /QIPAN_BRAIN_GOBANG=/);
});

test('match records become the tuner\'s teacher games; games not ended on the board are left out', () => {
  const { gameLine } = require('../../tools/gomocup_games.cjs');
  const record = (winner, reason) => ({ opening: ['7,7', '8,8'], moves: ['0,1', '14,14'], winner, reason });
  assert.equal(gameLine(record('black', 'five')), 'B 2 112 128 15 224');
  assert.equal(gameLine(record('white', 'five')), 'W 2 112 128 15 224');
  assert.equal(gameLine(record(null, 'full board')), 'D 2 112 128 15 224');
  for (const reason of ['timeout', 'illegal', 'crash']) assert.equal(gameLine(record('black', reason)), null);
  // The random openings the tuner writes (gomoku_tune openings) load as a list.
  const file = tempLog('openings.txt');
  fs.writeFileSync(file, '# made by gomoku_tune openings 2 7\n7,7 9,9 8,9 9,6\n7,7 9,5 8,5 7,5\n');
  assert.deepEqual(loadOpenings(file), [[[7, 7], [9, 9], [8, 9], [9, 6]], [[7, 7], [9, 5], [8, 5], [7, 5]]]);
});
