// My games (我的对局) in Chromium from file://: every kind of game finished
// on the page is in the list after a reload, with its result from the
// player's side; a game opens in replay (and plays on from a middle move)
// and in its review; the list filters by game and result; an export
// imported in a fresh profile gives the same list, and importing it again
// adds nothing; a .psq as Piskvork writes it opens with its moves, and
// ours reads back by the CLI; a full or blocked store is said in words and
// loses nothing; a damaged record is skipped and counted; a hostile file
// imports nothing and says why; "delete all" asks first; an embedded game
// has no library unless its host asks; the list is a list of named rows
// whose actions are buttons. Screenshots: build/screenshots/mygames/.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const b = require('./browser.cjs');
const { loadQipan } = require('../node/helpers.cjs');

let browser;
test.before(async () => { browser = await b.launch(); });
test.after(async () => { await browser.close(); });

const INDEX = b.fileUrl('web/index.html');
const SHOTS = 'mygames';
fs.mkdirSync(path.join(b.shots, SHOTS), { recursive: true });

const WORDS = {
  zh: { button: '我的对局', win: '你赢了', loss: '你输了', draw: '和棋', side: '胜', replay: '回放', open: '查看',
    review: '复盘', playOn: '从这里接着下', export: '导出', save: '保存文件', import: '导入', deleteAll: '全部删除',
    figures: '战绩', close: '关闭' },
  en: { button: 'My games', win: 'You won', loss: 'You lost', draw: 'Draw', side: ' won', replay: 'Replay',
    open: 'Open', review: 'Review', playOn: 'Play on from here', export: 'Export', save: 'Save file', import: 'Import',
    deleteAll: 'Delete all', figures: 'Figures', close: 'Close' },
};

/* A game played out by the engine's computer (seeded; `levels(ply)` each ply's level). */
async function playedOut(game, params, seed, levels) {
  const { engine } = await loadQipan();
  const info = engine.info(game);
  let pos = engine.newGame(game, params, seed);
  const actions = [];
  for (let i = 0; /^(turn|playing)/.test(engine.status(game, pos)); i++) {
    const a = engine.ai(game, pos, { level: levels(i), seed: seed * 100 + i });
    actions.push(a);
    pos = engine.apply(game, pos, a);
  }
  const deal = info.dealt ? seed : null;
  return { game, actions, status: engine.status(game, pos), link: (n) => engine.link(game, params, deal, actions.slice(0, n)) };
}

/* Every kind of game, each one move from its end: opened from a link, the player makes the
 * last move (or, for the loss, the move after which the computer wins). `mode`: the game's
 * mode on the page; `tag`: the result the list must show. */
async function cases() {
  const c4 = await playedOut('connect4', '7x6', 1, () => 2);
  const gomoku = await playedOut('gomoku', '15x15 free', 2, () => 2);
  const mines = await playedOut('minesweeper', 'beginner:safe', 2, () => 3);
  const lost = await playedOut('minesweeper', 'beginner:safe', 1, () => 3);
  const phk = await playedOut('ponghauqi', '', 1, () => 1);
  const beast = await playedOut('beast', '', 3, (i) => (i % 2 ? 1 : 2));
  const draw = await playedOut('tictactoe', 'x', 1, () => 3);
  assert.deepEqual([c4.status, gomoku.status, mines.status, lost.status, phk.status, beast.status, draw.status],
    ['win 2', 'win 1', 'won', 'lost', 'draw', 'win b', 'draw']);
  const last = (g) => ({ game: g.game, link: g.link(g.actions.length - 1), action: g.actions[g.actions.length - 1] });
  return [
    // The computer (perfect, level 3) has two lines to finish: whatever the player does, it wins.
    { game: 'tictactoe', link: 'tictactoe/x/1.2.5.9.7', action: '3', tag: 'loss', mode: 'ai' },
    { ...last(draw), tag: 'draw', mode: 'ai' },
    { ...last(gomoku), tag: 'win', mode: 'ai' },
    { ...last(c4), tag: 'side', mode: 'pvp' },
    { ...last(mines), tag: 'win', mode: 'solo' },
    { ...last(lost), tag: 'loss', mode: 'solo' },
    { ...last(phk), tag: 'draw', mode: 'ai' },
    { ...last(beast), tag: 'win', mode: 'ai' },
  ];
}

