// The game review (复盘): a finished tic-tac-toe game with a blunder is
// reviewed from its result (under the controls) in the worker; the evaluation graph is a
// chart one reads (as wide as the side panel, the move under the pointer
// or the focus in words, the marks on the curve, the scale in words), the
// move list marks the blunder with ??, pressing the graph moves the
// replay, a marked move shows its own judgement and the better move drawn
// as an arrow on the same ply (how it wins: gomoku's VCF and its length), a lost minesweeper
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
  zh: { locale: 'zh-CN', review: '复盘', graph: /^评估曲线（越高X越占优，越低O越占优）$/, better: '更好：右上角',
    accuracy: '准确率', vcf: /第 23 步 a1：.*错失胜机.*更好：h11，连续冲四 9 步胜（VCF）/ },
  en: { locale: 'en-US', review: 'Review', graph: /^Evaluation graph \(higher: X ahead; lower: O ahead\)$/,
    better: 'Better: top right', accuracy: 'Accuracy', vcf: /Move 23 a1: .*missed win.*Better: h11, wins by VCF in 9/ },
};

/* Opens the link, plays the winning move, presses Review in the result
 * under the controls and waits for the graph. */
async function reviewedGame(lang, viewport) {
  const words = WORDS[lang];
  const opened = await b.open(browser, b.fileUrl('web/index.html') + '#' + FRAGMENT,
    { viewport, locale: words.locale });
  const { page } = opened;
  await b.idle(page);
  await b.clickTarget(page, '3');
  await b.resultText(page);
  await b.resultButton(page, words.review);
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
  assert.match(await graph.getAttribute('aria-label'), words.graph);
  // The move list: ?? beside the blunders (plies 4 and 5), ⊘ at the missed win.
  const item = (ply) => b.inApp(page, `ol.moves li[data-ply="${ply}"]`);
  assert.match(await item(4).textContent(), /\?\?/);
  assert.match(await item(4).getAttribute('aria-label'), /blunder/);
  assert.match(await item(5).textContent(), /⊘/);
  assert.doesNotMatch(await item(1).textContent(), /\?/);
  assert.match(await b.inApp(page, '.review-summary').textContent(), new RegExp(words.accuracy));
  // Pressing the graph at its left end goes to the start; at ply 5's x, to
  // the blunder of ply 5, with the better move in words.
  const box = await graph.boundingBox();
  await page.mouse.click(box.x + 2, box.y + box.height / 2);
  await b.idle(page);
  assert.equal(await replayPly(page), 0);
  await page.mouse.click(graphX(box, 5, 6), box.y + box.height / 2);
  await b.idle(page);
  assert.equal(await replayPly(page), 5);
  assert.match(await b.inApp(page, '.review-words').textContent(), new RegExp(words.better));
  // x had a win in two (3, then 7 or 2... ) and the words say so.
  assert.match(await b.inApp(page, '.review-words').textContent(), /Better: top right, wins in 2/);
  assert.deepEqual(errors, []);
});

// The graph's x of a ply (review-graph.js: 8 px clear of each edge).
const graphX = (box, ply, plies) => box.x + 8 + (ply / plies) * (box.width - 16);

/* Whether the canvas's column at client x holds a pixel of colour `hex`
 * (within a few steps of each channel). */
async function columnHas(page, x, hex) {
  return page.evaluate(([cx, colour]) => {
    const canvas = document.querySelector('#qipan').shadowRoot.querySelector('canvas.review-graph');
    const r = canvas.getBoundingClientRect(), k = canvas.width / r.width;
    const want = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
    const col = Math.round((cx - r.left) * k);
    const data = canvas.getContext('2d').getImageData(col - 1, 0, 3, canvas.height).data;
    for (let i = 0; i < data.length; i += 4) {
      if (want.every((v, c) => Math.abs(data[i + c] - v) < 12)) return true;
    }
    return false;
  }, [x, hex]);
}

