// Games that travel (src/record.c): every game's link and record, written
// by `qipan link`/`record` and by the wasm engine, open to the same JSON
// natively and in wasm, replay to the POS that applying the actions gives,
// and write themselves again unchanged. Long games (19x19 gomoku, a full
// connect four board, 300 plies of dark chess) fit; forged texts are
// refused with one line, never a crash.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const { cli, loadQipan, asanBin, rng, inPlay } = require('./helpers.cjs');

/* Whether the game deals from the seed (the link then carries it). */
function dealsFromSeed(engine, game) {
  return engine.newGame(game, null, 1) !== engine.newGame(game, null, 2);
}

/* Plays random legal actions (avoid(pos, action) may veto one) from the
 * start; returns the actions and the final POS. */
function randomGame(engine, game, params, seed, plies, pick, avoid) {
  let pos = engine.newGame(game, params, seed);
  const actions = [];
  while (actions.length < plies && inPlay(engine.status(game, pos))) {
    const legal = engine.legal(game, pos);
    const ok = avoid ? legal.filter((a) => !avoid(pos, a)) : legal;
    const choices = ok.length ? ok : legal;
    const a = choices[pick(choices.length)];
    actions.push(a);
    pos = engine.apply(game, pos, a);
  }
  return { actions, pos };
}