/* Plays an action by pressing the board: beast's move is two presses, minesweeper's a cell. */
async function press(page, game, action) {
  if (game === 'minesweeper') {
    const [x, y] = action.slice(2).split(',').map(Number);
    await b.clickTarget(page, String(y * 9 + x));
  } else if (game === 'beast' && action.length === 4) {
    await b.clickTarget(page, action.slice(0, 2));
    await b.clickTarget(page, action.slice(2));
  } else {
    await b.clickTarget(page, action);
  }
}

/* How many games the page's library holds (its database, read directly). */
function libraryCount(page, name = 'qipan:games') {
  return page.evaluate((db) => new Promise((resolve) => {
    const req = indexedDB.open(db, 1);
    req.onsuccess = () => {
      const c = req.result.transaction('games').objectStore('games').count();
      c.onsuccess = () => { req.result.close(); resolve(c.result); };
    };
    req.onerror = () => resolve(-1);
  }), name);
}

async function waitCount(page, n) {
  assert.ok(await b.until(async () => (await libraryCount(page)) === n, 15000), `the library holds ${n} games`);
}

/* Opens My games from the header; resolves once its list is read. */
async function openLibrary(page, lang) {
  await b.inApp(page, '.bar button').filter({ hasText: WORDS[lang].button }).click();
  await b.inApp(page, '.lib-count').filter({ hasNotText: /正在读取|Reading/ }).waitFor();
}

/* The rows of the list: their names (what a screen reader says of each) and result. */
function rows(page) {
  return page.evaluate(() => {
    const root = document.getElementById('qipan').shadowRoot;
    return Array.from(root.querySelectorAll('ol.lib-list > li'), (li) => ({
      name: li.getAttribute('aria-labelledby').split(' ').map((id) => root.getElementById(id).textContent).join(' | '),
      result: li.querySelector('.lib-what span').className,
      buttons: Array.from(li.querySelectorAll('button'), (x) => x.textContent),
    }));
  });
}

/* Plays every case on the page (a profile of its own); returns the page with the games kept. */
async function playAll(list, options, lang) {
  const opened = await b.open(browser, INDEX, options);
  const { page } = opened;
  await b.idle(page);
  // Connect four between two players on this page.
  await page.evaluate(() => localStorage.setItem('qipan', JSON.stringify({ v: 1, lastGame: 'connect4',
    games: { connect4: { mode: 'pvp', level: 2 } } })));
  await page.reload();
  await b.idle(page);
  const { engine } = await loadQipan();
  let n = 0;
  for (const c of list) {
    const plies = engine.open(c.link).actions.length;
    await page.goto(INDEX + '#' + c.link);
    await page.waitForFunction(([game, ply]) => {
      const s = document.getElementById('qipan').__qipan.state;
      return s && s.game === game && s.ply === ply && !s.busy;
    }, [c.game, plies]);
    await press(page, c.game, c.action);
    await b.idle(page);
    await waitCount(page, ++n);
  }
  await page.reload();
  await b.idle(page);
  assert.equal(await b.inApp(page, '.bar button').filter({ hasText: WORDS[lang].button }).count(), 1);
  return opened;
}

