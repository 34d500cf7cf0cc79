// The game review (复盘): a finished tic-tac-toe game with a blunder is
// reviewed from its result card in the worker; the evaluation graph has its
// accessible name, the move list marks the blunder with ??, pressing the
// graph moves the replay, the better move is drawn as a ghost and said in
// words (how it wins: gomoku's VCF and its length), a lost minesweeper
// game gives the fatal click's odds and marks the cells that were safe, a
// blunder replays as a puzzle judged right or wrong, a link with its
// "review" section opens in review, and screenshots show it on a desktop
// and a phone in both languages.
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
  zh: { locale: 'zh-CN', review: '复盘', graph: '评估曲线', better: '更好：3', accuracy: '准确率',
    vcf: /第 23 步 a1：.*错失胜机.*更好：h11，连续冲四 9 步胜（VCF）/ },
  en: { locale: 'en-US', review: 'Review', graph: 'Evaluation graph', better: 'Better: 3', accuracy: 'Accuracy',
    vcf: /Move 23 a1: .*missed win.*Better: h11, wins by VCF in 9/ },
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
  // x had a win in two (3, then 7 or 2... ) and the words say so.
  assert.match(await b.inApp(page, '.review-words').textContent(), /Better: 3, wins in 2/);
  assert.deepEqual(errors, []);
});

/* The sum of the canvas's pixels over the middle of a target's cell
 * (half a cell each way from its centre, `size` cells wide). */
async function cellArea(page, id, neighbour, size = 0.5) {
  await b.painted(page);
  return page.evaluate(([target, other, k]) => {
    const h = document.querySelector('#qipan').__qipan;
    const canvas = document.querySelector('#qipan').shadowRoot.querySelector('canvas');
    const r = canvas.getBoundingClientRect(), p = h.targetPoint(target);
    const cell = Math.abs(h.targetPoint(other).x - p.x) * canvas.width / r.width;
    const x = (p.x - r.left) * canvas.width / r.width, y = (p.y - r.top) * canvas.height / r.height;
    const half = Math.max(2, Math.round(cell * k / 2));
    const data = canvas.getContext('2d').getImageData(Math.round(x) - half, Math.round(y) - half,
      2 * half, 2 * half).data;
    let sum = 0;
    for (let i = 0; i < data.length; i += 4) sum += data[i] * 3 + data[i + 1] * 5 + data[i + 2] * 7;
    return sum;
  }, [id, neighbour, size]);
}

const showPly = async (page, ply) => {
  await page.evaluate((n) => {
    const app = document.querySelector('#qipan').shadowRoot;
    app.querySelector(`ol.moves li[data-ply="${n}"]`).click();
  }, ply);
  await b.idle(page);
};

test('the better move: a ghost on the board at the position before a marked move', async () => {
  const { page, errors } = await reviewedGame('en', { width: 1280, height: 900 });
  await showPly(page, 1); // the first move is fine: no ghost
  const plain = await cellArea(page, '3', '2');
  const start = await cellArea(page, '7', '8');
  await showPly(page, 4); // before the blunder of ply 5: 3 drawn faint
  assert.notEqual(await cellArea(page, '3', '2'), plain, 'the ghost on 3');
  assert.equal(await cellArea(page, '7', '8'), start, 'nothing else drawn');
  assert.deepEqual(errors, []);
});

// Black had a VCF from h11 (9 moves) and played a1 instead.
const VCF_LINK = 'gomoku/15x15+free/h8.g8.f7.f9.h7.h6.g6.g7.i5.h5.k7.g9.j6.g10.g11.l8.i8.j9.i7.i9.h9.l5.a1';

async function gomokuReviewed(lang, viewport) {
  const opened = await b.open(browser, b.fileUrl('web/index.html') + '#' + VCF_LINK + '/review',
    { viewport, locale: WORDS[lang].locale, hasTouch: viewport.width < 500, isMobile: viewport.width < 500 });
  await b.idle(opened.page);
  await b.inApp(opened.page, 'canvas.review-graph:not([hidden])').waitFor({ timeout: 60000 });
  return opened;
}

