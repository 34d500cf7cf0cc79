// One notation on the page: a move reads the same in the status line (the
// line under the controls, what is announced, a hint) as in the move list,
// which writes moves as the engine does (gomoku h8); and the move list,
// grown one move at a time, stays right across undo, playing on from an
// earlier move, a new game and an opened link.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const b = require('./browser.cjs');

let browser;
test.before(async () => { browser = await b.launch(); });
test.after(async () => { await browser.close(); });

/* The moves the list shows, without their numbers. */
async function listed(page) {
  return b.inApp(page, 'ol.moves li').evaluateAll((items) => items.map((li) => li.childNodes[1].textContent));
}

/* The moves of the game shown as the engine writes them, found from its
 * positions alone (each one legal action from the one before). */
async function written(page) {
  return page.evaluate(() => {
    const s = document.querySelector('#qipan').__qipan.state, e = Qipan.engine, h = s.history;
    const moves = [];
    for (let i = 0; i + 1 < h.length; i++) {
      const action = e.legal(s.game, h[i]).find((a) => e.apply(s.game, h[i], a) === h[i + 1]);
      moves.push(e.move(s.game, h[i], action));
    }
    return moves;
  });
}

async function listIsTheGame(page, what) {
  assert.deepEqual(await listed(page), await written(page), what);
}

const info = (page) => b.inApp(page, '.info').innerText();
const announced = (page) => b.inApp(page, '.sr').textContent();

for (const [lang, locale, last, hint] of [['zh', 'zh-CN', '上一手 ', '提示：'], ['en', 'en-GB', 'last ', 'Hint: ']]) {
  test(`gomoku (${lang}): a move reads the same in the status line and the move list`, async () => {
    const { page, errors } = await b.openGame(browser, 'gomoku', { locale });
    await b.clickTarget(page, '7,7');
    await b.idle(page);
    const moves = await listed(page);
    assert.equal(moves.length, 2, 'the player and the computer moved');
    assert.equal(moves[0], 'h8');
    assert.match(moves[1], /^[a-o]\d{1,2}$/, 'the engine\'s notation: a lower-case column letter');
    await listIsTheGame(page, 'the list is the game');
    // The line under the controls and the announcement name the computer's move as the list does.
    assert.ok((await info(page)).includes(last + moves[1]), await info(page));
    assert.ok((await announced(page)).includes(moves[1]), await announced(page));
    // A hint names its move so too: a legal move, as the engine writes it.
    await b.inApp(page, '.controls button').nth(1).click();
    const toast = await b.toastText(page);
    const named = new RegExp('^' + hint + '([a-o]\\d{1,2})').exec(toast);
    assert.ok(named, toast);
    const pos = (await b.state(page)).pos;
    assert.equal(await page.evaluate(([p, m]) => Qipan.engine.move('gomoku', p, m), [pos, named[1]]), named[1]);
    await b.screenshot(page, `notation-gomoku-${lang}`);
    assert.deepEqual(errors, []);
  });
}

test('the move list stays the game across undo, play on from here, a new game and a link', async () => {
  const { page, errors } = await b.openGame(browser, 'gomoku', { locale: 'en-GB' });
  await b.settings(page, { Mode: 'pvp' }, 'en');
  for (const p of ['7,7', '8,6', '9,5', '6,8', '5,9']) {
    await b.clickTarget(page, p);
    await b.idle(page);
  }
  assert.deepEqual(await listed(page), ['h8', 'i9', 'j10', 'g7', 'f6']);
  await b.inApp(page, '.controls button').first().click(); // undo
  await b.idle(page);
  assert.deepEqual(await listed(page), ['h8', 'i9', 'j10', 'g7']);
  // Back to the second move, and another game from there.
  await b.inApp(page, 'ol.moves li').nth(1).click();
  await b.inApp(page, '.replay-row .branch').click();
  await b.idle(page);
  assert.deepEqual(await listed(page), ['h8', 'i9']);
  // A move played writes that one move: the game is not replayed.
  await page.evaluate(() => {
    const e = Qipan.engine, calls = window.__calls = { move: 0, open: 0 };
    for (const name of ['move', 'open']) {
      const real = e[name];
      e[name] = (...args) => { calls[name]++; return real(...args); };
    }
  });
  await b.clickTarget(page, '0,0');
  await b.idle(page);
  assert.deepEqual(await listed(page), ['h8', 'i9', 'a15']);
  assert.deepEqual(await page.evaluate(() => window.__calls), { move: 1, open: 0 });
  await listIsTheGame(page, 'after playing on');
  assert.match(await info(page), /last a15/);
  await b.inApp(page, '.controls button').nth(2).click(); // restart
  await b.idle(page);
  assert.deepEqual(await listed(page), []);
  await b.clickTarget(page, '7,7');
  await b.idle(page);
  assert.deepEqual(await listed(page), ['h8']);
  // A link: its moves, and the next one played after them.
  await page.evaluate(() => { location.hash = 'gomoku/15x15+free/c3.d4.e5'; });
  await b.confirmNewGame(page);
  await b.until(async () => (await b.state(page)).ply === 3);
  assert.deepEqual(await listed(page), ['c3', 'd4', 'e5']);
  await b.clickTarget(page, '7,7');
  await b.idle(page);
  assert.deepEqual(await listed(page), ['c3', 'd4', 'e5', 'h8']);
  await listIsTheGame(page, 'after a link');
  assert.deepEqual(errors, []);
});

/* A game mounted alone, two players, no start screen. */
async function mounted(options) {
  const url = b.hostPage(`<div id="qipan"></div><script>addEventListener('load', () => {
    Qipan.mount(document.getElementById('qipan'), ${JSON.stringify(options)});
  });</script>`);
  const opened = await b.open(browser, url);
  await opened.page.waitForFunction(() => {
    const h = document.querySelector('#qipan').__qipan;
    return h && h.state && !h.state.busy;
  });
  return opened;
}

test('tic-tac-toe, connect four and Pong Hau K\'i name a move by the move list\'s number or point', async () => {
  const cases = [
    ['tictactoe', '5', '5', /square 5 \(row 2, column 2\)/],
    ['connect4', '4', '4', /column 4/],
    ['ponghauqi', 'B', 'B', /point B/],
  ];
  for (const [game, target, move, words] of cases) {
    const { page, errors } = await mounted({ game, mode: 'pvp', first: 'human', lang: 'en' });
    await b.clickTarget(page, target);
    await b.idle(page);
    assert.deepEqual(await listed(page), [move], game);
    assert.match(await announced(page), words, game);
    if (game === 'connect4') assert.match(await info(page), /last column 4/);
    assert.deepEqual(errors, [], game);
    await page.context().close();
  }
});
