// bench/beast_vs.cjs, without the external engine: the bridge's position
// translation against what our engine shows both players (describe), and
// the match runner against stub engines (tests/node/fixtures/cdc_stub.cjs)
// that play legally, illegally, crash or hang.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { loadQipan, qipanBin } = require('./helpers.cjs');
const bridge = require('../../bench/beast_vs.cjs');

/* A small seeded generator (mulberry32). */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/* What both players see, from our engine's describe(): the 32 cells (a1
 * first: '.', a face-up letter, '?' face-down), the side, the hidden
 * counts and the plies. */
function seenByBoth(d) {
  const cells = [];
  for (const c of d.cells) {
    const i = (Number(c.at[1]) - 1) * 4 + 'abcd'.indexOf(c.at[0]);
    cells[i] = c.state === 'up' ? c.piece : c.state === 'down' ? '?' : '.';
  }
  return { cells, side: d.turn, hidden: d.hidden, plies: d.plies };
}

/* Random play that prefers quiet moves (long windows without a flip or
 * capture, repetitions, the draw rule); calls visit(pos, boards) at every
 * position, boards being the boards since the last flip or capture. */
function randomGame(e, seed, visit) {
  const rnd = random(seed);
  let pos = e.newGame('beast', null, String(seed));
  let boards = [seenByBoth(e.describe('beast', pos)).cells.join('')];
  while (/^turn/.test(e.status('beast', pos))) {
    visit(pos, boards);
    const legal = e.legal('beast', pos);
    const quiet = legal.filter((a) => a.length === 4);
    const pool = quiet.length && rnd() < 0.9 ? quiet : legal;
    pos = e.apply('beast', pos, pool[Math.floor(rnd() * pool.length)]);
    const seen = seenByBoth(e.describe('beast', pos));
    boards = seen.plies === 0 ? [seen.cells.join('')] : [...boards, seen.cells.join('')];
  }
}

test('the bridge gives the engine what both players see, and its moves come back', async () => {
  const { engine: e } = await loadQipan();
  let positions = 0, long = 0;
  for (let seed = 1; seed <= 6; seed++) {
    randomGame(e, seed, (pos, boards) => {
      const seen = seenByBoth(e.describe('beast', pos));
      const told = bridge.toEngine(pos);
      assert.match(bridge.positionCommand(told),
        /^position fen [GAERHCSgaerhcsX1-8/]+ [rb-] (([GAERHCSgaerhcs]\d+)+|-) \d+ 1( moves( [a-h][0-3][a-h][0-3])+)?$/);
      const back = bridge.engineView(told);
      assert.deepEqual(back.cells, seen.cells, pos);
      assert.equal(back.side, seen.side, pos);
      assert.deepEqual(back.hidden, seen.hidden, pos);
      assert.equal(back.clock, bridge.engineClock(seen.plies), pos);
      // Its repetition window: the positions since the last flip or capture
      // (less those dropped to set its clock), oldest first.
      assert.deepEqual(back.boards, boards.slice(boards.length - back.boards.length), pos);
      assert.equal(back.boards.length, 1 + Math.min(seen.plies, bridge.engineClock(seen.plies)), pos);
      // The contract's POS without its LOG: the same view, no window.
      const bare = bridge.engineView(bridge.toEngine(pos.split(' ').slice(0, 3).join(' ')));
      assert.deepEqual([bare.cells, bare.clock, bare.boards.length], [seen.cells, back.clock, 1], pos);
      for (const a of e.legal('beast', pos)) assert.equal(bridge.fromUci(bridge.toUci(a)), a);
      positions++;
      long += seen.plies >= 12;
    });
  }
  assert.ok(positions > 300 && long > 50, `${positions} positions, ${long} with 12+ quiet plies`);
});

