// The page shell from file://: picker, languages, settings, storage,
// offline single file. Screenshots land in build/screenshots/.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const b = require('./browser.cjs');

let browser;
test.before(async () => { browser = await b.launch(); });
test.after(async () => { await browser.close(); });

const CATALOG = ['tictactoe', 'gomoku', 'connect4', 'minesweeper', 'ponghauqi', 'beast'];
// The games whose page is built (web/src/games/<id>.js); the rest show
// "coming soon" even when the engine already has them.
const PAGES = ['tictactoe', 'gomoku', 'connect4', 'minesweeper', 'ponghauqi', 'beast'];

test('the page opens from file:// with all six games in the picker', async () => {
  const { page, errors, requests } = await b.open(browser, b.fileUrl('web/index.html'));
  await b.idle(page);
  const built = await page.evaluate(() => Qipan.engine.list());
  for (const id of PAGES) assert.ok(built.includes(id), id);
  const buttons = b.inApp(page, '.picker button');
  assert.equal(await buttons.count(), CATALOG.length);
  for (let i = 0; i < CATALOG.length; i++) {
    const id = await buttons.nth(i).getAttribute('data-game');
    assert.equal(id, CATALOG[i]);
    const ready = built.includes(id) && PAGES.includes(id);
    assert.equal(await buttons.nth(i).isDisabled(), !ready, id);
    if (!ready) assert.match(await buttons.nth(i).innerText(), /即将推出/);
  }
  await b.screenshot(page, 'page-zh');
  assert.deepEqual(errors, []);
  assert.deepEqual(requests, []);
});

test('Chinese by default, English for an English browser, and a switch', async () => {
  const zh = await b.open(browser, b.fileUrl('web/index.html'), { locale: 'fr-FR' });
  await b.idle(zh.page);
  assert.match(await b.inApp(zh.page, '.controls').innerText(), /悔棋/);
  await zh.context.close();
  const { page, errors } = await b.open(browser, b.fileUrl('web/index.html'), { locale: 'en-US' });
  await b.idle(page);
  assert.match(await b.inApp(page, '.controls').innerText(), /Undo/);
  await b.inApp(page, '.bar button.icon', '#qipan').first().click(); // the 中 / EN toggle (My games comes before it)
  assert.match(await b.inApp(page, '.controls').innerText(), /悔棋/);
  await page.reload();
  await b.idle(page);
  assert.match(await b.inApp(page, '.controls').innerText(), /悔棋/, 'the choice is kept');
  assert.deepEqual(errors, []);
});

test('settings and the game in progress survive a reload', async () => {
  const { page, errors } = await b.openGame(browser, 'ponghauqi');
  // Settings: two players.
  await b.inApp(page, '.bar button[aria-label="设置"]').click();
  await b.inApp(page, '.form select').first().selectOption('pvp');
  await b.inApp(page, '.card button.primary').click();
  await b.idle(page);
  await b.clickTarget(page, 'B');
  await b.idle(page);
  const before = await b.state(page);
  assert.equal(before.ply, 1);
  await page.reload();
  await b.idle(page);
  const after = await b.state(page);
  assert.equal(after.game, 'ponghauqi');
  assert.equal(after.pos, before.pos);
  assert.equal(after.mode, 'pvp');
  assert.deepEqual(errors, []);
});

test('a corrupt or foreign store falls back to defaults with a notice', async () => {
  for (const junk of ['{not json', '[1,2,3]', '{"v":1,"games":{"tictactoe":{"history":["bogus"],' +
    '"level":99,"mode":"x"}}}', '{"v":0}', 'null']) {
    const { page, errors, context } = await b.open(browser, b.fileUrl('web/index.html'), {
      init: `localStorage.setItem('qipan', ${JSON.stringify(junk)});`,
    });
    await b.idle(page);
    const s = await b.state(page);
    assert.equal(s.game, 'tictactoe', junk);
    assert.equal(s.pos, '......... x', junk);
    assert.ok(s.level >= 1 && s.level <= 3, junk);
    assert.deepEqual(errors, [], junk);
    await context.close();
  }
});

test('without storage the page plays in memory', async () => {
  const { page, errors } = await b.open(browser, b.fileUrl('web/index.html'), {
    init: `Object.defineProperty(window, 'localStorage', { get() { throw new Error('denied'); } });`,
  });
  await b.idle(page);
  await b.inApp(page, '.card button.primary').click(); // start overlay
  await b.clickTarget(page, 5);
  await b.idle(page);
  assert.equal((await b.state(page)).ply, 2);
  assert.deepEqual(errors, []);
});

test('dist/qipan.html is one file that plays from another folder, offline', async () => {
  const fs = require('node:fs');
  const os = require('node:os');
  const path = require('node:path');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qipan-dist-'));
  const copy = path.join(dir, 'qipan.html');
  fs.copyFileSync(path.join(b.root, 'dist', 'qipan.html'), copy);
  const { page, errors, requests, context } = await b.open(browser, 'file://' + copy, {
    init: `window.__csp = []; document.addEventListener('securitypolicyviolation',
      (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));`,
  });
  await context.setOffline(true);
  await b.idle(page);
  await b.inApp(page, '.card button.primary').click();
  await b.clickTarget(page, 1);
  await b.idle(page);
  assert.equal((await b.state(page)).ply, 2);
  assert.ok(page.workers().length >= 1, 'the AI ran in a worker under the CSP');
  assert.match(await page.content(), /Content-Security-Policy" content="default-src 'none'/);
  // Written in ASCII (Chromium decodes it on its faster 8-bit path); the words come back whole.
  const bytes = fs.readFileSync(copy);
  assert.equal(bytes.findIndex((byte) => byte > 127), -1, 'a byte beyond ASCII');
  assert.match(await page.title(), /^棋盘 Qipan/);
  assert.equal(await b.inApp(page, '.picker button').first().textContent(), '井字棋');
  assert.deepEqual(await page.evaluate(() => window.__csp), []);
  assert.deepEqual(errors, []);
  assert.deepEqual(requests, []);
});

test('on a phone the board fits the screen and taps play', async () => {
  const { page, errors } = await b.open(browser, b.fileUrl('web/index.html'), {
    viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2,
  });
  await b.idle(page);
  await b.inApp(page, '.overlay .card button.primary').tap();
  const box = await b.inApp(page, 'canvas[role=application]').boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 390, JSON.stringify(box));
  assert.ok(box.width >= 300, 'the board uses the width');
  const p = await page.evaluate(() => document.querySelector('#qipan').__qipan.targetPoint('5'));
  await page.touchscreen.tap(p.x, p.y);
  await b.idle(page);
  assert.equal((await b.state(page)).ply, 2);
  await b.screenshot(page, 'phone-tictactoe');
  assert.deepEqual(errors, []);
});

test('keyboard alone plays: arrows move the cursor, Enter places', async () => {
  const { page, errors } = await b.open(browser, b.fileUrl('web/index.html'));
  await b.idle(page);
  await page.keyboard.press('Enter'); // the start overlay's focused button
  // Start leaves the focus on the board, its cursor already in the middle.
  assert.equal((await b.state(page)).cursor, '5');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await b.idle(page);
  const s = await b.state(page);
  assert.equal(s.ply, 2);
  assert.equal(s.pos.charAt(1), 'x', 'the top middle cell');
  await page.keyboard.press('u');
  await b.idle(page);
  assert.equal((await b.state(page)).ply, 0, 'U undoes back to my turn');
  assert.deepEqual(errors, []);
});
