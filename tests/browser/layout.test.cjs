// The page as a player sees it, every game on a desktop (1280x900) and a
// phone (390x844, touch), in Chinese and English: messages never cover the
// board, every tab is in reach, level names say how strong a level is and
// fit, a stale hint is dropped, a game in progress is never lost without
// asking. Saves build/screenshots/<game>-<desktop|phone>-<zh|en>.png.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const b = require('./browser.cjs');

let browser;
test.before(async () => { browser = await b.launch(); });
test.after(async () => { await browser.close(); });

const GAMES = ['tictactoe', 'gomoku', 'connect4', 'minesweeper', 'ponghauqi', 'beast'];
const DEVICES = {
  desktop: { viewport: { width: 1280, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 },
};
const LOCALES = { zh: 'zh-CN', en: 'en-US' };

const rectsMeet = (a, c) => a.x < c.x + c.width && c.x < a.x + a.width && a.y < c.y + c.height && c.y < a.y + a.height;

/* Starts play where a start card waits (tic-tac-toe's side, dark chess's
 * rules): its primary button. */
async function pastStartCard(page) {
  if (await b.inApp(page, '.overlay .card').count()) {
    await b.inApp(page, '.overlay .card button.primary').first().click();
    await b.idle(page);
  }
}

for (const [device, options] of Object.entries(DEVICES)) {
  for (const [lang, locale] of Object.entries(LOCALES)) {
    test(`every game on a ${device} in ${lang}: a message shows off the board; screenshots`, async () => {
      const { page, errors, context } = await b.open(browser, b.fileUrl('web/index.html'), { ...options, locale });
      await b.idle(page);
      for (const game of GAMES) {
        await b.inApp(page, `.picker button[data-game=${game}]`).click();
        await b.idle(page);
        await page.waitForTimeout(300);
        await b.screenshot(page, `${game}-${device}-${lang}`);
        await pastStartCard(page);
        // A message (the hint's answer), then its place against the board's.
        await b.inApp(page, '.controls button').nth(1).click();
        const toast = b.inApp(page, '.toast.show');
        await toast.waitFor({ timeout: 10000 });
        const [t, canvas] = [await toast.boundingBox(), await b.inApp(page, 'canvas[role=application]').boundingBox()];
        assert.ok(!rectsMeet(t, canvas), `${game}: the message ${JSON.stringify(t)} covers the board ${JSON.stringify(canvas)}`);
        // The controls under or beside the board are in view.
        const controls = await b.inApp(page, '.controls').boundingBox();
        assert.ok(controls.y + controls.height <= options.viewport.height, `${game}: controls below the fold`);
      }
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}

test('every game tab is reachable on a phone, in both languages', async () => {
  for (const locale of Object.values(LOCALES)) {
    const { page, context } = await b.open(browser, b.fileUrl('web/index.html'), { ...DEVICES.phone, locale });
    await b.idle(page);
    const boxes = await b.inApp(page, '.picker button').evaluateAll((els) =>
      els.map((e) => { const r = e.getBoundingClientRect(); return { x: r.x, right: r.right, fits: e.scrollWidth <= e.clientWidth }; }));
    assert.equal(boxes.length, GAMES.length);
    for (const box of boxes) assert.ok(box.x >= 0 && box.right <= 390 && box.fits, `${locale}: ${JSON.stringify(box)}`);
    await context.close();
  }
});

test('level names say how strong a level is, never "the original", and fit on a phone', async () => {
  for (const [lang, locale] of Object.entries(LOCALES)) {
    const { page, context } = await b.open(browser, b.fileUrl('web/index.html'), { ...DEVICES.phone, locale });
    await b.idle(page);
    for (const game of GAMES) {
      await b.inApp(page, `.picker button[data-game=${game}]`).click();
      await b.idle(page);
      await b.inApp(page, `.bar button[aria-label="${lang === 'zh' ? '设置' : 'Settings'}"]`).click();
      const level = b.inApp(page, '.form label').filter({ hasText: lang === 'zh' ? /电脑等级|提示/ : /level/i }).first();
      const id = await level.getAttribute('for');
      const select = b.inApp(page, `.form #${id}`);
      const names = await select.locator('option').allInnerTexts();
      assert.ok(names.length >= 2, game);
      for (const name of names) {
        assert.doesNotMatch(name, /article|原文|nodes|expectimax|search|搜索/i, `${game}: ${name}`);
      }
      const fits = await select.evaluate((s) => s.scrollWidth <= s.clientWidth + 1 && s.getBoundingClientRect().right <= 390);
      assert.ok(fits, `${game}: the level menu is cut`);
      const note = await b.inApp(page, '.form .note').first().innerText();
      assert.ok(note.length > 3, `${game}: a line on what the level does`);
      await b.inApp(page, '.card:has(.form) .row button:not(.primary)').click();
    }
    await context.close();
  }
});

test('dark chess on a desktop: the start card\'s buttons are in view and "computer first" starts the game', async () => {
  const { page, errors } = await b.openGame(browser, 'beast', DEVICES.desktop);
  const buttons = b.inApp(page, '.overlay .card button');
  assert.deepEqual(await buttons.allInnerTexts(), ['玩家先手', '电脑先手']);
  for (const box of [await buttons.nth(0).boundingBox(), await buttons.nth(1).boundingBox()]) {
    assert.ok(box.y >= 0 && box.y + box.height <= 900, JSON.stringify(box));
  }
  const board = await b.inApp(page, 'canvas[role=application]').boundingBox();
  assert.ok(board.height > 700, `the board takes the height: ${JSON.stringify(board)}`);
  await buttons.nth(1).click();
  await b.idle(page);
  const s = await b.state(page);
  assert.equal(s.started, true);
  assert.equal(s.ply, 1, 'the computer flipped first');
  assert.deepEqual(errors, []);
});

/* Counts the worker's answers to 'aiInfo', the hint's question
 * (window.__hintAnswers): counted before the page reads them. */
const COUNT_HINT_ANSWERS = `window.__hintAnswers = 0; (function () { const W = window.Worker;
  window.Worker = function (url, o) {
    const w = new W(url, o), asked = new Set(), post = w.postMessage.bind(w);
    w.postMessage = function (m) { if (m && m.method === 'aiInfo') asked.add(m.id); return post(m); };
    w.addEventListener('message', function (e) { if (e.data && asked.delete(e.data.id)) window.__hintAnswers++; });
    return w;
  }; })();`;

test('dark chess: a hint answered after a move was played is dropped', async () => {
  const { page, errors } = await b.openGame(browser, 'beast', { ...DEVICES.desktop, init: COUNT_HINT_ANSWERS });
  // A middle game (twelve seeded random plies), where the hint's search
  // takes its time: the player moves before it answers.
  await page.evaluate(() => {
    const e = Qipan.engine, history = [e.newGame('beast', null, 5)];
    let r = 7;
    for (let i = 0; i < 12; i++) {
      const legal = e.legal('beast', history[history.length - 1]);
      r = (r * 1103515245 + 12345) % 2147483648;
      history.push(e.apply('beast', history[history.length - 1], legal[r % legal.length]));
    }
    localStorage.setItem('qipan', JSON.stringify({ v: 1, lastGame: 'beast', games: { beast: {
      mode: 'pvp', level: 3, humanFirst: true, seed: 5, started: true, history, extra: { rulesSeen: true } } } }));
  });
  await page.reload();
  await b.idle(page);
  // Every toast shown from now on, however briefly.
  await page.evaluate(() => {
    const toast = document.querySelector('#qipan').shadowRoot.querySelector('.toast');
    window.__toastsSeen = [];
    new MutationObserver(() => {
      if (toast.classList.contains('show')) window.__toastsSeen.push(toast.textContent);
    }).observe(toast, { attributes: true, childList: true, characterData: true, subtree: true });
  });
  const legal = await b.legal(page);
  const answered = await page.evaluate(() => window.__hintAnswers);
  await b.inApp(page, '.controls button').nth(1).click(); // hint: level 3 thinks
  await b.clickTarget(page, legal.find((a) => a.length === 2)); // ...but the player flips at once
  assert.equal((await b.state(page)).ply, 13, 'the flip was played');
  // However long the search takes, until its answer has come and gone.
  await page.waitForFunction((n) => window.__hintAnswers > n, answered, { timeout: 120000 });
  await b.painted(page);
  const shown = await page.evaluate(() => window.__toastsSeen);
  assert.ok(!shown.some((t) => /提示/.test(t)), `a stale hint was shown: ${shown}`);
  assert.equal(await b.inApp(page, '.controls button').nth(1).isEnabled(), true, 'hint can be asked again');
  assert.deepEqual(errors, []);
});

test('a size change with a game in progress asks first; keeping the game keeps the size', async () => {
  const { page, errors } = await b.openGame(browser, 'gomoku', DEVICES.desktop);
  await b.clickTarget(page, '7,7');
  await b.idle(page);
  await b.inApp(page, '#gomoku-size').selectOption('19x19');
  const card = b.inApp(page, '.overlay .card');
  assert.match(await card.innerText(), /开始新的一局？[\s\S]*放弃正在进行的这一局/);
  await b.inApp(page, '.overlay .card button').filter({ hasText: '继续这一局' }).click();
  const s = await b.state(page);
  assert.equal(s.pos.split(' ')[0], '15x15');
  assert.equal(s.ply, 2);
  assert.equal(await b.inApp(page, '#gomoku-size').inputValue(), '15x15');
  // The mode from ⚙ asks too; agreeing starts the new game.
  await b.inApp(page, '.bar button[aria-label="设置"]').click();
  const id = await b.inApp(page, '.form label').filter({ hasText: /^模式$/ }).getAttribute('for');
  await b.inApp(page, `.form #${id}`).selectOption('pvp');
  await b.inApp(page, '.card button.primary').click();
  await b.confirmNewGame(page);
  assert.equal((await b.state(page)).ply, 0);
  assert.equal((await b.state(page)).mode, 'pvp');
  assert.deepEqual(errors, []);
});

test('a custom size out of range is refused inside the dialog, which stays open', async () => {
  const { page, errors } = await b.openGame(browser, 'gomoku', DEVICES.desktop);
  await b.inApp(page, '#gomoku-size').selectOption('pick');
  await b.inApp(page, '#gomoku-rows').fill('30');
  await b.inApp(page, '.overlay .card button.primary').click();
  assert.equal(await b.inApp(page, '#gomoku-rows').count(), 1, 'still open');
  const note = b.inApp(page, '.overlay .card .note');
  assert.match(await note.innerText(), /5 到 25/);
  assert.match(await note.getAttribute('class'), /\bbad\b/);
  await b.inApp(page, '#gomoku-rows').fill('9');
  await b.inApp(page, '.overlay .card button.primary').click();
  await b.idle(page);
  assert.equal((await b.state(page)).pos, '15x9 free');
  assert.deepEqual(errors, []);
});
