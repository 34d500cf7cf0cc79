// Every game on a narrow screen, in Chinese and English: a 320 px phone,
// a folding phone's 280 px cover screen, a 390 px phone at 200 % zoom
// (195 px) and a 1280x800 desktop at 200 % zoom (640x400). The game, its
// start card, its rules and its settings each lie whole inside the window
// (the board may scroll inside its frame), no button lies over another,
// no text is cut (fits.cjs says what is looked at). Saves
// build/screenshots/layout38/<game>[-<card>]-<size>-<zh|en>.png.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const b = require('./browser.cjs');
const { problems } = require('./fits.cjs');

let browser;
test.before(async () => { browser = await b.launch(); });
test.after(async () => { await browser.close(); });

const GAMES = ['tictactoe', 'gomoku', 'connect4', 'minesweeper', 'ponghauqi', 'beast'];
const PHONE = { hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const SIZES = {
  195: { ...PHONE, viewport: { width: 195, height: 422 } },
  280: { ...PHONE, viewport: { width: 280, height: 653 } },
  320: { ...PHONE, viewport: { width: 320, height: 568 } },
  zoom: { viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 },
};
const LOCALES = { zh: 'zh-CN', en: 'en-US' };
const dir = path.join(b.shots, 'layout38');

async function shoot(page, name, fullPage = false) {
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, name + '.png'), fullPage });
}

async function whole(page, what) {
  assert.deepEqual(await problems(page), [], what);
}

for (const [size, device] of Object.entries(SIZES)) {
  for (const [lang, locale] of Object.entries(LOCALES)) {
    test(`every game whole at ${size === 'zoom' ? '200 % desktop zoom' : size + ' px'} in ${lang}, ` +
      'with its start, rules and settings cards', async () => {
      const { page, errors, context } = await b.open(browser, b.fileUrl('web/index.html'), { ...device, locale });
      await b.idle(page);
      const at = `${size}-${lang}`;
      for (const game of GAMES) {
        await b.inApp(page, `.picker button[data-game=${game}]`).click();
        await b.idle(page);
        const start = b.inApp(page, '.overlay .card');
        if (await start.count()) {
          await whole(page, `${game}'s start card at ${at}`);
          await shoot(page, `${game}-start-${at}`);
          await b.inApp(page, '.overlay .card button.primary').first().click();
          await b.idle(page);
        }
        await page.evaluate(() => scrollTo(0, 0));
        await whole(page, `${game} at ${at}`);
        await shoot(page, `${game}-${at}`, true);
        await b.inApp(page, `.bar button[aria-label="${lang === 'zh' ? '设置' : 'Settings'}"]`).click();
        await whole(page, `${game}'s settings at ${at}`);
        await shoot(page, `${game}-settings-${at}`);
        await b.inApp(page, '.card:has(.form) .row button:not(.primary)').click();
        const rules = b.inApp(page, '.extra button').filter({ hasText: /^(规则|Rules)$/ });
        if (await rules.count()) {
          await rules.click();
          await whole(page, `${game}'s rules at ${at}`);
          await shoot(page, `${game}-rules-${at}`);
          await b.inApp(page, '.overlay .card button.primary').click();
        }
      }
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}

test('a start card too big for a small board takes its place; the tabs stay in reach; Start brings the board', async () => {
  const { page, errors } = await b.open(browser, b.fileUrl('web/index.html'), { ...SIZES[195], locale: 'en-US' });
  await b.idle(page);
  const overlay = b.inApp(page, '.overlay'), frame = b.inApp(page, '.stage-wrap');
  assert.match(await overlay.getAttribute('class'), /\binstead\b/);
  assert.equal(await frame.isVisible(), false, 'the board gives the card its place');
  // Another game's tab is pressed as it is around a card over the board...
  await b.inApp(page, '.picker button[data-game=gomoku]').click();
  await b.idle(page);
  assert.equal((await b.state(page)).game, 'gomoku');
  assert.equal(await overlay.count(), 0);
  assert.equal(await frame.isVisible(), true);
  // ...and back: a choice, then Start; the game begins with it, on its board.
  await b.inApp(page, '.picker button[data-game=tictactoe]').click();
  await b.idle(page);
  await b.inApp(page, '.overlay .card button.choice').filter({ hasText: /^O$/ }).click();
  await b.inApp(page, '.overlay .card button.primary').click();
  await b.idle(page);
  assert.equal(await overlay.count(), 0);
  assert.equal(await frame.isVisible(), true);
  const s = await b.state(page);
  assert.equal(s.started, true);
  assert.equal(s.ply, 1, 'the computer, X, moved first');
  const board = await b.inApp(page, 'canvas[role=application]').boundingBox();
  assert.ok(board.width > 150 && board.x >= 0 && board.x + board.width <= 195, JSON.stringify(board));
  assert.deepEqual(errors, []);
});
