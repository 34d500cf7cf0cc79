// `qipan pbrain` against the piskvork protocol (Petr Lastovicka's "Gomoku AI
// protocol", the one Gomocup uses), command by command: the mandatory
// START, BEGIN, TURN, BOARD/DONE, INFO (every key), END, ABOUT; the
// optional RECTSTART, RESTART, TAKEBACK, PLAY; UNKNOWN for the commands it
// does not implement (SWAP2BOARD among them) and ERROR for those it cannot
// do. Driven through the match manager's own Brain (bench/gomocup).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { qipanBin } = require('./helpers.cjs');
const { Brain } = require('../../bench/gomocup/brain.cjs');

const REPLY_MS = 10000;
const MOVE = /^\d+,\d+$/;
const ABOUT = /^\w+="[^"]*"(, \w+="[^"]*")*$/;

/* Runs body(ask, brain) on a fresh brain, killed afterwards whatever
 * happens. ask(...commands) sends them and resolves with the next reply
 * line (MESSAGE/DEBUG lines set aside). */
async function withBrain(body, options = '') {
  const brain = new Brain(`${qipanBin} pbrain ${options}`, 'qipan');
  const ask = async (...commands) => {
    brain.send(...commands);
    const r = await brain.reply(REPLY_MS);
    assert.ok(!r.error, `${commands.join(' / ')}: ${r.error} ${r.detail}`);
    return r.line;
  };
  try {
    await body(ask, brain);
  } finally {
    brain.kill();
  }
}

/* Sends commands that want no reply, then ABOUT: the next line must be
 * ABOUT's, so nothing else was said in between. */
async function saysNothing(ask, ...commands) {
  assert.match(await ask(...commands, 'ABOUT'), ABOUT, commands.join(' / '));
}

const boardCommand = (stones) => ['BOARD', ...stones, 'DONE'];

test('ABOUT: keyword="value" pairs, name and version among them', () => withBrain(async (ask) => {
  const about = await ask('ABOUT');
  assert.match(about, ABOUT);
  assert.match(about, /\bname="Qipan"/);
  assert.match(about, /\bversion="[^"]+"/);
}));

test('START and RECTSTART: OK for 5 to 25 a side, ERROR otherwise', () => withBrain(async (ask) => {
  for (const size of ['15', '20', '5', '25']) assert.equal(await ask(`START ${size}`), 'OK', size);
  // START n is n by n: on 20, 19,19 is a point; on 7, 7,0 and 0,7 are not.
  assert.equal(await ask('START 20'), 'OK');
  assert.match(await ask('TURN 19,19'), MOVE);
  assert.equal(await ask('START 7'), 'OK');
  for (const off of ['7,0', '0,7']) assert.match(await ask(`TURN ${off}`), /^ERROR\b/, off);
  for (const size of ['4', '26', '40', 'abc', '', '15,15']) assert.match(await ask(`START ${size}`), /^ERROR\b/, size);
  assert.equal(await ask('RECTSTART 20,12'), 'OK');
  for (const size of ['30,20', '10', '12,4', 'x,y']) assert.match(await ask(`RECTSTART ${size}`), /^ERROR\b/, size);
  // After RECTSTART 20,12, x runs to 19 and y to 11.
  assert.equal(await ask('RECTSTART 20,12'), 'OK');
  assert.match(await ask('TURN 19,11'), MOVE);
  assert.match(await ask('TURN 11,19'), /^ERROR\b/);
}));

test('BEGIN opens on the empty board; TURN answers with an empty point, ERROR for a bad one', () =>
  withBrain(async (ask) => {
    assert.equal(await ask('START 15'), 'OK');
    const first = await ask('BEGIN');
    assert.match(first, MOVE);
    const taken = new Set([first]);
    for (const turn of ['0,0', '14,14', '0,14']) {
      const reply = await ask(`TURN ${turn}`);
      assert.match(reply, MOVE);
      const [x, y] = reply.split(',').map(Number);
      assert.ok(x < 15 && y < 15, reply);
      assert.ok(!taken.has(reply) && reply !== turn, `${reply} is taken`);
      taken.add(turn).add(reply);
    }
    for (const bad of [first, '15,0', '0,15', '-1,3', 'x,y', '3', '']) {
      assert.match(await ask(`TURN ${bad}`), /^ERROR\b/, `TURN ${bad}`);
    }
    // A refused TURN changed nothing: the brain still plays on.
    assert.match(await ask('TURN 14,0'), MOVE);
  }));

