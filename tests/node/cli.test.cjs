// The CLI contract of docs/contract.md: sub-commands, output, exit statuses.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { cli, asanBin } = require('./helpers.cjs');

test('list names every registered game, one a line', () => {
  const r = cli(['list']);
  assert.equal(r.code, 0);
  const ids = r.stdout.split('\n');
  assert.ok(ids.includes('tictactoe') && ids.includes('ponghauqi'));
});

test('new, apply, legal, status, show, ai follow the contract', () => {
  assert.equal(cli(['new', 'tictactoe']).stdout, '......... x');
  assert.equal(cli(['new', 'tictactoe', '--params', 'o']).stdout, '......... o');
  assert.equal(cli(['apply', 'tictactoe', '......... x', '5', '1']).stdout, 'o...x.... x');
  assert.equal(cli(['legal', 'ponghauqi', 'wb.bw b']).stdout, 'B D');
  assert.equal(cli(['status', 'tictactoe', 'xxx.oo... o']).stdout, 'win x');
  assert.equal(cli(['status', 'tictactoe', 'xoxxoooxx o']).stdout, 'draw');
  assert.match(cli(['show', 'ponghauqi', 'wb.bw b']).stdout, /A w-----b B/);
  const ai = cli(['ai', 'tictactoe', 'xx.oo.... x', '--level', '3', '--seed', '4']);
  assert.equal(ai.code, 0);
  assert.equal(ai.stdout, '3');
});

test('bad input exits 2 with one line on stderr and nothing on stdout', () => {
  const cases = [
    ['new', 'chess'],
    ['apply', 'tictactoe', '......... x', '5', '5'],
    ['apply', 'tictactoe', 'garbage', '5'],
    ['legal', 'ponghauqi', 'wb.bw q'],
    ['ai', 'tictactoe', '......... x', '--level', '7'],
    ['ai', 'tictactoe', '......... x', '--seed', '-1'],
    ['ai', 'tictactoe', '......... x', '--bogus', '1'],
    ['new', 'tictactoe', '--seed'],
    ['status', 'tictactoe'],
    ['frobnicate'],
    [],
    ['match', 'tictactoe', '--a', '1', '--games', '2'],
    ['match', 'tictactoe', '--a', '1', '--b', '1', '--games', '0'],
    ['apply', 'tictactoe', 'xxx.oo... o', '9'],
  ];
  for (const args of cases) {
    const r = cli(args);
    assert.equal(r.code, 2, `${args.join(' ')}: status ${r.code}`);
    assert.equal(r.stdout, '', `${args.join(' ')}: stdout ${r.stdout}`);
    assert.equal(r.stderr.trim().split('\n').length, 1, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, /^qipan: \S/);
  }
});

test('apply is all or nothing', () => {
  const r = cli(['apply', 'tictactoe', '......... x', '1', '2', '1']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /action 3: cell 1 is taken/);
});

test('every sub-command has --help', () => {
  const commands = ['list', 'new', 'show', 'legal', 'apply', 'status', 'ai', 'analyze',
    'describe', 'info', 'match', 'play', 'help'];
  for (const c of commands) {
    const r = cli([c, '--help']);
    assert.equal(r.code, 0, c);
    assert.match(r.stdout, new RegExp(`^usage: qipan ${c}`), c);
  }
  assert.match(cli(['--help']).stdout, /match/);
});

test('match prints per-game lines and the totals last', () => {
  const r = cli(['match', 'tictactoe', '--a', '3', '--b', '1', '--games', '20', '--seed', '5']);
  assert.equal(r.code, 0);
  const lines = r.stdout.split('\n');
  const m = /^a=(\d+) b=(\d+) draws=(\d+)$/.exec(lines[lines.length - 1]);
  assert.ok(m, lines[lines.length - 1]);
  assert.equal(Number(m[1]) + Number(m[2]) + Number(m[3]), 20);
  assert.equal(Number(m[2]), 0, 'perfect play never loses');
  assert.equal(lines.filter((l) => /^game \d+: [ab] first/.test(l)).length, 20);
  // The same seed replays the same match.
  assert.equal(cli(['match', 'tictactoe', '--a', '3', '--b', '1', '--games', '20', '--seed', '5'])
    .stdout.split('\n').filter((l) => l.startsWith('game')).join('\n'),
  lines.filter((l) => l.startsWith('game')).join('\n'));
});

test('play runs a terminal game against the AI', () => {
  const r = cli(['play', 'tictactoe', '--level', '1', '--seed', '3'],
    { input: 'legal\nhint\n5\nundo\n5\n1\n2\n3\n4\n6\n7\n8\n9\nquit\n' });
  assert.equal(r.code, 0);
  assert.match(r.stdout, /legal: 1 2 3 4 5 6 7 8 9/);
  assert.match(r.stdout, /hint: \d/);
  assert.match(r.stdout, /AI plays \d/);
  assert.match(r.stdout, /status: (win [xo]|draw)/);
});

test('the sanitizer build survives hostile arguments', () => {
  const junk = ['', ' ', '\u00e9\u00e9', 'x'.repeat(70000), '%s%n%s', '-1', '99999999999999999999'];
  for (const game of [...cli(['list']).stdout.split('\n'), 'nope']) {
    for (const j of junk) {
      for (const cmd of [['legal', game, j], ['apply', game, j, j], ['new', game, '--params', j],
        ['ai', game, j], ['status', game, j], ['show', game, j], ['describe', game, j]]) {
        const r = cli(cmd, { bin: asanBin });
        if (cmd[0] === 'new' && j.trim() === '' && game !== 'nope') continue; // blank params: default
        assert.equal(r.code, 2, `${cmd.join(' ').slice(0, 60)}: ${r.stderr}`);
      }
    }
  }
});

test('random garbage for every sub-command: status 0 or 2, never a crash or hang', () => {
  let seed = 12345;
  const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  const games = cli(['list']).stdout.split('\n');
  const starts = games.map((g) => cli(['new', g, '--seed', '1']).stdout);
  const pieces = [...games, ...starts, '--level', '--seed', '--params', '--games', '--a', '--b', '--weak',
    '--time', '......... x', 'wb.bw b', '5', 'B', '-1', '0', '99999999999999999999', '', ' ', '%s',
    '\u00e9', 'x'.repeat(300), '--', '-', '--help=no', 'nan', '1e9', 'list', 'a=b'];
  const commands = ['list', 'new', 'show', 'legal', 'apply', 'status', 'ai', 'analyze', 'describe',
    'info', 'match', 'play', 'solve', 'pbrain', 'help'];
  for (const c of commands) {
    for (let i = 0; i < 25; i++) {
      const args = [c];
      const n = rand(6);
      for (let k = 0; k < n; k++) args.push(pieces[rand(pieces.length)]);
      if (c === 'match' && args.includes('--games')) continue; // may legitimately run long
      const r = cli(args, { bin: asanBin, input: 'quit\n', timeout: 20000 });
      assert.ok(r.code === 0 || r.code === 2, `${JSON.stringify(args).slice(0, 120)}: status ${r.code} ${r.signal} ${r.stderr.slice(0, 200)}`);
      if (r.code === 2) assert.match(r.stderr, /^qipan: /);
    }
  }
});
