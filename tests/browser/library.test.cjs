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
// whose actions are buttons, which Tab reaches and Enter presses.
// Screenshots: build/screenshots/mygames/.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const b = require('./browser.cjs');
const { cli, loadQipan } = require('../node/helpers.cjs');

let browser;
test.before(async () => { browser = await b.launch(); });
test.after(async () => { await browser.close(); });

const INDEX = b.fileUrl('web/index.html');
const SHOTS = 'mygames';
fs.mkdirSync(path.join(b.shots, SHOTS), { recursive: true });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'qipan-library-'));

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
  // Read: its count says so, or its trouble is said at the top.
  await page.waitForFunction(() => {
    const root = document.getElementById('qipan').shadowRoot;
    const count = root.querySelector('.lib-count'), problem = root.querySelector('.lib-problem');
    return count && (/\d|No /.test(count.textContent) || problem.textContent);
  });
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
    // The game filter's list also held two rows: wait for the losses.
    await b.until(async () => { const r = await rows(page); return r.length === 2 && r.every((x) => x.result === 'loss'); });
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

/* The status line of My games once it says something that `re` matches. */
async function statusSays(page, re) {
  const status = b.inApp(page, '.lib-status').filter({ hasText: re });
  await status.waitFor({ timeout: 20000 });
  return status.innerText();
}

/* Export: all games as records, saved as the browser saves a download; its text. */
async function exportAll(page) {
  await b.inApp(page, 'button.lib-export-button').click();
  const [download] = await Promise.all([page.waitForEvent('download'), b.inApp(page, 'button.lib-save').click()]);
  const file = path.join(tmp, download.suggestedFilename());
  await download.saveAs(file);
  await b.inApp(page, 'button.lib-export-button').click();
  return fs.readFileSync(file, 'utf8');
}

/* Files chosen from the Import button's file chooser ([name, text or bytes] each). */
async function chooseFiles(page, files) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), b.inApp(page, 'button.lib-import').click()]);
  await page.evaluate(() => {
    document.getElementById('qipan').shadowRoot.querySelector('.lib-status').textContent = '';
  });
  await chooser.setFiles(files.map(([name, text]) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(text) })));
}

/* Import: the files chosen; the status's words then. */
async function importFiles(page, files) {
  await chooseFiles(page, files);
  return statusSays(page, /Imported|Nothing was imported/);
}