test('BOARD/DONE: own stones 1, the opponent\'s 2, in any order; the side to move follows from the counts', () =>
  withBrain(async (ask) => {
    assert.equal(await ask('START 15'), 'OK');
    // Black (us: as many stones each) has a four on row 7: it makes five.
    assert.match(await ask(...boardCommand(['6,7,1', '0,0,2', '3,7,1', '0,2,2', '5,7,1', '0,6,2', '4,7,1',
      '0,4,2'])), /^(2,7|7,7)$/);
    // White (us: one stone fewer) must block Black's four: 4,7.
    assert.equal(await ask('RESTART'), 'OK');
    assert.equal(await ask(...boardCommand(['0,7,2', '14,0,1', '1,7,2', '14,2,1', '2,7,2', '14,14,1', '3,7,2'])),
      '4,7');
    // Empty lines are ignored and field 3 (a continuous-game mark) is not a stone of either side.
    assert.equal(await ask('RESTART'), 'OK');
    assert.match(await ask('BOARD', '7,7,2', '', '9,9,3', 'DONE'), MOVE);
    // A bad block: ERROR, and the brain goes on.
    for (const stones of [['7,7,1', '8,8,1'], ['7,7,4'], ['7,7,1', '7,7,2'], ['15,3,1'], ['7;7;1'],
      ['7,7,2', '8,8,2', '9,9,2']]) {
      assert.equal(await ask('RESTART'), 'OK');
      assert.match(await ask(...boardCommand(stones)), /^ERROR\b/, stones.join(' '));
    }
    assert.equal(await ask('RESTART'), 'OK');
    assert.match(await ask('BOARD', 'DONE'), MOVE);
    // A finished game: nothing to play.
    assert.equal(await ask('RESTART'), 'OK');
    assert.match(await ask(...boardCommand(['0,0,2', '7,7,1', '1,0,2', '7,8,1', '2,0,2', '7,9,1', '3,0,2',
      '8,9,1', '4,0,2'])), /^ERROR\b/);
  }));

test('INFO: every key is taken in silence, unknown and valueless ones too', () => withBrain(async (ask) => {
  assert.equal(await ask('START 15'), 'OK');
  await saysNothing(ask, 'INFO timeout_turn 1000', 'INFO timeout_match 100000', 'INFO max_memory 83886080',
    'INFO time_left 2147483647', 'INFO game_type 1', 'INFO rule 0', 'INFO evaluate 7,7',
    'INFO folder /tmp/qipan-folder', 'INFO thread_num 1', 'INFO max_node 100000', 'INFO', 'INFO timeout_turn');
  await saysNothing(ask, 'INFO timeout_match 0', 'INFO time_left -500', 'INFO time_left 1000');
  assert.match(await ask('BEGIN'), MOVE);
}));

// Ours (as many stones: Black) at 2-5,7 and 7,7, theirs at 1,7: 6,7 makes
// six. Theirs: a four on row 0 (0-3) that 4,0 completes to exactly five.
const SIX_OR_BLOCK = ['2,7,1', '1,7,2', '3,7,1', '0,0,2', '4,7,1', '1,0,2', '5,7,1', '2,0,2', '7,7,1', '3,0,2'];

