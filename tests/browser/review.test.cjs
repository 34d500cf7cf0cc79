// The game review (复盘): a finished tic-tac-toe game with a blunder is
// reviewed from its result card in the worker; the evaluation graph has its
// accessible name, the move list marks the blunder with ??, pressing the
// graph moves the replay, and screenshots show it on a desktop and a phone
// in both languages.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const b = require('./browser.cjs');

let browser;
test.before(async () => { browser = await b.launch(); });
test.after(async () => { await browser.close(); });

// x 5, o 1, x 9, o 2 (a blunder: 3 blocks), x 8 (a blunder and a missed
// win: 3 wins); o, the player, wins with 3.
const FRAGMENT = 'tictactoe/x/5.1.9.2.8';
const WORDS = {
  zh: { locale: 'zh-CN', review: '复盘', graph: '评估曲线', better: '更好：3', accuracy: '准确率' },
  en: { locale: 'en-US', review: 'Review', graph: 'Evaluation graph', better: 'Better: 3', accuracy: 'Accuracy' },
};

/* Opens the link, plays the winning move, presses Review on the card and
 * waits for the graph. */
async function reviewedGame(lang, viewport) {
  const words = WORDS[lang];
  const opened = await b.open(browser, b.fileUrl('web/index.html') + '#' + FRAGMENT,
    { viewport, locale: words.locale });
  const { page } = opened;
  await b.idle(page);
  await b.clickTarget(page, '3');
  const card = b.inApp(page, '.card[role=dialog]');
  await card.getByRole('button', { name: words.review, exact: true }).click();
  await b.inApp(page, 'canvas.review-graph:not([hidden])').waitFor({ timeout: 20000 });
  return { ...opened, words };
}

async function replayPly(page) {
  return (await b.state(page)).replay;
}

test('a finished game is reviewed: graph, marks, better move, accuracy; the graph replays', async () => {
  const { page, errors, words } = await reviewedGame('en', { width: 1280, height: 900 });
  const graph = b.inApp(page, 'canvas.review-graph');
  assert.equal(await graph.getAttribute('role'), 'slider'); // the keyboard steps it (a11y.test.cjs)
  assert.equal(await graph.getAttribute('aria-label'), words.graph);
  // The move list: ?? beside the blunders (plies 4 and 5), ⊘ at the missed win.
  const item = (ply) => b.inApp(page, `ol.moves li[data-ply="${ply}"]`);
  assert.match(await item(4).textContent(), /\?\?/);
  assert.match(await item(4).getAttribute('aria-label'), /blunder/);
  assert.match(await item(5).textContent(), /⊘/);
  assert.doesNotMatch(await item(1).textContent(), /\?/);
  assert.match(await b.inApp(page, '.review-summary').textContent(), new RegExp(words.accuracy));
  // Pressing the graph at its left end goes to the start; at ply 4's x, to
  // the position before the blunder of ply 5, with the better move in words.
  const box = await graph.boundingBox();
  await page.mouse.click(box.x + 2, box.y + box.height / 2);
  await b.idle(page);
  assert.equal(await replayPly(page), 0);
  const pad = 6, xOf = (ply) => box.x + pad + (ply / 6) * (box.width - 2 * pad);
  await page.mouse.click(xOf(4), box.y + box.height / 2);
  await b.idle(page);
  assert.equal(await replayPly(page), 4);
  assert.match(await b.inApp(page, '.review-words').textContent(), new RegExp(words.better));
  assert.deepEqual(errors, []);
});

// Sixteen moves of gomoku: long enough a review to watch it go.
const GOMOKU = 'gomoku/15x15+free/h8.g9.h10.i11.h12.i12.h11.j11.j12.h13.g13.g14.f13.f12.g11.g12';

test('the review runs in steps with a progress bar; Cancel and a new game stop it', async () => {
  const { page, errors } = await b.open(browser, b.fileUrl('web/index.html') + '#' + GOMOKU);
  await b.idle(page);
  const start = b.inApp(page, 'button.review-start');
  const bar = b.inApp(page, '.review-progress progress');
  const graph = b.inApp(page, 'canvas.review-graph');
  const progress = () => bar.evaluate((n) => ({ value: n.value, max: n.max }));
  // Cancel: the bar goes, no graph comes.
  await start.click();
  assert.equal(await bar.getAttribute('aria-label'), '复盘中…');
  assert.ok(await b.until(async () => (await progress()).value >= 1, 10000), 'progress after a ply');
  assert.equal((await progress()).max, 16);
  await b.inApp(page, '.review-progress button').click();
  assert.equal(await bar.isHidden(), true);
  assert.equal(await start.evaluate((n) => n.getRootNode().activeElement === n), true, 'focus on Review');
  await page.waitForTimeout(500);
  assert.equal(await graph.isHidden(), true);
  // A game that changes stops the review too.
  await start.click();
  assert.ok(await b.until(async () => (await progress()).value >= 1, 10000));
  await page.evaluate(() => document.querySelector('#qipan').__qipan.newGame());
  await b.idle(page);
  assert.equal(await bar.isHidden(), true);
  await page.waitForTimeout(500);
  assert.equal(await graph.isHidden(), true);
  assert.deepEqual(errors, []);
});

for (const lang of ['zh', 'en']) {
  for (const [name, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
    test(`screenshot: the reviewed game, ${name}, ${lang}`, async () => {
      const { page, context } = await reviewedGame(lang, viewport);
      const graph = b.inApp(page, 'canvas.review-graph');
      const box = await graph.boundingBox();
      // The position before the blunder of ply 5, its words shown.
      await page.mouse.click(box.x + 6 + (4 / 6) * (box.width - 12), box.y + box.height / 2);
      await b.idle(page);
      await graph.scrollIntoViewIfNeeded();
      const file = await b.screenshot(page, `review-${name}-${lang}`);
      assert.ok(file);
      await context.close();
    });
  }
}