function open(text) {
  const r = cli(['open', text]);
  assert.equal(r.code, 0, `open ${text.slice(0, 80)}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

/* Everything a travelling game must satisfy, natively and in wasm. */
function checkTravel(engine, game, start, seed, actions, finalPos) {
  const seedArgs = seed === null ? [] : ['--seed', String(seed)];
  const link = cli(['link', game, start, ...seedArgs, ...actions]);
  const record = cli(['record', game, start, ...seedArgs, ...actions]);
  assert.equal(link.code, 0, `${game} link: ${link.stderr}`);
  assert.equal(record.code, 0, `${game} record: ${record.stderr}`);
  assert.equal(engine.link(game, start, seed, actions), link.stdout, game);
  assert.equal(engine.record(game, start, seed, actions), record.stdout, game);
  const fromLink = open(link.stdout);
  assert.deepEqual(open(record.stdout), fromLink, `${game}: the record opens as the link`);
  assert.deepEqual(engine.open(link.stdout), fromLink, `${game}: wasm opens as native`);
  assert.deepEqual(engine.open('https://example.org/qipan.html?x=1#' + link.stdout), fromLink);
  assert.equal(fromLink.game, game);
  assert.deepEqual(fromLink.actions, actions);
  assert.equal(fromLink.moves.length, actions.length);
  assert.equal(fromLink.positions.length, actions.length + 1);
  assert.equal(fromLink.positions.at(-1), finalPos, `${game}: the replay ends where apply did`);
  fromLink.positions.slice(1).forEach((pos, i) => {
    assert.equal(pos, engine.apply(game, fromLink.positions[i], actions[i]), `${game} ply ${i + 1}`);
  });
  assert.equal(fromLink.link, link.stdout);
  assert.equal(fromLink.record, record.stdout);
  // Round trips: what open() says writes the same texts again.
  const again = [game, fromLink.start, fromLink.seed, fromLink.actions];
  assert.equal(engine.link(...again), link.stdout);
  assert.equal(engine.record(...again), record.stdout);
  return fromLink;
}

test('every game travels: link and record, natively and in wasm, round trips', async () => {
  const { engine } = await loadQipan();
  for (const game of engine.list()) {
    for (const s of [1, 2, 3]) {
      const seed = dealsFromSeed(engine, game) ? 40 + s : null;
      const params = engine.info(game).params;
      const { actions, pos } = randomGame(engine, game, params, seed ?? 1, 60, rng(s * 77));
      const o = checkTravel(engine, game, params, seed, actions, pos);
      assert.equal(o.params, params);
      assert.equal(o.seed, seed === null ? null : String(seed));
      // From a position part-way: "=POS" and the moves after it.
      const k = Math.floor(actions.length / 2);
      const mid = engine.apply(game, engine.newGame(game, params, seed ?? 1), actions.slice(0, k));
      const fromPos = checkTravel(engine, game, '=' + mid, null, actions.slice(k), pos);
      assert.equal(fromPos.params, null);
      assert.equal(fromPos.start, '=' + mid);
    }
  }
});

test('the notations of the brief', async () => {
  const cases = [
    [['link', 'gomoku', '15x15 free', '7,7', '8,6', '9,5'], 'gomoku/15x15+free/h8.i9.j10'],
    [['record', 'gomoku', '15x15 free', '7,7', '8,6', '9,5'], 'gomoku 15x15 free | h8 i9 j10'],
    [['link', 'gomoku', '15x15 free', '0,14', '0,0', '14,0'], 'gomoku/15x15+free/a1.a15.o15'],
    [['link', 'connect4', '7x6', '4', '4', '5', '3'], 'connect4/7x6/4453'],
    [['record', 'connect4', '7x6', '4', '4', '5', '3'], 'connect4 7x6 | 4453'],
    [['record', 'tictactoe', 'x', '5', '1', '9'], 'tictactoe x | 5 1 9'],
    [['link', 'minesweeper', 'expert:safe', '--seed', '42', 'o 4,4', 'f 5,5'],
      'minesweeper/expert:safe@42/o4,4.f5,5'],
    [['record', 'minesweeper', 'expert:safe', '--seed', '42', 'o 4,4', 'f 5,5'],
      'minesweeper expert:safe @42 | o4,4 f5,5'],
    [['link', 'minesweeper', '9x9/10:safe', '--seed', '5'], 'minesweeper/9x9%2F10:safe@5'],
    [['link', 'beast', '', '--seed', '17', 'c5'], 'beast/@17/c5'],
    [['record', 'beast', '', '--seed', '17', 'c5'], 'beast @17 | c5'],
    [['record', 'beast', '', '--seed', '17', 'c5', 'c4', 'c6', 'c6c5'], 'beast @17 | c5 c4 c6 c6c5'],
    [['link', 'ponghauqi', '', 'B'], 'ponghauqi//B'],
    [['link', 'gomoku', '=15x15 free 7,7', '7,6'], 'gomoku/=15x15+free+7,7/h9'],
    [['record', 'gomoku', '=15x15 free 7,7', '7,6'], 'gomoku = 15x15 free 7,7 | h9'],
    [['record', 'ponghauqi', ''], 'ponghauqi  |'],
    [['link', 'ponghauqi', ''], 'ponghauqi/'],
  ];
  for (const [args, want] of cases) {
    const r = cli(args);
    assert.equal(r.code, 0, `${args.join(' ')}: ${r.stderr}`);
    assert.equal(r.stdout, want);
  }
});

test('open is tolerant of spaces, line breaks, case and the x,y form', async () => {
  const { engine } = await loadQipan();
  const want = open('gomoku/15x15+free/h8.i9.j10');
  for (const text of ['  gomoku   15x15  free |  h8\n i9\r\nj10\n', 'gomoku 15x15 free | H8 I9 J10',
    'gomoku 15x15 free | 7,7 8,6 9,5', '#gomoku/15x15+free/h8.i9.j10',
    'gomoku/15x15+free/H8.8,6.j10\n']) {
    assert.deepEqual(open(text), want, JSON.stringify(text));
    assert.deepEqual(engine.open(text), want, JSON.stringify(text));
  }
  assert.deepEqual(open('connect4 7x6 | 4 4 5 3'), open('connect4/7x6/4453'));
  assert.deepEqual(open('ponghauqi'), open('ponghauqi  |'));
  assert.deepEqual(open('tictactoe x'), open('tictactoe/x'));
  assert.equal(open('tictactoe x').link, 'tictactoe/x');
  assert.equal(open('minesweeper expert:safe@42 | o4,4').link, 'minesweeper/expert:safe@42/o4,4');
  assert.equal(open('minesweeper/expert%3Asafe@42/o%34,4').link, 'minesweeper/expert:safe@42/o4,4');
});

test('a 19x19 gomoku game of 150 moves travels', async () => {
  const { engine } = await loadQipan();
  // Random moves that never end the game: nobody makes five.
  const avoid = (pos, a) => !inPlay(engine.status('gomoku', engine.apply('gomoku', pos, a)));
  const { actions, pos } = randomGame(engine, 'gomoku', '19x19 free', 1, 150, rng(19), avoid);
  assert.equal(actions.length, 150);
  assert.ok(inPlay(engine.status('gomoku', pos)));
  const o = checkTravel(engine, 'gomoku', '19x19 free', null, actions, pos);
  assert.equal(o.moves.length, 150);
  assert.ok(o.moves.every((m) => /^[a-s]([1-9]|1[0-9])$/.test(m)), o.moves.join(' '));
});

test('a full connect four board (42 moves) travels as one move string', async () => {
  const { engine } = await loadQipan();
  // Avoid ending the game before the board is full; some seed fills it.
  const avoid = (pos, a) => !inPlay(engine.status('connect4', engine.apply('connect4', pos, a)));
  let game = null;
  for (let s = 1; s < 200 && !game; s++) {
    const g = randomGame(engine, 'connect4', '7x6', 1, 42, rng(s), avoid);
    if (g.actions.length === 42) game = g;
  }
  assert.ok(game, 'some random game fills the board');
  assert.ok(!inPlay(engine.status('connect4', game.pos)));
  const o = checkTravel(engine, 'connect4', '7x6', null, game.actions, game.pos);
  assert.match(o.link, /^connect4\/7x6\/[1-7]{42}$/);
  assert.equal(o.positions.at(-1), '7x6 ' + game.actions.join(''));
  // One more move: the game is over.
  const r = cli(['open', o.link + '1']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /too many moves|move 43/);
});

test('a 300-ply dark chess game travels (the deal in the seed)', async () => {
  const { engine } = await loadQipan();
  // The 50-ply rule draws after 50 plies without a flip or capture, and a
  // third repetition draws: walk pieces about, flipping or capturing
  // before the counter (POS field 3) reaches 50, and never end the game.
  const counter = (pos) => Number(pos.split(' ')[2]);
  const pick = rng(300);
  let pos = engine.newGame('beast', null, 17);
  const actions = [];
  while (actions.length < 300) {
    const next = engine.legal('beast', pos).map((a) => [a, engine.apply('beast', pos, a)])
      .filter(([, p]) => inPlay(engine.status('beast', p)));
    assert.ok(next.length, `stuck after ${actions.length} plies`);
    const progress = next.filter(([, p]) => counter(p) === 0);
    const quiet = next.filter(([, p]) => counter(p) > 0);
    const pool = counter(pos) < 40 && quiet.length ? quiet : progress.length ? progress : next;
    const [a, p] = pool[pick(pool.length)];
    actions.push(a);
    pos = p;
  }
  // 300 plies is well within the game's own cap (BEAST_MAX_PLIES, 3300:
  // 63 flips and captures, <= 50 plies after each) and the link's (4000).
  const o = checkTravel(engine, 'beast', '', 17, actions, pos);
  assert.ok(o.positions.every((p) => counter(p) < 50), 'the 50-ply rule never fired');
  assert.ok(o.positions.some((p) => counter(p) >= 40), 'quiet stretches were long');
  assert.equal(o.seed, '17');
  assert.equal(o.positions.length, 301);
  assert.ok(o.link.startsWith('beast/@17/'));
});

/* A text that must be refused: exit 2 with one line natively, the same
 * message thrown in wasm. */
async function refused(engine, text, pattern) {
  const r = cli(['open', text]);
  assert.equal(r.code, 2, `accepted: ${text.slice(0, 100)}`);
  assert.equal(r.stdout, '');
  assert.equal(r.stderr.split('\n').length, 2, r.stderr);
  if (pattern) assert.match(r.stderr, pattern, text.slice(0, 100));
  assert.throws(() => engine.open(text), (e) => 'qipan: ' + e.message === r.stderr.trim() ||
    /too long/.test(e.message));
}

test('forged texts are refused with one clear line, for every game', async () => {
  const { engine } = await loadQipan();
  const twice = { connect4: '1111111' };
  for (const game of engine.list()) {
    const seed = dealsFromSeed(engine, game) ? 5 : null;
    const params = engine.info(game).params;
    const { actions } = randomGame(engine, game, params, seed ?? 1, 60, rng(5));
    const link = engine.link(game, params, seed, actions);
    const [, start] = link.split('/');
    await refused(engine, link.replace(game, 'chess'), /unknown game 'chess'/);
    await refused(engine, `${game}/${start}%G1`, /bad percent escape/);
    await refused(engine, `${game}/${start}%4`, /bad percent escape/);
    await refused(engine, `${game}/${start}%00`, /not printable ASCII/);
    await refused(engine, `${game}/zz%3Fzz${seed === null ? '' : '@5'}`);
    await refused(engine, `${game}/=garbage`);
    await refused(engine, `${game}/=`);
    await refused(engine, `${game}/${start}/a/b`, /sections/);
    await refused(engine, `${game}/${start}/..`, /empty/);
    await refused(engine, 'x'.repeat(100000), /too long/);
    await refused(engine, link + '\u00e9', /not printable ASCII/);
    await refused(engine, link + '\u0001', /not printable ASCII/);
    if (seed === null) await refused(engine, `${game}/${start}@5`, /does not depend on a seed/);
    else await refused(engine, `${game}/${params}`, /seed/);
    if (seed !== null) await refused(engine, `${game}/${start.replace(/@.*/, '@-1')}`, /bad seed/);
    const first = engine.link(game, params, seed, actions.slice(0, 1));
    const doubled = twice[game] ? `${game}/${start}/${twice[game]}` :
      `${first}.${first.split('/')[2]}`;
    await refused(engine, doubled, new RegExp(`move ${twice[game] ? 7 : 2} \\(`));
    const end = engine.apply(game, engine.newGame(game, params, seed ?? 1), actions);
    if (!inPlay(engine.status(game, end))) {
      const last = engine.open(link).moves.at(-1);
      const more = game === 'connect4' ? link + last : `${link}.${last}`;
      await refused(engine, more, new RegExp(`move ${actions.length + 1} .*game is over`));
    }
    // Cut anywhere: a valid prefix opens, anything else is refused.
    for (let cut = 1; cut < link.length; cut += Math.max(1, Math.floor(link.length / 9))) {
      const text = link.slice(0, cut);
      const r = cli(['open', text]);
      assert.ok(r.code === 0 || r.code === 2, `${text}: ${r.code} ${r.signal}`);
      if (r.code === 0) assert.deepEqual(engine.open(text), JSON.parse(r.stdout));
      else await refused(engine, text);
    }
  }
  await refused(engine, 'gomoku/15x15+free/h8.h8', /^qipan: move 2 \(h8\): the point is taken$/m);
  await refused(engine, 'tictactoe x | 5 1 9 2 8 3 7', /move 7 \(7\): the game is over \(win o\)/);
  await refused(engine, 'gomoku 15x15 free | h8 | i9', /more than one '\|'/);
  await refused(engine, 'https://example.org/qipan.html', /no '#'/);
  await refused(engine, 'gomoku/15x15+free/z99', /move 1 \(z99\)/);
  await refused(engine, 'gomoku/15x15+free@/h8', /no seed/);
  await refused(engine, 'minesweeper/beginner@9007199254740992', /bad seed/);
  await refused(engine, 'tictactoe/x/' + '5.'.repeat(20) + '5', /too many moves/);
});

test('link and record refuse what they cannot write', async () => {
  const { engine } = await loadQipan();
  const bad = [
    [['link', 'gomoku', '15x15 free', '7,7', '7,7'], /action 2 \(7,7\): 7,7: the point is taken/],
    [['link', 'gomoku', '15x15+free'], /'\+'/],
    [['link', 'tictactoe', 'x', '--seed', '3'], /does not depend on a seed/],
    [['record', 'beast', ''], /seed/],
    [['link', 'gomoku', '=15x15 free', '--seed', '3'], /drop the seed/],
    [['link', 'chess', 'x'], /unknown game/],
    [['record', 'connect4', '7x6', 'h8'], /action 1 \(h8\)/],
  ];
  for (const [args, pattern] of bad) {
    const r = cli(args);
    assert.equal(r.code, 2, args.join(' '));
    assert.match(r.stderr, pattern);
  }
  assert.throws(() => engine.link('gomoku', '15x15 free', null, ['7,7', '7,7']), /action 2/);
  assert.throws(() => engine.record('beast', '', null, []), /seed/);
  assert.throws(() => engine.link('gomoku', '15x15 free', null, 'h8'), /array/);
  assert.throws(() => engine.open(''), /missing/);
});

test('forged texts under ASan/UBSan', { skip: !fs.existsSync(asanBin) }, () => {
  for (const text of ['gomoku/15x15+free/h8.h8', 'connect4/7x6/11111111', '%%%/%/%', '#/#/#',
    'beast/=' + '%3F'.repeat(5000), 'minesweeper expert:safe @42 | o4,4 c4,4 f0,0 f0,0',
    'x'.repeat(70000), ' | | ', '@@@@', '=', 'gomoku/25x25/' + 'a1.'.repeat(3000) + 'a1']) {
    const r = cli(['open', text], { bin: asanBin });
    assert.ok(r.code === 0 || r.code === 2, `${text.slice(0, 60)}: ${r.code} ${r.stderr}`);
  }
  const r = cli(['open', 'beast/@17/c5.d4'], { bin: asanBin });
  assert.equal(r.code, 0, r.stderr);
});