test('INFO rule: 0 free (six wins), 1 exactly five (six does not), 2 continuous ignored, 4 renju', () =>
  withBrain(async (ask) => {
    const cases = [['0', '6,7'], ['1', '4,0'], ['3', '4,0'], ['2', '6,7']];
    for (const [rule, move] of cases) {
      await saysNothing(ask, `INFO rule ${rule}`);
      assert.equal(await ask('START 15'), 'OK');
      assert.equal(await ask(...boardCommand(SIX_OR_BLOCK)), move, `rule ${rule}`);
    }
    // Renju: Black (us, to move) never takes the double-three point 7,7.
    await saysNothing(ask, 'INFO rule 4');
    assert.equal(await ask('START 15'), 'OK');
    const move = await ask(...boardCommand(['7,5,1', '0,14,2', '7,6,1', '2,14,2', '5,7,1', '4,14,2', '6,7,1',
      '14,14,2']));
    assert.match(move, MOVE);
    assert.notEqual(move, '7,7');
  }));

test('RESTART clears the board and keeps the size', () => withBrain(async (ask) => {
  assert.equal(await ask('RECTSTART 9,7'), 'OK');
  const first = await ask('BEGIN');
  assert.equal(await ask('RESTART'), 'OK');
  assert.match(await ask(`TURN ${first}`), MOVE); // the point is free again
  assert.match(await ask('TURN 8,6'), MOVE); // still 9x7
  assert.match(await ask('TURN 9,6'), /^ERROR\b/);
}));

test('TAKEBACK removes a stone: OK, ERROR where there is none', () => withBrain(async (ask) => {
  assert.equal(await ask('START 15'), 'OK');
  const reply = await ask('TURN 8,8');
  assert.equal(await ask(`TAKEBACK ${reply}`), 'OK');
  assert.equal(await ask('TAKEBACK 8,8'), 'OK');
  for (const bad of ['8,8', '3,3', '15,15', 'x']) assert.match(await ask(`TAKEBACK ${bad}`), /^ERROR\b/, bad);
  // Both points are free again.
  assert.match(await ask('TURN 8,8'), MOVE);
}));

test('PLAY puts our stone where the manager says and echoes it', () => withBrain(async (ask) => {
  assert.equal(await ask('START 15'), 'OK');
  assert.equal(await ask('PLAY 3,4'), '3,4');
  assert.match(await ask('TURN 3,4'), /^ERROR\b/); // ours now
  assert.match(await ask('PLAY 3,4'), /^ERROR\b/);
  assert.match(await ask('TURN 5,5'), MOVE);
}));

test('UNKNOWN for what it does not implement, one reply a command', () => withBrain(async (ask) => {
  assert.match(await ask('YXBOARD'), /^UNKNOWN\b/);
  assert.match(await ask('HELLO there'), /^UNKNOWN\b/);
  assert.match(await ask('x'.repeat(100000)), /^UNKNOWN\b/); // a very long line is cut, not fatal
  // SWAP2BOARD comes with a block of stones up to DONE: one UNKNOWN for
  // the whole, then the conversation goes on in step.
  assert.match(await ask('SWAP2BOARD', '7,7', '8,7', '9,9', 'DONE'), /^UNKNOWN\b/);
  assert.match(await ask('ABOUT'), ABOUT);
  assert.match(await ask('SWAP2BOARD', 'DONE'), /^UNKNOWN\b/);
  assert.equal(await ask('START 15'), 'OK');
}));

test('commands in lower case, lines ended by LF alone', () => withBrain(async (ask, brain) => {
  brain.child.stdin.write('start 15\n');
  assert.equal((await brain.reply(REPLY_MS)).line, 'OK');
  brain.child.stdin.write('info timeout_turn 100\nturn 7,7\n');
  assert.match((await brain.reply(REPLY_MS)).line, MOVE);
  assert.match(await ask('about'), ABOUT);
}));

test('every move comes with a MESSAGE line before it, and only then', () => withBrain(async (ask, brain) => {
  assert.equal(await ask('START 15'), 'OK');
  assert.deepEqual(brain.takeMessages(), []);
  assert.match(await ask('TURN 7,7'), MOVE);
  const messages = brain.takeMessages();
  assert.ok(messages.length >= 1 && messages.every((m) => /^MESSAGE \S/.test(m)), messages.join(' | '));
}));

