// Gomoku through the CLI and the wasm engine, and `qipan pbrain` driven
// the way a Gomocup manager (piskvork) drives a brain.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { spawn } = require('node:child_process');
const readline = require('node:readline');
const { cli, qipanBin, loadQipan } = require('./helpers.cjs');

test('gomoku follows the contract: POS, actions, status, describe', () => {
  assert.equal(cli(['new', 'gomoku']).stdout, '15x15 free');
  assert.equal(cli(['new', 'gomoku', '--params', '19x19 renju']).stdout, '19x19 renju');
  assert.equal(cli(['apply', 'gomoku', '15x15 free', '7,7', '8,8']).stdout, '15x15 free 7,7 8,8');
  assert.equal(cli(['status', 'gomoku', '15x15 free 0,0 0,1 1,0 1,1 2,0 2,1 3,0 3,1 4,0']).stdout,
    'win 1');
  const legal = cli(['legal', 'gomoku', '5x5 free 2,2']).stdout.split(' ');
  assert.equal(legal.length, 24);
  assert.ok(!legal.includes('2,2'));
  const d = JSON.parse(cli(['describe', 'gomoku', '15x15 renju 7,5 0,14 7,6 2,14 5,7 4,14 6,7 14,14'])
    .stdout);
  assert.deepEqual(d.forbidden, [[7, 7, 'double three']]);
  assert.deepEqual(d.last, [14, 14]);
  assert.equal(d.turn, '1');
  for (const args of [['apply', 'gomoku', '15x15 renju 7,5 0,14 7,6 2,14 5,7 4,14 6,7 14,14', '7,7'],
    ['new', 'gomoku', '--params', '30x30'], ['status', 'gomoku', '15x15 free 15,0'],
    ['apply', 'gomoku', '15x15 free 7,7', '7,7'], ['ai', 'gomoku', '15x15', '--level', '3']]) {
    const r = cli(args);
    assert.equal(r.code, 2, args.join(' '));
    assert.equal(r.stderr.trim().split('\n').length, 1);
  }
});

test('analyze gives the best move, its kind and the forced line', () => {
  // Black to move has a four-three at 8,7 (a VCF).
  const pos = '15x15 free 5,7 4,7 6,7 0,0 7,7 14,0 8,5 0,14 8,6 14,14';
  const a = JSON.parse(cli(['analyze', 'gomoku', pos, '--level', '3']).stdout);
  assert.equal(a.kind, 'vcf');
  assert.equal(a.best, a.line[0]);
  assert.ok(a.score > 29000);
  const quiet = JSON.parse(cli(['analyze', 'gomoku', '15x15 free 7,7 8,8', '--level', '3']).stdout);
  assert.equal(quiet.kind, 'search');
  assert.ok(quiet.moves.length > 1 && quiet.moves[0].move === quiet.best);
  // The line the search expects: from the best move, both sides in turn,
  // on points empty and distinct (the page draws it as numbered stones).
  const pos2 = '15x15 free 7,7 8,8 8,7 6,7 7,8';
  const deep = JSON.parse(cli(['analyze', 'gomoku', pos2, '--level', '3']).stdout);
  assert.equal(deep.kind, 'search');
  assert.ok(deep.pv.length >= 6, JSON.stringify(deep.pv));
  assert.equal(deep.pv[0], deep.best);
  assert.equal(new Set(deep.pv).size, deep.pv.length);
  for (const p of deep.pv) assert.ok(!pos2.split(' ').includes(p), p);
  assert.equal(cli(['apply', 'gomoku', pos2, ...deep.pv]).code, 0, 'the line is playable');
  assert.deepEqual(a.pv, a.line, 'a forced win is its own line');
});

test('the page\'s analysis (wasm, level 3) shows a line of several moves', async () => {
  const Qipan = await loadQipan();
  const pos = '15x15 free 7,7 7,6';
  const data = Qipan.engine.analyze('gomoku', pos, { level: 3, seed: 1 });
  assert.ok(data.pv.length >= 6, JSON.stringify(data.pv));
  assert.equal(data.pv[0], data.best);
  assert.equal(cli(['apply', 'gomoku', pos, ...data.pv]).code, 0, 'the line is playable');
});

test('match runs between any two levels', () => {
  const r = cli(['match', 'gomoku', '--a', '2', '--b', '1', '--games', '4', '--seed', '3']);
  assert.equal(r.code, 0);
  const m = /^a=(\d+) b=(\d+) draws=(\d+)$/m.exec(r.stdout);
  assert.ok(m);
  assert.equal(Number(m[1]) + Number(m[2]) + Number(m[3]), 4);
});

/* A brain process with a line-by-line conversation: send(cmd) resolves
 * with the next line that is not a MESSAGE/DEBUG line; takeMessages()
 * gives the MESSAGE lines since the last call. */