test('the bridge maps boards by transposing: our rows are its files', () => {
  // a1 the blue dragon, c5 a red hawk, d1 a face-down red cat; blue to move.
  const { fen, moves } = bridge.toEngine('..../..../..../..H./..../..../..../d..?C b 3');
  assert.equal(fen, 'X7/4C3/8/g7 b S1 3 1');
  assert.deepEqual(moves, []);
  assert.equal(bridge.toUci('c5'), 'e2e2');
  assert.equal(bridge.toUci('a1a2'), 'a0b0');
  assert.equal(bridge.fromUci('a0h3'), 'a1d8');
  assert.equal(bridge.fromUci('i0a0'), null);
  // Its no-progress draw (40) comes exactly with ours (50).
  assert.equal(bridge.engineClock(50), 40);
  for (let p = 0; p < 50; p++) assert.ok(bridge.engineClock(p) < 40 && bridge.engineClock(p) >= 0);
});

const stub = (mode) => `"${process.execPath}" "${path.join(__dirname, 'fixtures', 'cdc_stub.cjs')}" ${mode}`;

function match(mode, extra = {}) {
  return bridge.playMatch({ engine: stub(mode), mode: 'nodes', nodes: 1000, deals: 1, seed: 5, level: 1,
    timeoutMs: 5000, startTimeoutMs: 20000, bin: qipanBin, ...extra });
}