test('an export imported in a fresh profile gives the same list, and importing it twice adds nothing; ' +
  '"delete all" asks first; a hostile file imports nothing and says why; a damaged record is skipped ' +
  'and counted; a .psq as Piskvork writes it opens with its moves, and ours reads back by the CLI', async () => {
  const options = { viewport: { width: 1280, height: 900 }, locale: 'en-GB' };
  const list = await cases();
  const first = await playAll(list, options, 'en');
  await openLibrary(first.page, 'en');
  const before = await rows(first.page);
  const text = await exportAll(first.page);
  assert.equal(text.trim().split('\n').length, list.length);
  // Every line is a record `qipan open` reads, its note after ';' left out.
  const { engine } = await loadQipan();
  for (const line of text.trim().split('\n')) {
    assert.match(line, / ; at=\d{4}-/);
    assert.equal(JSON.parse(cli(['open', line]).stdout).record, engine.open(line).record);
  }
  assert.deepEqual(first.errors, []);
  await first.context.close();

  const { page, context, errors } = await b.open(browser, INDEX, options);
  await b.idle(page);
  await openLibrary(page, 'en');
  assert.equal(await importFiles(page, [['qipan-games.txt', text]]),
    `Imported ${list.length} games; 0 already here, skipped.`);
  await b.until(async () => (await rows(page)).length === list.length);
  assert.deepEqual(await rows(page), before, 'the same list, in the same order, with the same words');
  assert.equal(await importFiles(page, [['qipan-games.txt', text]]), `Imported 0 games; ${list.length} already here, skipped.`);
  assert.equal(await libraryCount(page), list.length);

  // A file with one line that does not open: nothing of it is kept, and the line is named.
  const bad = text.split('\n')[0].replace(/id=\S+/, 'id=new1') + '\ntictactoe x | 5 5\n';
  assert.match(await importFiles(page, [['bad.txt', bad]]), /^Nothing was imported: bad\.txt: line 2 does not open \(.+\)\.$/);
  const binary = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe]);
  assert.equal(await importFiles(page, [['x.png', binary]]), 'Nothing was imported: x.png: this is not a text file.');
  assert.equal(await importFiles(page, [['empty.txt', '\n\n']]), 'Nothing was imported: empty.txt: the file holds no games.');
  assert.match(await importFiles(page, [['unfinished.txt', 'tictactoe x | 5 1']]), /line 1 does not open/);
  assert.equal(await libraryCount(page), list.length, 'nothing half-imported');

  // Delete all asks first: kept when the player says so, gone when they say delete.
  await b.inApp(page, 'button.lib-delete').click();
  const ask = b.inApp(page, '.overlay .card').filter({ hasText: 'Delete all games?' });
  await ask.waitFor();
  assert.match(await ask.innerText(), new RegExp(`all ${list.length} games`));
  await ask.locator('button', { hasText: 'Keep them' }).click();
  assert.equal(await libraryCount(page), list.length);
  await b.inApp(page, 'button.lib-delete').click();
  await ask.locator('button', { hasText: 'Delete all' }).click();
  await statusSays(page, /All games deleted/);
  await waitCount(page, 0);
  await b.inApp(page, '.lib-count').filter({ hasText: 'No finished games yet' }).waitFor();

  // A .psq as Piskvork saves one from a tournament (its names, the error code, CR LF).
  const psq = 'Piskvorky 15x15, 11:11, 0\r\n8,8,1406\r\n9,9,953\r\n8,9,2015\r\n9,8,101\r\n8,10,20\r\n9,10,11\r\n' +
    '8,11,300\r\n9,11,7\r\n8,12,5\r\npbrain-one.exe\r\npbrain-two.exe\r\n0\r\n';
  assert.equal(await importFiles(page, [['game.psq', psq]]), 'Imported 1 game; 0 already here, skipped.');
  await b.until(async () => (await rows(page)).length === 1);
  const [download] = await Promise.all([page.waitForEvent('download'),
    b.inApp(page, 'ol.lib-list li button.lib-file').click()]);
  assert.match(download.suggestedFilename(), /^qipan-gomoku-.*\.psq$/);
  const ours = path.join(tmp, 'ours.psq');
  await download.saveAs(ours);
  const read = JSON.parse(cli(['open', fs.readFileSync(ours, 'utf8')]).stdout);
  assert.deepEqual(read.actions, ['7,7', '8,8', '7,8', '8,7', '7,9', '8,9', '7,10', '8,10', '7,11']);
  assert.deepEqual(read.actions, engine.open(psq).actions);

  // Damaged records in the store (a date that is not one, a record of no game): skipped and counted.
  await page.evaluate(() => new Promise((resolve) => {
    const req = indexedDB.open('qipan:games', 1);
    req.onsuccess = () => {
      const tx = req.result.transaction('games', 'readwrite');
      tx.objectStore('games').put({ id: 'bad1', game: 'tictactoe', date: 'yesterday' });
      tx.objectStore('games').put({ id: 'bad2', game: 'tictactoe', date: 1, record: 42 });
      tx.objectStore('games').put({ id: 'bad3', game: 'tictactoe' });
      tx.oncomplete = () => { req.result.close(); resolve(); };
    };
  }));
  await b.inApp(page, '.card.lib button.primary').click();
  await openLibrary(page, 'en');
  await b.inApp(page, '.lib-damaged').filter({ hasText: '3 damaged records skipped.' }).waitFor();
  assert.equal((await rows(page)).length, 1);
  await b.inApp(page, 'button.lib-figures-button').click();
  await b.inApp(page, 'table.lib-fig[data-game="gomoku"]').waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

/* A page whose IndexedDB misbehaves as `how` says, from its first script. */
const BROKEN = {
  // The quota: every write fails as a full disk makes it fail.
  full: `(() => { const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (...a) {
      if (window.__full) throw new DOMException('the quota is exceeded', 'QuotaExceededError');
      return put.apply(this, a);
    }; window.__full = false; })();`,
  // Another tab holding an older version open: the open waits, blocked.
  blocked: `(() => { indexedDB.open = function () { const req = {};
    setTimeout(() => req.onblocked && req.onblocked(new Event('blocked'))); return req; }; })();`,
  // A browser that refuses storage (a private window).
  unavailable: `(() => { indexedDB.open = function () {
    throw new DOMException('the user denied permission', 'SecurityError'); }; })();`,
};
const SAID = {
  full: /storage is full.*The game on the board is safe/,
  blocked: /another window has an older version/,
  unavailable: /does not let the page keep games/,
};