test('gomoku: a link opens in review; the missed VCF is drawn and said with its length', async () => {
  const { page, errors } = await gomokuReviewed('en', { width: 1280, height: 900 });
  assert.match(await b.inApp(page, 'ol.moves li[data-ply="23"]').textContent(), /⊘/);
  await showPly(page, 21);
  const before = await cellArea(page, '7,4', '8,4');
  await showPly(page, 22);
  const words = await b.inApp(page, '.review-words').textContent();
  assert.match(words, /Move 23 a1: .*missed win.*Better: h11, wins by VCF in 9/);
  assert.notEqual(await cellArea(page, '7,4', '8,4'), before, 'h11 drawn as a ghost');
  // The review's link carries "/review"; the Share card shows it.
  await b.inApp(page, 'button.review-share').click();
  assert.match(await b.inApp(page, 'input.link').inputValue(), /#gomoku\/15x15\+free\/h8\..*\.a1\/review$/);
  assert.deepEqual(errors, []);
});

// Dark animal chess, every piece face up, Red's tiger and fox against a
// blue elephant and cat: the endgame tables judge it. Red's third move
// b5b6 throws the win away (a draw); b2a2 wins in 23 moves.
const BEAST_LINK = 'beast/=....%2F.c..%2F....%2F.T..%2F....%2F...e%2F..F.%2F....+r+0/c2b2.d3c3.b5b6';

test('dark chess: an ending the tables hold is judged exactly, the missed win said with its moves', async () => {
  const { page, errors } = await b.open(browser, b.fileUrl('web/index.html') + '#' + BEAST_LINK + '/review',
    { locale: 'en-US' });
  await b.idle(page);
  await b.inApp(page, 'canvas.review-graph:not([hidden])').waitFor({ timeout: 20000 });
  assert.match(await b.inApp(page, 'ol.moves li[data-ply="3"]').textContent(), /⊘/);
  assert.doesNotMatch(await b.inApp(page, 'ol.moves li[data-ply="1"]').textContent(), /\?|⊘/);
  await showPly(page, 2);
  assert.match(await b.inApp(page, '.review-words').textContent(), /Move 3 .*missed win.*Better: .*, wins in 23/);
  assert.deepEqual(errors, []);
});

// A lost minesweeper game: o8,7 had a 50% chance of a mine while 7,6, 8,6
// and 7,8 were provably safe.
const MINES = 'minesweeper/9x9%2F10@2/o0,0.o5,2.o6,1.o6,0.o7,0.o7,1.o6,2.o7,2.o8,2.o0,3.o5,3.o6,3.o7,3.o8,0.o0,4.o1,4.o0,5.o7,5.o8,7';
const MINE_WORDS = {
  zh: { lost: /踩雷的一步 o8,7：是雷的概率 50%。当时有 3 个格子确定安全/, review: '复盘' },
  en: { lost: /The fatal click o8,7: a 50% chance of a mine\. Cells provably safe then: 3/, review: 'Review' },
};

async function minesReviewed(lang, viewport) {
  const opened = await b.open(browser, b.fileUrl('web/index.html') + '#' + MINES,
    { viewport, locale: WORDS[lang].locale, hasTouch: viewport.width < 500, isMobile: viewport.width < 500 });
  const { page } = opened;
  await b.idle(page);
  await b.inApp(page, 'button.review-start').getByText(MINE_WORDS[lang].review, { exact: true }).click();
  await b.inApp(page, '.review-words:not([hidden])').waitFor({ timeout: 20000 });
  return opened;
}

test('minesweeper: the lost click\'s odds in words, the cells that were safe marked', async () => {
  for (const lang of ['en', 'zh']) {
    const { page, errors, context } = await b.open(browser, b.fileUrl('web/index.html') + '#' + MINES,
      { viewport: { width: 1280, height: 900 }, locale: WORDS[lang].locale });
    await b.idle(page);
    const safeCell = String(6 * 9 + 7), beside = String(6 * 9 + 8);
    const unmarked = await cellArea(page, safeCell, beside);
    // Review beside the board (minesweeper has no move list).
    await b.inApp(page, 'button.review-start').getByText(MINE_WORDS[lang].review, { exact: true }).click();
    const words = b.inApp(page, '.review-words:not([hidden])');
    await words.waitFor({ timeout: 20000 });
    assert.match(await words.textContent(), MINE_WORDS[lang].lost);
    assert.notEqual(await cellArea(page, safeCell, beside), unmarked, '7,6 marked safe');
    assert.equal(await b.inApp(page, 'canvas.review-graph').isHidden(), true);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('learn from your mistakes: the blunder replays as a puzzle, judged right or wrong', async () => {
  const { page, errors } = await reviewedGame('en', { width: 1280, height: 900 });
  await showPly(page, 4);
  const practise = b.inApp(page, 'button.review-practise');
  assert.equal(await practise.isVisible(), true);
  await practise.focus();
  await page.keyboard.press('Enter'); // the keyboard reaches it
  await b.idle(page);
  const words = b.inApp(page, '.review-words');
  assert.match(await words.textContent(), /Practice: move 5, X to play\. Find a better move than 8/);
  assert.equal((await b.state(page)).history[0], 'oo..x...x x');
  // 7 lets O win: wrong, and the better move is named.
  await b.clickTarget(page, '7');
  assert.ok(await b.until(async () => /Not this one/.test(await words.textContent()), 10000));
  assert.match(await words.textContent(), /better was 3/);
  await b.idle(page);
  await shot(page, 'review-practice-desktop-en', false);
  await b.inApp(page, 'button.practice-again').click();
  await b.idle(page);
  assert.equal((await b.state(page)).history.length, 1);
  await b.clickTarget(page, '3');
  assert.ok(await b.until(async () => /Right! 3/.test(await words.textContent()), 10000));
  await b.idle(page);
  // Back: the reviewed game at the position before the blunder, its review kept.
  await b.inApp(page, 'button.practice-back').click();
  await b.idle(page);
  assert.equal((await b.state(page)).replay, 4);
  assert.equal(await b.inApp(page, 'canvas.review-graph').isVisible(), true);
  assert.match(await words.textContent(), /Better: 3/);
  assert.deepEqual(errors, []);
});

test('a review link opens the game straight into its review', async () => {
  const { page, errors } = await b.open(browser, b.fileUrl('web/index.html') + '#' + FRAGMENT + '.3/review',
    { locale: 'en-US' });
  await b.idle(page);
  await b.inApp(page, 'canvas.review-graph:not([hidden])').waitFor({ timeout: 20000 });
  assert.match(await b.inApp(page, 'ol.moves li[data-ply="4"]').textContent(), /\?\?/);
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

/* A screenshot in build/screenshots/ and /tmp/review-shots/ (a phone's
 * whole page: the board and the review under it). */
async function shot(page, name, full) {
  const file = await b.screenshot(page, name);
  const fs = require('node:fs'), path = require('node:path');
  fs.mkdirSync('/tmp/review-shots', { recursive: true });
  await page.screenshot({ path: path.join('/tmp/review-shots', name + '.png'), fullPage: full });
  return file;
}

for (const lang of ['zh', 'en']) {
  for (const [name, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
    const phone = name === 'phone';
    test(`screenshot: the reviewed game, ${name}, ${lang}`, async () => {
      const { page, context } = await reviewedGame(lang, viewport);
      const graph = b.inApp(page, 'canvas.review-graph');
      const box = await graph.boundingBox();
      // The position before the blunder of ply 5, its words shown.
      await page.mouse.click(box.x + 6 + (4 / 6) * (box.width - 12), box.y + box.height / 2);
      await b.idle(page);
      assert.equal(await replayPly(page), 4, 'the graph pressed at ply 4');
      const words = b.inApp(page, '.review-words');
      assert.match(await words.textContent(), new RegExp(WORDS[lang].better));
      await graph.scrollIntoViewIfNeeded();
      assert.equal(await graph.isVisible(), true);
      assert.equal(await words.isVisible(), true);
      await shot(page, `review-${name}-${lang}`, phone);
      await context.close();
    });
    test(`screenshot: gomoku's review at the missed VCF, ${name}, ${lang}`, async () => {
      const { page, context } = await gomokuReviewed(lang, viewport);
      await showPly(page, 22);
      assert.equal(await replayPly(page), 22);
      const words = b.inApp(page, '.review-words');
      assert.match(await words.textContent(), WORDS[lang].vcf);
      await words.scrollIntoViewIfNeeded();
      assert.equal(await words.isVisible(), true);
      await shot(page, `review-gomoku-${name}-${lang}`, phone);
      await context.close();
    });
    test(`screenshot: minesweeper's review of a loss, ${name}, ${lang}`, async () => {
      const { page, context } = await minesReviewed(lang, viewport);
      const words = b.inApp(page, '.review-words');
      assert.match(await words.textContent(), MINE_WORDS[lang].lost);
      assert.equal(await words.isVisible(), true);
      await shot(page, `review-mines-${name}-${lang}`, phone);
      await context.close();
    });
  }
}
