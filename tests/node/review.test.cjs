// The game review (src/review.c, `qipan review`, the wasm review calls):
// exact games judged exactly against a brute-force minimax written here
// (tic-tac-toe, Pong Hau K'i) or the solver (connect four); a quiet move
// over a VCF flagged as a missed win in gomoku; minesweeper's p_mine
// against level 3's probabilities (a proven mine 1, the first click 0);
// dark chess judged on what the mover could see (two deals that differ
// only in face-down pieces get the same review); the CLI and the wasm
// engine, whole or a ply at a time, give the same JSON; bad input is
// refused with one line.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { cli, loadQipan, rng } = require('./helpers.cjs');

function review(text, level) {
  const r = cli(['review', text, ...(level ? ['--level', String(level)] : [])], { timeout: 120000 });
  assert.equal(r.code, 0, `review ${text.slice(0, 80)}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

const OUTCOME = { 1: 'win', 0: 'draw', '-1': 'loss' };

/* Checks an exact ply against the reference outcomes (mover's view) of
 * the position before (best play) and after the move. */
function checkExact(p, before, after, what) {
  assert.equal(p.exact, true, `${what}: exact`);
  assert.equal(p.outcome_before, OUTCOME[before], `${what}: outcome before`);
  assert.equal(p.outcome_after, OUTCOME[after], `${what}: outcome after`);
  assert.equal(p.class, after < before ? 'blunder' : 'best', `${what}: class`);
  assert.equal(p.missed_win, before === 1 && after < 1, `${what}: missed win`);
  const chance = { 1: 1, 0: 0.5, '-1': 0 };
  assert.equal(p.value_before, chance[before], `${what}: value before`);
  assert.equal(p.value_after, chance[after], `${what}: value after`);
  // A won position says in how many of the mover's moves the best move wins.
  if (before === 1) assert.equal(p.win_in, (p.distance_before + 1) / 2 | 0, `${what}: win_in`);
  else assert.equal(p.win_in, undefined, `${what}: no win_in`);
}

/* ---- tic-tac-toe: a minimax of its own */

const TTT_LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8],
  [2, 4, 6]];
const tttWinner = (b) => {
  for (const [a, c, d] of TTT_LINES) if (b[a] && b[a] === b[c] && b[a] === b[d]) return b[a];
  return 0;
};
/* The outcome for the side `me` to move (1 win, 0 draw, -1 loss). */
const tttMemo = new Map();
function tttValue(b, me) {
  const key = b.join('') + me;
  if (!tttMemo.has(key)) tttMemo.set(key, tttSearch(b, me));
  return tttMemo.get(key);
}
function tttSearch(b, me) {
  if (tttWinner(b)) return -1;
  if (b.every((c) => c)) return 0;
  let best = -1;
  for (let i = 0; i < 9; i++) {
    if (b[i]) continue;
    b[i] = me;
    best = Math.max(best, -tttValue(b, 3 - me));
    b[i] = 0;
  }
  return best;
}

test('tic-tac-toe: every ply of random games judged as a minimax says', () => {
  const pick = rng(7);
  let blunders = 0;
  for (let g = 0; g < 20; g++) {
    const b = Array(9).fill(0), moves = [];
    let me = 1;
    while (!tttWinner(b) && !b.every((c) => c)) {
      const free = b.map((c, i) => (c ? -1 : i)).filter((i) => i >= 0);
      const i = free[pick(free.length)];
      b[i] = me;
      moves.push(i);
      me = 3 - me;
    }
    const r = review(`tictactoe x | ${moves.map((i) => i + 1).join(' ')}`);
    assert.equal(r.plies.length, moves.length);
    const board = Array(9).fill(0);
    me = 1;
    moves.forEach((i, k) => {
      const before = tttValue(board, me);
      board[i] = me;
      const after = tttWinner(board) ? 1 : board.every((c) => c) ? 0 : -tttValue(board, 3 - me);
      checkExact(r.plies[k], before, after, `game ${g} ply ${k + 1}`);
      if (after < before) blunders++;
      assert.equal(r.plies[k].side, me === 1 ? 'x' : 'o');
      me = 3 - me;
    });
  }
  assert.ok(blunders > 10, `random games blunder (${blunders})`);
});

/* ---- Pong Hau K'i: its rules and draws, and a minimax over them */

const PHQ_ADJ = [[1, 2, 3], [0, 2], [0, 1, 3, 4], [0, 2, 4], [2, 3]];
const phqKey = (pt, side) => pt.join('') + side;
/* The game after `history` (keys of every position so far): status. */
function phqStatus(pt, side, ply, history) {
  const empty = pt.indexOf(0);
  const movable = PHQ_ADJ[empty].filter((p) => pt[p] === side + 1);
  if (!movable.length) return { over: true, winner: 1 - side, movable };
  const key = phqKey(pt, side);
  if (history.filter((k) => k === key).length >= 3) return { over: true, winner: -1, movable };
  if (ply >= 40) return { over: true, winner: -1, movable };
  return { over: false, movable };
}
function phqPlay(pt, p) {
  const next = pt.slice();
  next[pt.indexOf(0)] = pt[p];
  next[p] = 0;
  return next;
}
/* The outcome for the side to move, the game in play. */
function phqValue(pt, side, ply, history) {
  let best = -1;
  for (const p of phqStatus(pt, side, ply, history).movable) {
    best = Math.max(best, phqMoveValue(pt, side, ply, history, p));
    if (best === 1) break;
  }
  return best;
}
function phqMoveValue(pt, side, ply, history, p) {
  const next = phqPlay(pt, p);
  const h = history.concat([phqKey(next, 1 - side)]);
  const s = phqStatus(next, 1 - side, ply + 1, h);
  if (s.over) return s.winner === side ? 1 : s.winner === -1 ? 0 : -1;
  return -phqValue(next, 1 - side, ply + 1, h);
}

test("Pong Hau K'i: every ply of random games judged as a minimax says", () => {
  const pick = rng(11);
  const LETTERS = 'ABCDE';
  let blunders = 0;
  for (let g = 0; g < 6; g++) {
    let pt = [2, 1, 0, 1, 2], side = 0, ply = 0;
    let history = [phqKey(pt, side)];
    const moves = [], expected = [];
    for (;;) {
      const s = phqStatus(pt, side, ply, history);
      if (s.over) break;
      const p = s.movable[pick(s.movable.length)];
      const before = phqValue(pt, side, ply, history);
      const after = phqMoveValue(pt, side, ply, history, p);
      expected.push([before, after, side]);
      moves.push(LETTERS[p]);
      pt = phqPlay(pt, p);
      side = 1 - side;
      ply++;
      history = history.concat([phqKey(pt, side)]);
    }
    const r = review(`ponghauqi | ${moves.join(' ')}`);
    assert.equal(r.plies.length, moves.length);
    expected.forEach(([before, after, side], k) => {
      checkExact(r.plies[k], before, after, `game ${g} ply ${k + 1}`);
      assert.equal(r.plies[k].side, 'bw'[side]);
      if (after < before) blunders++;
    });
  }
  assert.ok(blunders > 0, `random games blunder (${blunders})`);
});

/* ---- connect four: against the solver */

/* Checks every exact ply of a connect four review against the solver. */
function checkConnect4(params, cols, minExact) {
  const r = review(`connect4 ${params} | ${cols.join('')}`);
  assert.equal(r.plies.length, cols.length);
  const wanted = new Set();
  r.plies.forEach((p, k) => {
    if (!p.exact) return;
    wanted.add(cols.slice(0, k).join(''));
    if (p.distance_after !== 0) wanted.add(cols.slice(0, k + 1).join(''));
  });
  const solved = cli(['solve', 'connect4', '--params', params],
    { input: [...wanted].join('\n') + '\n', timeout: 120000 });
  assert.equal(solved.code, 0, solved.stderr);
  const score = new Map();
  for (const line of solved.stdout.split('\n')) {
    const parts = line.trim().split(/\s+/);
    if (parts.length === 2) score.set(parts[0], Math.sign(Number(parts[1])));
    else if (parts.length === 1 && parts[0] !== '') score.set('', Math.sign(Number(parts[0])));
  }
  let exact = 0;
  r.plies.forEach((p, k) => {
    if (!p.exact) return;
    exact++;
    const before = score.get(cols.slice(0, k).join(''));
    const afterKey = cols.slice(0, k + 1).join('');
    const after = p.distance_after === 0 ? (p.outcome_after === 'win' ? 1 : 0) : -score.get(afterKey);
    checkExact(p, before, after, `${params} ${cols.join('')} ply ${k + 1}`);
  });
  assert.ok(exact >= minExact, `${cols.join('')}: ${exact} plies exact`);
}

test('connect four: exact plies agree with qipan solve', () => {
  const pick = rng(5);
  for (let g = 0; g < 3; g++) {
    let pos = cli(['new', 'connect4', '--params', '6x5']).stdout;
    const cols = [];
    while (cli(['status', 'connect4', pos]).stdout.startsWith('turn')) {
      const legal = cli(['legal', 'connect4', pos]).stdout.split(' ');
      const a = legal[pick(legal.length)];
      cols.push(a);
      pos = cli(['apply', 'connect4', pos, a]).stdout;
    }
    checkConnect4('6x5', cols, Math.floor(cols.length / 2)); // most of 6x5 solves at once
  }
  // 7x6 on the opening book's lines, then where the solver finishes.
  checkConnect4('7x6', '44444433'.split(''), 6);
});

/* ---- gomoku: a quiet move over a VCF */

test('gomoku: a quiet move over a proven VCF is a missed win, the VCF move is not', () => {
  // Black (X) to move wins by continuous fours from h11 (qipan ai: "wins by VCF").
  const start = 'gomoku 15x15 free | h8 g8 f7 f9 h7 h6 g6 g7 i5 h5 k7 g9 j6 g10 g11 l8 i8 j9 i7 i9 h9 l5';
  const quiet = review(`${start} a1`).plies[22];
  assert.equal(quiet.move, 'a1');
  assert.equal(quiet.missed_win, true);
  assert.equal(quiet.value_before, 1);
  assert.equal(quiet.class, 'blunder');
  assert.equal(quiet.best, 'h11');
  // How the better move wins: by VCF, in as many moves as `qipan ai` says.
  assert.equal(quiet.win_by, 'vcf');
  const last = JSON.parse(cli(['open', start]).stdout).positions.at(-1);
  const note = cli(['ai', 'gomoku', last, '--verbose']).stderr;
  assert.match(note, new RegExp(`VCF\\) in ${quiet.win_in} moves`));
  const right = review(`${start} h11`).plies[22];
  assert.equal(right.missed_win, false);
  assert.equal(right.class, 'best');
  for (const p of review(start).plies) {
    assert.ok(p.value_before >= 0 && p.value_before <= 1 && p.value_after >= 0 && p.value_after <= 1);
    assert.equal(p.exact, false);
  }
});

/* ---- minesweeper: p_mine as level 3 says */

test('minesweeper: first click 0, a click on a proven mine 1, p_mine as level 3 says', () => {
  let seed = 0, pos, actions, mine = null;
  for (seed = 1; seed < 30 && mine === null; seed++) {
    pos = cli(['new', 'minesweeper', '--params', '9x9/10', '--seed', String(seed)]).stdout;
    actions = [];
    for (let k = 0; k < 40 && mine === null; k++) {
      if (cli(['status', 'minesweeper', pos]).stdout !== 'playing') break;
      if (k > 0) {
        const an = JSON.parse(cli(['analyze', 'minesweeper', pos]).stdout);
        if (an.mines.length) {
          mine = an.mines[0];
          break;
        }
      }
      const a = cli(['ai', 'minesweeper', pos, '--seed', String(k)]).stdout;
      actions.push(a);
      pos = cli(['apply', 'minesweeper', pos, a]).stdout;
    }
  }
  seed--;
  assert.notEqual(mine, null, 'a proven mine shows up');
  const w = 9;
  const boom = `o ${mine % w},${Math.floor(mine / w)}`;
  const rec = cli(['record', 'minesweeper', '9x9/10', '--seed', String(seed), ...actions, boom]);
  assert.equal(rec.code, 0, rec.stderr);
  const r = review(rec.stdout);
  assert.equal(r.plies[0].p_mine, 0);
  assert.equal(r.plies[0].safe_known, true);
  const last = r.plies[r.plies.length - 1];
  assert.equal(last.p_mine, 1);
  assert.equal(last.class, 'blunder');
  assert.equal(last.value_after, 0);
  assert.equal(typeof last.forced_guess, 'boolean');
  assert.equal(last.forced_guess, !last.safe_known);
  // The lost click lists the cells that were provably safe then, as level 3 says.
  const before = JSON.parse(cli(['open', rec.stdout]).stdout).positions.at(-2);
  const proven = JSON.parse(cli(['analyze', 'minesweeper', before]).stdout).safe;
  assert.deepEqual(last.safe, proven.map((c) => `${c % w},${Math.floor(c / w)}`));
  assert.equal(last.safe.length > 0, last.safe_known);
  r.plies.slice(0, -1).forEach((p) => assert.equal(p.safe, undefined));
  // Every click's p_mine is level 3's probability of that cell then.
  const opened = JSON.parse(cli(['open', rec.stdout]).stdout);
  r.plies.forEach((p, k) => {
    if (k === 0 || !opened.actions[k].startsWith('o ')) return;
    const an = JSON.parse(cli(['analyze', 'minesweeper', opened.positions[k]]).stdout);
    const [x, y] = opened.actions[k].slice(2).split(',').map(Number);
    assert.ok(Math.abs(an.probs[y * w + x] - p.p_mine) < 1e-4, `ply ${k + 1}`);
    assert.equal(p.safe_known, an.safe.length > 0, `ply ${k + 1}: safe_known`);
  });
});

/* ---- dark chess: the mover's view only */

test('dark chess: two deals with the same visible history get the same review', () => {
  let pos = cli(['new', 'beast', '--seed', '11']).stdout;
  const start = pos;
  const actions = [];
  const flipped = new Set();
  for (let k = 0; k < 24; k++) {
    const a = cli(['ai', 'beast', pos, '--level', '1', '--seed', String(k)]).stdout;
    if (a.length === 2) flipped.add(a);
    actions.push(a);
    pos = cli(['apply', 'beast', pos, a]).stdout;
  }
  // Swap two face-down pieces of different kinds that stay face-down.
  const [rows, ...rest] = start.split(' ');
  const cells = rows.split('/').map((row) => row.match(/\?./g));
  const down = [];
  cells.forEach((row, r) => row.forEach((c, col) => {
    const name = 'abcd'[col] + (8 - r);
    if (!flipped.has(name)) down.push([r, col]);
  }));
  const [r1, c1] = down[0];
  const other = down.find(([r, c]) => cells[r][c] !== cells[r1][c1]);
  assert.ok(other, 'two face-down kinds to swap');
  const swapped = cells.map((row) => row.slice());
  swapped[r1][c1] = cells[other[0]][other[1]];
  swapped[other[0]][other[1]] = cells[r1][c1];
  const start2 = [swapped.map((row) => row.join('')).join('/'), ...rest].join(' ');
  assert.notEqual(start2, start);
  const rec = (s) => {
    const r = cli(['record', 'beast', `=${s}`, ...actions]);
    assert.equal(r.code, 0, r.stderr);
    return r.stdout;
  };
  const a = review(rec(start), 2), b = review(rec(start2), 2);
  assert.equal(a.plies.length, actions.length);
  assert.deepEqual(b, a);
  // The truth does change what the search would see: the deals differ.
  assert.notEqual(rec(start), rec(start2));
});

/* ---- the CLI and wasm, whole and a ply at a time; bad input */

test('the wasm engine gives the CLI JSON, whole and a ply at a time', async () => {
  await loadQipan();
  const { engine } = require('../../web/qipan.js');
  const texts = [
    'tictactoe/x/5.1.9.7.3.6',
    'ponghauqi | B A D',
    'connect4/7x6/4453',
    'gomoku 15x15 free | h8 g8 f7 f9 h7 h6 g6 g7 i5 h5',
    'minesweeper 9x9/10 @3 | o4,4 o0,0 o8,8',
    'beast @11 | d8 b4 c5 d1 b7 a7 d4 b8',
  ];
  for (const text of texts) {
    const native = review(text);
    assert.deepEqual(engine.review(text), native, text);
    const begun = engine.reviewBegin(text);
    assert.equal(begun.plies, native.plies.length);
    for (let k = 0; k < begun.plies; k++) {
      assert.deepEqual(engine.reviewStep(), native.plies[k], `${text} ply ${k + 1}`);
      if (k === 0 && begun.plies > 1) assert.equal(engine.reviewResult().complete, false);
    }
    assert.throws(() => engine.reviewStep(), /every ply/);
    assert.deepEqual(engine.reviewResult(), native);
  }
  assert.throws(() => engine.review('nonsense'), /unknown game/);
});

test('a link can ask to open in review: a fourth section "review"', () => {
  const plain = JSON.parse(cli(['open', 'tictactoe/x/5.1.9.2']).stdout);
  assert.equal(plain.review, undefined);
  const asked = JSON.parse(cli(['open', 'https://example.org/qipan.html#tictactoe/x/5.1.9.2/review']).stdout);
  assert.equal(asked.review, true);
  assert.deepEqual({ ...asked, review: undefined }, { ...plain, review: undefined });
  assert.deepEqual(review('tictactoe/x/5.1.9.2/review'), review('tictactoe/x/5.1.9.2'));
  assert.equal(JSON.parse(cli(['open', 'ponghauqi///review']).stdout).review, true);
  const bad = cli(['open', 'tictactoe/x/5.1/replay']);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /more than three '\/' sections, the fourth not "review"/);
});

test('review refuses bad input with one line and status 2', () => {
  for (const args of [['review', 'chess/x/e4'], ['review', 'tictactoe/x/5.5'], ['review', ''],
    ['review', 'tictactoe/x/5', '--level', '9'], ['review', 'gomoku/15x15+free/zz99']]) {
    const r = cli(args);
    assert.equal(r.code, 2, args.join(' '));
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.equal(r.stdout, '');
  }
  const summary = review('tictactoe/x/5.1.9.7.3.6').summary;
  assert.deepEqual(Object.keys(summary), ['x', 'o']);
  assert.equal(summary.x.blunder, 1);
  assert.ok(summary.x.accuracy < 100 && summary.x.accuracy > 0);
  // An unfinished game too, and an empty one.
  assert.equal(review('tictactoe/x').plies.length, 0);
});