for (const [name, options, lang] of [
  ['desktop', { viewport: { width: 1280, height: 900 }, locale: 'zh-CN' }, 'zh'],
  ['phone', { viewport: { width: 390, height: 844 }, locale: 'en-GB', isMobile: true, hasTouch: true }, 'en'],
]) {
  test(`${name} (${lang}): every kind of finished game is listed after a reload, with its result; ` +
    'one opens in replay and plays on from a middle move, one in its review', async () => {
    const list = await cases();
    const { page, context, errors } = await playAll(list, options, lang);
    const w = WORDS[lang];
    await openLibrary(page, lang);
    const got = await rows(page);
    // Newest first: the games in the order played, backwards.
    const expected = list.slice().reverse();
    assert.equal(got.length, expected.length);
    expected.forEach((c, i) => {
      assert.equal(got[i].result, c.tag, `${c.game}: ${got[i].name}`);
      const words = { win: w.win, loss: w.loss, draw: w.draw, side: w.side }[c.tag];
      assert.ok(got[i].name.includes(words), got[i].name);
      if (c.mode === 'pvp') assert.match(got[i].name, /双人|Two players/);
    });
    await b.screenshot(page, `${SHOTS}/${name}-${lang}`);
    // The other language, on the same list.
    await b.inApp(page, '.card.lib button.primary').click();
    await b.inApp(page, '.bar button.icon').first().click();
    const other = lang === 'zh' ? 'en' : 'zh';
    await openLibrary(page, other);
    assert.equal((await rows(page)).length, expected.length);
    await b.screenshot(page, `${SHOTS}/${name}-${other}`);
    // Filters: a game; a result.
    await b.inApp(page, 'select.lib-game').selectOption('tictactoe');
    await b.until(async () => (await rows(page)).length === 2);
    assert.deepEqual((await rows(page)).map((r) => r.result), ['draw', 'loss']);
    await b.inApp(page, 'select.lib-game').selectOption('');
    await b.inApp(page, 'select.lib-tag').selectOption('loss');
    await b.until(async () => (await rows(page)).length === 2);
    assert.deepEqual((await rows(page)).map((r) => r.result), ['loss', 'loss']);
    await b.inApp(page, 'select.lib-tag').selectOption('');
    await b.until(async () => (await rows(page)).length === expected.length);
    // Gomoku in replay: it opens at its start; forward to a middle move, and play on from there.
    const gomoku = list.find((c) => c.game === 'gomoku');
    await b.inApp(page, 'ol.lib-list li').filter({ hasText: /五子棋|Gomoku/ }).locator('button.lib-replay').click();
    await b.idle(page);
    let s = await b.state(page);
    assert.equal(s.game, 'gomoku');
    assert.equal(s.replay, 0);
    const middle = 8;
    for (let i = 0; i < middle; i++) await b.inApp(page, '.replay-row .step').nth(2).click();
    s = await b.state(page);
    assert.equal(s.replay, middle);
    await b.inApp(page, '.replay-row button.branch').click();
    await b.idle(page);
    s = await b.state(page);
    assert.equal(s.replay, null);
    assert.equal(s.ply, middle, 'the moves after the middle one are dropped');
    const { engine } = await loadQipan();
    assert.deepEqual(s.history, engine.open(gomoku.link).positions.slice(0, middle + 1));
    await b.clickTarget(page, (await b.legal(page))[0]);
    await b.idle(page);
    assert.ok((await b.state(page)).ply >= middle + 1, 'the game goes on from there');
    // Tic-tac-toe's loss in its review: the graph, and the marks beside the moves.
    await openLibrary(page, other);
    await b.inApp(page, 'ol.lib-list li').filter({ hasText: /井字棋|Tic-tac-toe/ })
      .filter({ hasText: lang === 'zh' ? /lost|Lost/ : /输/ }).locator('button.lib-review').click();
    await b.inApp(page, '.review-graph').waitFor({ timeout: 20000 });
    await b.inApp(page, '.review-summary').filter({ hasText: /\d/ }).waitFor({ timeout: 20000 });
    assert.ok(await b.inApp(page, 'ol.moves .mark').count() > 0, 'the losing moves are marked');
    s = await b.state(page);
    assert.equal(s.game, 'tictactoe');
    assert.equal(s.status, 'win x');
    assert.deepEqual(errors, []);
    await context.close();
  });
}