function brain(args = []) {
  const child = spawn(qipanBin, ['pbrain', ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = [];
  let messages = [];
  let waiting = null;
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    if (/^MESSAGE\b/.test(line)) messages.push(line);
    if (/^(MESSAGE|DEBUG)\b/.test(line)) return;
    if (waiting) { const w = waiting; waiting = null; w(line); } else lines.push(line);
  });
  const next = () => new Promise((resolve) => {
    if (lines.length) resolve(lines.shift()); else waiting = resolve;
  });
  return {
    child,
    send(...cmds) { child.stdin.write(cmds.map((c) => c + '\r\n').join('')); return next(); },
    tell(...cmds) { child.stdin.write(cmds.map((c) => c + '\r\n').join('')); },
    takeMessages() { const m = messages; messages = []; return m; },
    end() {
      return new Promise((resolve) => { child.on('exit', resolve); child.stdin.write('END\r\n'); });
    },
    kill() { if (child.exitCode === null) child.kill(); },
  };
}

/* Runs body(brains...) and kills whatever is left running, pass or fail
 * (a live child would keep the test runner waiting). */
async function withBrains(n, body) {
  const brains = Array.from({ length: n }, () => brain());
  try {
    await body(...brains);
  } finally {
    for (const b of brains) b.kill();
  }
}

test('pbrain answers the protocol commands', () => withBrains(1, async (b) => {
  assert.match(await b.send('ABOUT'), /^name="Qipan", version="[^"]+"/);
  b.tell('INFO timeout_match 300000', 'INFO timeout_turn 2000', 'INFO rule 0');
  assert.equal(await b.send('START 15'), 'OK');
  assert.equal(await b.send('BEGIN'), '7,7');
  const reply = await b.send('TURN 8,8');
  assert.match(reply, /^\d+,\d+$/);
  assert.notEqual(reply, '8,8');
  assert.equal(await b.send(`TAKEBACK ${reply}`), 'OK');
  assert.equal(await b.send('TAKEBACK 8,8'), 'OK');
  assert.match(await b.send('TAKEBACK 3,3'), /^ERROR/);
  // A position to finish: our (1) four on row 7 wins at once.
  assert.equal(await b.send('RESTART'), 'OK');
  assert.match(await b.send('BOARD', '3,7,1', '0,0,2', '4,7,1', '0,2,2', '5,7,1', '0,4,2', '6,7,1',
    '0,6,2', 'DONE'), /^(2,7|7,7)$/);
  assert.equal(await b.send('RECTSTART 20,12'), 'OK');
  assert.match(await b.send('START 40'), /^ERROR/);
  assert.match(await b.send('SWAP2BOARD', 'DONE'), /^UNKNOWN/);
  // Renju: Black (us, to move) never takes the double-three point 7,7.
  b.tell('INFO rule 4');
  assert.equal(await b.send('START 15'), 'OK');
  const move = await b.send('BOARD', '7,5,1', '0,14,2', '7,6,1', '2,14,2', '5,7,1', '4,14,2',
    '6,7,1', '14,14,2', 'DONE');
  assert.match(move, /^\d+,\d+$/);
  assert.notEqual(move, '7,7');
  assert.equal(await b.end(), 0);
}));

// Each move of a game on a 50 ms turn gets a 36 ms clock (pbrain.c's
// margin), which its MESSAGE says; how close to it the replies come is
// measured by bench/gomoku.cjs (`node bench/gomoku.cjs clock`).
test('two brains play a whole game, each move on the clock of timeout_turn', () => withBrains(2, async (...brains) => {
  const turnMs = 50;
  for (const b of brains) {
    b.tell(`INFO timeout_turn ${turnMs}`, 'INFO timeout_match 1000000', 'INFO rule 1');
    assert.equal(await b.send('START 15'), 'OK');
    b.takeMessages();
  }
  const board = new Map();
  let last = null;
  let winner = null;
  for (let ply = 0; ply < 225 && winner === null; ply++) {
    const b = brains[ply % 2];
    const move = await (last === null ? b.send('BEGIN') : b.send(`TURN ${last}`));
    assert.match(move, /^\d+,\d+$/);
    const said = b.takeMessages();
    assert.ok(said.some((m) => / on a 36 ms clock$/.test(m)), `ply ${ply}: ${said.join(' | ')}`);
    assert.ok(!board.has(move), `${move} is taken`);
    board.set(move, ply % 2);
    last = move;
    const pos = '15x15 exact ' + [...board.keys()].join(' ');
    const status = cli(['status', 'gomoku', pos]).stdout;
    if (status !== `turn ${(ply + 1) % 2 + 1}`) winner = status;
  }
  assert.ok(winner !== null);
  for (const b of brains) assert.equal(await b.end(), 0);
}));

test('wasm level 3 plays exactly as native', async () => {
  const { engine } = await loadQipan();
  for (const pos of ['15x15 free 7,7 8,8 7,8', '15x15 renju 7,7 8,6 8,8 6,6 9,9',
    '11x9 exact 5,4 6,5 4,4 6,4']) {
    const wasm = engine.ai('gomoku', pos, { level: 3, seed: 5 });
    assert.equal(wasm, cli(['ai', 'gomoku', pos, '--level', '3', '--seed', '5']).stdout, pos);
    assert.deepEqual(engine.describe('gomoku', pos), JSON.parse(cli(['describe', 'gomoku', pos]).stdout));
  }
});