for (const how of ['full', 'blocked', 'unavailable']) {
  test(`a ${how} store is said in words, and loses neither the game on the board nor the games kept`, async () => {
    const { page, context, errors } = await b.open(browser, INDEX,
      { viewport: { width: 1280, height: 900 }, locale: 'en-GB', init: BROKEN[how] });
    await b.idle(page);
    if (how === 'full') {
      // The database made while there was room; then the disk fills.
      await openLibrary(page, 'en');
      await b.inApp(page, '.card.lib button.primary').click();
      await page.evaluate(() => { window.__full = true; });
    }
    // A game one move from its end: the player's move ends it, and the library cannot keep it.
    await page.goto(INDEX + '#tictactoe/x/1.2.5.3');
    await page.waitForFunction(() => { const s = document.getElementById('qipan').__qipan.state; return s && s.ply === 4; });
    await b.clickTarget(page, '9');
    await b.inApp(page, '.toast.show').filter({ hasText: SAID[how] }).waitFor({ timeout: 15000 });
    await b.idle(page);
    const s = await b.state(page);
    assert.equal(s.status, 'win x');
    await openLibrary(page, 'en');
    assert.match(await b.inApp(page, '.lib-problem').innerText(), SAID[how]);
    // The game on the board is still there after a reload.
    await page.reload();
    await b.idle(page);
    assert.deepEqual((await b.state(page)).history, s.history);
    if (how === 'full') {
      // Room again (the reload): the game is kept now; the disk fills again, and what was kept stays.
      await waitCount(page, 1);
      await openLibrary(page, 'en');
      assert.equal(await importFiles(page, [['one.txt', 'tictactoe x | 5 1 9 2 3 7 4 6 8\n']]),
        'Imported 1 game; 0 already here, skipped.');
      await page.evaluate(() => { window.__full = true; });
      await b.inApp(page, '.lib-problem').evaluate((node) => { node.textContent = ''; });
      await chooseFiles(page, [['two.txt', 'tictactoe x | 5 1 9 2 3 7 4 6 8 ; id=other\n']]);
      await b.inApp(page, '.lib-problem').filter({ hasText: SAID.full }).waitFor({ timeout: 15000 });
      assert.equal(await libraryCount(page), 2, 'the full store kept what it had');
    }
    assert.deepEqual(errors.filter((e) => !/quota|denied/i.test(e)), []);
    await context.close();
  });
}

test('an embedded game has no library unless its host asks for one', async () => {
  const url = b.hostPage('<qipan-game id="plain" game="tictactoe"></qipan-game>' +
    '<qipan-game id="kept" game="connect4" library storage-key="kept"></qipan-game>');
  const { page, context, errors } = await b.open(browser, url, { locale: 'en-GB' });
  await b.idle(page, '#plain');
  await b.idle(page, '#kept');
  const button = (sel) => b.inApp(page, '.bar button', sel).filter({ hasText: 'My games' }).count();
  assert.equal(await button('#plain'), 0);
  assert.equal(await button('#kept'), 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('with the keyboard alone: Tab reaches a game\'s Replay button, Enter opens it at its start', async () => {
  const { page, context, errors } = await b.open(browser, INDEX, { viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  await b.idle(page);
  await openLibrary(page, 'en');
  assert.equal(await importFiles(page, [['one.txt', 'connect4 7x6 | 4455667 ; mode=pvp id=k1\n']]),
    'Imported 1 game; 0 already here, skipped.');
  await b.until(async () => (await rows(page)).length === 1);
  await b.inApp(page, 'select.lib-game').focus();
  const focused = () => page.evaluate(() => {
    const node = document.getElementById('qipan').shadowRoot.activeElement;
    return node ? node.className : '';
  });
  for (let i = 0; i < 20 && await focused() !== 'lib-replay'; i++) await page.keyboard.press('Tab');
  assert.equal(await focused(), 'lib-replay');
  await page.keyboard.press('Enter');
  await b.idle(page);
  const s = await b.state(page);
  assert.equal(s.game, 'connect4');
  assert.equal(s.replay, 0);
  assert.deepEqual(errors, []);
  await context.close();
});