test('the graph is a chart one reads: side panel wide, the move under the pointer or the focus in words, the marks on the curve, the scale in words', async () => {
  for (const [device, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
    for (const lang of ['en', 'zh']) {
      const { page, errors, context } = await b.open(browser, b.fileUrl('web/index.html') + '#' + FRAGMENT + '.3/review',
        { viewport, locale: WORDS[lang].locale, hasTouch: device === 'phone', isMobile: device === 'phone' });
      await b.idle(page);
      const graph = b.inApp(page, 'canvas.review-graph:not([hidden])');
      await graph.waitFor({ timeout: 20000 });
      await graph.scrollIntoViewIfNeeded();
      const box = await graph.boundingBox(), side = await b.inApp(page, '.side').boundingBox();
      const where = `${device} ${lang}`;
      assert.ok(box.width >= 360 && box.height >= 120, `${where}: the graph is ${box.width}x${box.height}`);
      assert.ok(Math.abs(box.width - side.width) <= 2, `${where}: as wide as the side panel (${side.width})`);
      // The scale in plain words, under the graph.
      assert.match(await b.inApp(page, '.review-scale').textContent(),
        lang === 'en' ? /^Above the middle line: X ahead; below it: O ahead\.$/ : /^曲线在中线上方：X占优；在下方：O占优。$/);
      // The move under the pointer: its number, the move, its mark and the chances.
      const readout = b.inApp(page, '.review-readout');
      assert.equal(await readout.isVisible(), false);
      await page.mouse.move(graphX(box, 4, 6), box.y + box.height / 2);
      await readout.waitFor();
      assert.match(await readout.textContent(), lang === 'en' ? /^Move 4 \(top middle \?\?\): X's chances \d+%$/ :
        /^第 4 步（上边中间 \?\?）：X胜算 \d+%$/);
      const inside = await readout.boundingBox();
      assert.ok(inside.x >= box.x - 1 && inside.x + inside.width <= box.x + box.width + 1, `${where}: the words inside the graph`);
      await page.mouse.move(0, 0);
      assert.equal(await readout.isVisible(), false, `${where}: the words go with the pointer`);
      // The marks on the curve: ply 4 and 5 were blunders (the theme's blunder red).
      for (const ply of [4, 5]) assert.ok(await columnHas(page, graphX(box, ply, 6), '#c62828'), `${where}: a dot at ${ply}`);
      assert.equal(await columnHas(page, graphX(box, 2, 6), '#c62828'), false, `${where}: no dot at 2`);
      // The keyboard's focus on the graph: the move shown, in words.
      await graph.focus();
      await page.keyboard.press('Home');
      await b.idle(page);
      await page.keyboard.press('ArrowRight');
      await b.idle(page);
      assert.match(await readout.textContent(), lang === 'en' ? /^Move 1 \(centre\): X's chances \d+%$/ : /^第 1 步（正中间）：X胜算/);
      assert.match(await graph.getAttribute('aria-valuetext'), lang === 'en' ? /Move 1 \(centre\): X's chances \d+%/ : /X胜算/);
      assert.deepEqual(errors, []);
      await context.close();
    }
  }
});

/* Whether the board's pixel halfway between two targets is the review's
 * green (the arrow's), not the board's own ink. */
async function greenBetween(page, a, c) {
  await b.painted(page);
  return page.evaluate(([t1, t2]) => {
    const h = document.querySelector('#qipan').__qipan;
    const canvas = document.querySelector('#qipan').shadowRoot.querySelector('canvas');
    const r = canvas.getBoundingClientRect(), p = h.targetPoint(t1), q = h.targetPoint(t2);
    const x = ((p.x + q.x) / 2 - r.left) * canvas.width / r.width, y = ((p.y + q.y) / 2 - r.top) * canvas.height / r.height;
    const [red, green, blue] = canvas.getContext('2d').getImageData(Math.round(x), Math.round(y), 1, 1).data;
    return green > red + 30 && green > blue + 20;
  }, [a, c]);
}

test('a marked move shows its own words, and the better move as an arrow on the same ply', async () => {
  const MARKED = {
    en: { 3: /^Press the graph/, 4: /^Move 4 top middle: blunder\. Better: top right, holds the draw\. The green arrow/,
      5: /^Move 5 bottom middle: blunder, missed win\. Better: top right, wins in 2\. The green arrow/ },
    zh: { 3: /^点曲线/, 4: /^第 4 步 上边中间：严重失误。更好：右上角，可保和棋。棋盘上的绿色箭头/,
      5: /^第 5 步 下边中间：严重失误、错失胜机。更好：右上角，2 步胜。棋盘上的绿色箭头/ },
  };
  for (const lang of ['en', 'zh']) {
    const { page, errors, context } = await b.open(browser, b.fileUrl('web/index.html') + '#' + FRAGMENT + '.3/review',
      { viewport: { width: 1280, height: 900 }, locale: WORDS[lang].locale });
    await b.idle(page);
    await b.inApp(page, 'canvas.review-graph:not([hidden])').waitFor({ timeout: 20000 });
    const words = b.inApp(page, '.review-words');
    for (const ply of [3, 4, 5]) {
      await showPly(page, ply);
      assert.match(await words.textContent(), MARKED[lang][ply], `${lang}: the words at ${ply}`);
    }
    // Ply 5 (x on 8, bottom middle; better 3, top right): the arrow from 8 to 3.
    assert.ok(await greenBetween(page, '8', '3'), 'the arrow at the marked move');
    await showPly(page, 3);
    assert.equal(await greenBetween(page, '8', '3'), false, 'no arrow on an unmarked move');
    // Practise: the marked move shown, its position as a puzzle.
    await showPly(page, 5);
    await b.inApp(page, 'button.review-practise').click();
    await b.idle(page);
    assert.equal((await b.state(page)).history[0], 'oo..x...x x');
    assert.deepEqual(errors, []);
    await context.close();
  }
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
  assert.equal(await greenBetween(page, '0,14', '7,4'), false, 'no arrow on an unmarked move');
  await showPly(page, 23);
  const words = await b.inApp(page, '.review-words').textContent();
  assert.match(words, /^Move 23 a1: .*missed win.*Better: h11, wins by VCF in 9/);
  assert.ok(await greenBetween(page, '0,14', '7,4'), 'the arrow from a1 to h11');
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
  await showPly(page, 3);
  assert.match(await b.inApp(page, '.review-words').textContent(), /Move 3 .*missed win.*Better: .*, wins in 23/);
  assert.deepEqual(errors, []);
});

// A lost minesweeper game: o8,7 had a 50% chance of a mine while 7,6, 8,6
// and 7,8 were provably safe.
const MINES = 'minesweeper/9x9%2F10@2/o0,0.o5,2.o6,1.o6,0.o7,0.o7,1.o6,2.o7,2.o8,2.o0,3.o5,3.o6,3.o7,3.o8,0.o0,4.o1,4.o0,5.o7,5.o8,7';
const MINE_WORDS = {
  zh: { lost: /踩雷的一步在第8行第9列：是雷的概率 50%。当时有 3 个格子确定安全/, review: '复盘' },
  en: { lost: /The fatal click at column 9, row 8: a 50% chance of a mine\. Cells provably safe then: 3/, review: 'Review' },
};

async function minesReviewed(lang, viewport) {
  const opened = await b.open(browser, b.fileUrl('web/index.html') + '#' + MINES,
    { viewport, locale: WORDS[lang].locale, hasTouch: viewport.width < 500, isMobile: viewport.width < 500 });
  const { page } = opened;
  await b.idle(page);
  // Review in the finished game's result, beside the board (minesweeper has no move list).
  await b.resultText(page);
  await b.resultButton(page, MINE_WORDS[lang].review);
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
    // Review in the finished game's result, beside the board (minesweeper has no move list).
    await b.resultText(page);
    await b.resultButton(page, MINE_WORDS[lang].review);
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
  await showPly(page, 5);
  const practise = b.inApp(page, 'button.review-practise');
  assert.equal(await practise.isVisible(), true);
  await practise.focus();
  await page.keyboard.press('Enter'); // the keyboard reaches it
  await b.idle(page);
  const words = b.inApp(page, '.review-words');
  assert.match(await words.textContent(), /Practice: move 5, X to play\. Find a better move than bottom middle/);
  assert.equal((await b.state(page)).history[0], 'oo..x...x x');
  // 7 lets O win: wrong, and the better move is named.
  await b.clickTarget(page, '7');
  assert.ok(await b.until(async () => /Not this one/.test(await words.textContent()), 10000));
  assert.match(await words.textContent(), /better was top right/);
  await b.idle(page);
  await shot(page, 'review-practice-desktop-en', false);
  await b.inApp(page, 'button.practice-again').click();
  await b.idle(page);
  assert.equal((await b.state(page)).history.length, 1);
  await b.clickTarget(page, '3');
  assert.ok(await b.until(async () => /Right! top right/.test(await words.textContent()), 10000));
  await b.idle(page);
  // Back: the reviewed game at the blunder, its review kept.
  await b.inApp(page, 'button.practice-back').click();
  await b.idle(page);
  assert.equal((await b.state(page)).replay, 5);
  assert.equal(await b.inApp(page, 'canvas.review-graph').isVisible(), true);
  assert.match(await words.textContent(), /Better: top right/);
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
      await graph.scrollIntoViewIfNeeded(); // below the board on a phone
      const box = await graph.boundingBox();
      // The blunder of ply 5, its words shown and its better move drawn.
      await page.mouse.click(graphX(box, 5, 6), box.y + box.height / 2);
      await b.idle(page);
      assert.equal(await replayPly(page), 5, 'the graph pressed at ply 5');
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
      await showPly(page, 23);
      assert.equal(await replayPly(page), null, 'move 23 is the last: the board as the game ended');
      const words = b.inApp(page, '.review-words');
      assert.match(await words.textContent(), WORDS[lang].vcf);
      await words.scrollIntoViewIfNeeded();
      assert.equal(await words.isVisible(), true);
      assert.ok(await shot(page, `review-gomoku-${name}-${lang}`, phone));
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