test('the runner plays whole games against a legal engine, both seats', { timeout: 120000 }, async () => {
  const records = await match('legal');
  assert.deepEqual(records.map((r) => r.first), ['ours', 'engine']);
  for (const r of records) {
    assert.match(r.reason, /^(hp|stuck|repetition|no-progress)$/);
    assert.equal(r.moves.length, r.plies);
    assert.ok(r.moves.every((m, i) => m.by === ((i % 2 === 0) === (r.first === 'ours') ? 'ours' : 'engine')));
    assert.equal(r.engine, 'stub legal');
  }
  const lines = bridge.summaryLines(records).join('\n');
  assert.match(lines, /^W-L-D \(level 1\) \d-\d-\d; score/m);
  assert.match(lines, /^ {2}draws/m);
  // Each record ends with both sides' HP, from the last position, and
  // records kept before that get them by replaying their actions.
  const { engine: e } = await loadQipan();
  for (const r of records) {
    const hp = e.describe('beast', r.pos).hp;
    assert.deepEqual(r.hp, { ours: hp[r.colour], engine: hp[r.colour === 'r' ? 'b' : 'r'] });
    assert.equal(r.end, r.result === 'draw' ? r.pos.split(' ').slice(0, 3).join(' ') : undefined);
    // The opening's end: the first position with 15 or fewer face down,
    // both sides' HP there.
    const positions = [e.newGame('beast', null, String(r.deal))];
    for (const m of r.moves) positions.push(e.apply('beast', positions[positions.length - 1], m.action));
    const down = positions.map((pos) => (pos.split(' ')[0].match(/\?/g) || []).length);
    if (r.opening) {
      assert.ok(down[r.opening.ply] <= 15 && down[r.opening.ply - 1] >= 16);
      const at = e.describe('beast', positions[r.opening.ply]).hp;
      assert.deepEqual([r.opening.ours, r.opening.engine], [at[r.colour], at[r.colour === 'r' ? 'b' : 'r']]);
    } else {
      assert.equal(r.opening, null);
      assert.ok(Math.min(...down) >= 16);
    }
    const old = bridge.compactRecord(r);
    for (const k of ['hp', 'end', 'tables', 'search', 'opening']) delete old[k];
    assert.deepEqual(bridge.withEndings([old], e)[0], bridge.compactRecord(r));
  }
  // Records kept without their move lists give the same tables and keep
  // every action in order.
  const compact = records.map(bridge.compactRecord);
  assert.deepEqual(bridge.summaryLines(compact), bridge.summaryLines(records));
  assert.deepEqual(compact.map((r) => r.actions.split(' ')), records.map((r) => r.moves.map((m) => m.action)));
  assert.ok(compact.every((r) => !r.moves && r.sides.ours.n + r.sides.engine.n === r.plies));
  records.forEach((r, i) => {
    const ours = r.moves.filter((m) => m.by === 'ours').map((m) => m.nodes);
    assert.deepEqual(compact[i].sides.ours.nodes, [ours.length, ours.reduce((a, b) => a + b, 0), Math.max(...ours)]);
  });
  // A kept file: a note line, then the games; --summary prints their table.
  const kept = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cdc-')), 'kept.jsonl');
  const cli = (...args) => execFileSync(process.execPath, [path.join(__dirname, '..', '..', 'bench', 'beast_vs.cjs'), ...args],
    { encoding: 'utf8' });
  fs.writeFileSync(kept, '# the stub\n' + records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  fs.writeFileSync(kept, '# the stub\n' + cli('--compact', kept));
  assert.equal(cli('--summary', kept).trim(), bridge.summaryLines(records).join('\n'));
});

test('the draws are told apart: how they ended, who had more HP, each one given away with its position', () => {
  const game = (deal, result, reason, ours, engine, end) => ({ deal, first: 'ours', mode: 'nodes', level: 3,
    budget: 800000, engine: 'stub', colour: 'r', result, reason, plies: 100, actions: '', sides: {},
    hp: { ours, engine }, ...(end ? { end } : {}) });
  const records = [game(1, 'win', 'hp', 30, 0), game(2, 'draw', 'no-progress', 31, 20, 'D... r 50'),
    game(3, 'draw', 'no-progress', 10, 20, 'd... r 50'), game(4, 'draw', 'repetition', 12, 12, 'T... b 9'),
    game(5, 'draw', 'no-progress', 19, 19, 'x... r 50')];
  const lines = bridge.summaryLines(records).join('\n');
  assert.match(lines, /draws by how they ended and who had more HP then: no-progress 3 \(level 3 ahead 1, level 3 level 1, level 3 behind 1\); repetition 1 \(level 3 level 1\)/);
  assert.match(lines, /drawn ahead: deal 2, ours first, no-progress, HP 31-20: D\.\.\. r 50/);
  assert.equal((lines.match(/drawn ahead/g) || []).length, 1);
});

test('a drawn game ahead is searched again from our level\'s side, the no-progress count back to 0', async () => {
  const { engine: e } = await loadQipan();
  // A red dragon against a blue fox: won for red, whoever is to move and
  // however long the game has gone without a capture.
  const won = 'D.../..../..../..../..../..../..../...f b 50';
  const forRed = bridge.searchSays(e, won, 'r'), forBlue = bridge.searchSays(e, won, 'b');
  assert.match(forRed, /^29\d\d for our level at depth \d+$/);
  assert.equal(forBlue.split(' ')[0], String(-Number(forRed.split(' ')[0])));
  const game = { deal: 2, first: 'ours', mode: 'nodes', level: 3, budget: 800000, engine: 'stub', colour: 'r',
    result: 'draw', reason: 'no-progress', plies: 100, actions: '', sides: {}, hp: { ours: 31, engine: 20 },
    end: won, search: forRed };
  assert.match(bridge.summaryLines([game]).join('\n'),
    /drawn ahead: deal 2, .*; the search, the count back to 0: 29\d\d for our level at depth/);
});

test('a loss is placed where our level fell behind in HP for good, and counted by phase', async () => {
  const { engine: e } = await loadQipan();
  // Deal 9008: our level (red, first) flips b7 beside its tiger, the blue
  // tiger it reveals takes it (ply 9: behind from ply 10, 23 face down)
  // and the red hawk next.
  const lost = { deal: 9008, first: 'ours', mode: 'time', level: 3, budget: 300, engine: 'stub', colour: 'r',
    result: 'loss', reason: 'hp', plies: 12, actions: 'c6 a6 c5 c3 c8 d8 a8 c7 b7 b7c7 a7 c7c8', sides: {},
    hp: { ours: 85, engine: 100 } };
  const [r] = bridge.withEndings([lost], e);
  assert.deepEqual(r.behind, { ply: 10, down: 23 });
  const late = { ...lost, deal: 1, behind: { ply: 150, down: 0 } }, won = { ...lost, deal: 2, result: 'win' };
  const lines = bridge.summaryLines([r, late, won]).join('\n');
  assert.match(lines, /losses by when level 3 fell behind in HP for good: the opening \(16 or more face down\) 1, every piece face up 1; at ply 80 on average/);
  // Lost at ply 10 with 23 face down: the opening never ended.
  assert.equal(r.opening, null);
  const opened = (x, ours, engine) => ({ ...x, opening: { ply: 30, ours, engine } });
  const games = [opened(won, 90, 80), opened(late, 90, 80), opened({ ...won, deal: 3, result: 'draw' }, 70, 80),
    opened(late, 70, 80), opened({ ...won, deal: 4 }, 80, 80), r];
  assert.match(bridge.summaryLines(games).join('\n'), /who had more HP when the opening ended \(15 face down\): level 3 ahead 2 \(1-1-0, 50\.0 %\), level 3 level 1 \(1-0-0, 100\.0 %\), level 3 behind 2 \(0-1-1, 25\.0 %\)$/m);
});

test('QIPAN_CDC_SETTINGS: 300ms, 1s and 800k in one run, each its records file', () => {
  const s = bridge.settingsFromEnv({ QIPAN_CDC_SETTINGS: '300ms,1s,800k', QIPAN_CDC_RECORDS: 'build/cdc.jsonl' });
  assert.deepEqual(s.map((x) => [x.mode, x.ms || x.nodes, x.records]), [['time', 300, 'build/cdc-300ms.jsonl'],
    ['time', 1000, 'build/cdc-1s.jsonl'], ['nodes', 800000, 'build/cdc-800k.jsonl']]);
  assert.equal(bridge.settingsFromEnv({ QIPAN_CDC_SETTINGS: '1s', QIPAN_CDC_RECORDS: 'r-{setting}.jsonl' })[0].records,
    'r-1s.jsonl');
  assert.deepEqual(bridge.settingsFromEnv({}), [{}]);
  assert.throws(() => bridge.settingsFromEnv({ QIPAN_CDC_SETTINGS: 'fast' }), /QIPAN_CDC_SETTINGS/);
});

test('an illegal engine move loses the game', { timeout: 60000 }, async () => {
  const records = await match('illegal');
  assert.deepEqual(records.map((r) => [r.result, r.reason]), [['win', 'illegal'], ['win', 'illegal']]);
  assert.equal(records[1].moves.length, 1);
  assert.deepEqual(records[1].moves[0].action, 'a1d8');
});

test('an engine that crashes loses, and is started again for the next game', { timeout: 60000 }, async () => {
  const pids = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cdc-')), 'pids');
  process.env.CDC_STUB_PIDS = pids;
  try {
    const records = await match('crash');
    assert.deepEqual(records.map((r) => [r.result, r.reason, r.plies]), [['win', 'crash', 1], ['win', 'crash', 0]]);
    assert.equal(fs.readFileSync(pids, 'utf8').trim().split('\n').length, 2);
  } finally {
    delete process.env.CDC_STUB_PIDS;
  }
});

// The test's own time-out is the hang guard: a runner that did not end the
// hung engine after its 400 ms would keep the test past it.
test('an engine that hangs loses on time and is ended', { timeout: 30000 }, async () => {
  const pids = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cdc-')), 'pids');
  process.env.CDC_STUB_PIDS = pids;
  try {
    const records = await match('hang', { timeoutMs: 400 });
    assert.deepEqual(records.map((r) => [r.result, r.reason]), [['win', 'time-out'], ['win', 'time-out']]);
    for (const pid of fs.readFileSync(pids, 'utf8').trim().split('\n').map(Number))
      assert.throws(() => process.kill(pid, 0), { code: 'ESRCH' }, `stub ${pid} still runs`);
  } finally {
    delete process.env.CDC_STUB_PIDS;
  }
});