// The Yixin-board extension a manager uses for matches at equal work.
test('INFO max_node: a move takes at most that many nodes, without a clock and with one', () => withBrain(async (ask, brain) => {
  const stones = ['7,7,2', '8,9,1', '5,5,2'];
  const nodesOfMove = async (...infos) => {
    assert.equal(await ask('START 15'), 'OK');
    brain.send(...infos);
    brain.takeMessages();
    assert.match(await ask(...boardCommand(stones)), MOVE);
    const m = brain.takeMessages().map((line) => /\((\d+) nodes\)( on a \d+ ms clock)?$/.exec(line)).find(Boolean);
    assert.ok(m, 'a MESSAGE with the nodes');
    return Number(m[1]);
  };
  const capped = await nodesOfMove('INFO max_node 3000');
  assert.ok(capped > 1000 && capped <= 3000, `${capped}`);
  assert.ok(await nodesOfMove('INFO max_node 0') > 3000, 'max_node 0: the level\'s own budget');
  assert.ok(await nodesOfMove('INFO max_node 40000') > 3000 * 4, 'a larger budget is used');
  assert.ok(await nodesOfMove('INFO timeout_turn 2000', 'INFO max_node 3000') <= 3000, 'on a clock too');
}));

// Level 4 spends about 2-3 s on this quiet position (White to move in an
// opening of bench/gomocup/openings.txt) when no time is given. On a clock
// a move gets min(timeout_turn, time_left / 25) less 7 % and 10 ms for the
// pipes, at least 5 ms (timeout_turn 0: 10 ms), and its MESSAGE says so; a
// search keeps to its clock (test_gomoku_ai.c); how close to the clock the
// replies come is measured by bench/gomoku.cjs (`node bench/gomoku.cjs clock`).
test('time: a move keeps to timeout_turn; 0 and a spent match clock mean at once', () => withBrain(async (ask, brain) => {
  const stones = ['7,7,2', '8,9,1', '5,5,2'];
  const clockOf = async (...infos) => {
    assert.equal(await ask('START 15'), 'OK');
    brain.send(...infos);
    brain.takeMessages();
    assert.match(await ask(...boardCommand(stones)), MOVE);
    const said = brain.takeMessages();
    const m = said.map((line) => /\((\d+) nodes\) on a (\d+) ms clock$/.exec(line)).find(Boolean);
    assert.ok(m, `${infos.join(', ')}: no clock in ${said.join(' | ')}`);
    return { nodes: Number(m[1]), ms: Number(m[2]) };
  };
  assert.equal((await clockOf('INFO timeout_turn 300', 'INFO time_left 2147483647')).ms, 269);
  assert.equal((await clockOf('INFO timeout_turn 5000', 'INFO time_left 2500')).ms, 83, 'a 25th of the match left');
  const atOnce = [await clockOf('INFO timeout_turn 0'), await clockOf('INFO timeout_turn 5000', 'INFO time_left 100')];
  for (const c of atOnce) {
    assert.equal(c.ms, 5);
    // At once: a small part of level 4's own budget (2.4M nodes).
    assert.ok(c.nodes > 0 && c.nodes < 240000, `${c.nodes} nodes`);
  }
}, '--level 4'));

test('END: the brain exits at once and says nothing more; so does the end of input', async () => {
  for (const ending of ['END', null]) {
    const brain = new Brain(`${qipanBin} pbrain`, 'qipan');
    try {
      brain.send('START 15');
      assert.equal((await brain.reply(REPLY_MS)).line, 'OK');
      const exited = new Promise((resolve) => brain.child.on('exit', (code) => resolve(code)));
      const late = new Promise((resolve) => setTimeout(() => resolve('still running'), 2000).unref());
      if (ending) brain.send(ending);
      else brain.child.stdin.end();
      assert.equal(await Promise.race([exited, late]), 0, ending || 'end of input');
      assert.deepEqual([brain.lines, brain.takeMessages()], [[], []]);
    } finally {
      brain.kill();
    }
  }
});
