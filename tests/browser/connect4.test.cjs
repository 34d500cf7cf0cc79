// Connect Four on the page from file://: full games against every level by
// clicking, level 4's answer times in the worker, two players to a marked
// four, hint and analysis in words, the keyboard alone, taps on a phone,
// settings across a reload.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const b = require('./browser.cjs');

let browser;
test.before(async () => { browser = await b.launch(); });
test.after(async () => { await browser.close(); });

/* Records every move question ('ai', or 'aiInfo' when the module comments
 * on the computer's moves) the page's worker answers (window.__aiAnswers);
 * these tests ask for no hint, the other 'aiInfo' question. (How long the
 * levels take a move in wasm: bench/latency.cjs.) */
const COUNT_AI = `window.__aiAnswers = []; (function () { const W = window.Worker;
  window.Worker = function (url, o) {
    const w = new W(url, o), sent = {}, post = w.postMessage.bind(w);
    w.postMessage = function (m) {
      if (m && (m.method === 'ai' || m.method === 'aiInfo')) sent[m.id] = { pos: m.args[1], level: m.args[2].level };
      return post(m);
    };
    w.addEventListener('message', function (e) {
      const s = e.data && sent[e.data.id];
      if (s) { window.__aiAnswers.push(s); delete sent[e.data.id]; }
    });
    return w;
  }; })();`;

const openC4 = (options = {}) => b.openGame(browser, 'connect4', options);

const info = (page) => b.inApp(page, '.info').innerText();

/* Waits until the info line's words pass `ok` (within ms) and fails with
 * the words last shown otherwise; returns them. */
async function infoUntil(page, ok, what, ms = 10000) {
  let last = '';
  assert.ok(await b.until(async () => ok(last = await info(page)), ms), `${what}: the info line says "${last}"`);
  return last;
}

/* The colour the canvas shows at a point between two cells (cells as
 * [col,row] from the top left; f = 0 is a's centre, 1 is b's). */
async function pixelBetween(page, a, bb, f = 0.5) {
  await b.painted(page);
  return page.evaluate(([p, q, frac]) => {
    const h = document.querySelector('#qipan').__qipan;
    const canvas = document.querySelector('#qipan').shadowRoot.querySelector('canvas');
    const r = canvas.getBoundingClientRect();
    // Column centres from the targets, rows from the spacing between columns.
    const c0 = h.targetPoint('1'), c1 = h.targetPoint('2');
    const s = c1.x - c0.x;
    const view = Qipan.engine.describe('connect4', h.state.pos);
    const yOf = (row) => c0.y + (row - (view.drop[0] >= 0 ? view.drop[0] : 0)) * s;
    const x = c0.x + (p[0] + (q[0] - p[0]) * frac) * s, y = yOf(p[1] + (q[1] - p[1]) * frac);
    const px = canvas.getContext('2d').getImageData(Math.round((x - r.left) * canvas.width / r.width),
      Math.round((y - r.top) * canvas.height / r.height), 1, 1).data;
    return Array.from(px);
  }, [a, bb, f]);
}

async function clickAll(page, cols) {
  for (const c of cols) {
    await b.clickTarget(page, c);
    await b.idle(page);
  }
}

/* Clicks the human's columns, chosen by pick(pos), until the game ends. */
async function playOut(page, pick) {
  for (let i = 0; i < 60; i++) {
    await b.idle(page);
    const s = await b.state(page);
    if (!/^turn/.test(s.status)) return s;
    await b.clickTarget(page, await pick(s.pos));
  }
  throw new Error('the game did not end');
}

const engineMove = (page, level) => (pos) =>
  page.evaluate(([p, l]) => Qipan.engine.ai('connect4', p, { level: l, seed: p.length }), [pos, level]);

test('levels 1, 2 and 3 lose a full game to perfect play, by clicking', async () => {
  const { page, errors, requests } = await openC4({ reducedMotion: true });
  await b.screenshot(page, 'connect4-start');
  for (const level of ['1', '2', '3']) {
    await b.settings(page, { '电脑等级': level });
    await b.inApp(page, '.controls button').nth(2).click(); // restart
    await b.idle(page);
    const s = await playOut(page, engineMove(page, 4));
    assert.equal(s.status, 'win 1', `the first player beats level ${level}`);
    assert.equal(s.level, Number(level));
    const text = await b.resultText(page);
    assert.match(text, /你赢了/);
    assert.match(text, /四子连成一线/);
    assert.match(text, new RegExp(`共 ${s.ply} 手`));
    assert.equal(await b.checkHistory(page), 'ok');
    if (level === '3') await b.screenshot(page, 'connect4-won-level3');
  }
  assert.deepEqual(errors, []);
  assert.deepEqual(requests, []);
});

test('level 4 wins as first and as second player, answering in its worker', async () => {
  const { page, errors, requests } = await openC4({ reducedMotion: true, init: COUNT_AI });
  const level4 = async () => (await page.evaluate(() => window.__aiAnswers)).filter((t) => t.level === 4);
  // Off the book: a game begun against level 1, then level 4 from move 5.
  await b.settings(page, { '电脑等级': '1' });
  await clickAll(page, ['1', '1']);
  await b.settings(page, { '电脑等级': '4' });
  await clickAll(page, ['2']);
  const off = await level4();
  assert.equal(off.length, 1);
  await b.inApp(page, '.controls button').nth(2).click(); // restart
  await b.idle(page);
  const games = [['ai', 1, 'win 1'], ['human', 2, 'win 2'], ['ai', 3, 'win 1']];
  for (const [first, human, result] of games) {
    await b.settings(page, { '先手': first });
    const s = await playOut(page, engineMove(page, human));
    assert.equal(s.status, result, `level 4 (${first === 'ai' ? 'first' : 'second'}) beats level ${human}`);
    assert.match(await b.resultText(page), /你输了/);
    assert.equal(await b.checkHistory(page), 'ok');
    if (human === 3) await b.screenshot(page, 'connect4-lost-level4');
  }
  const answers = (await level4()).slice(1);
  assert.ok(answers.length >= 15, `${answers.length} answers`);
  assert.deepEqual(errors, []);
  assert.deepEqual(requests, []);
});

test('level 4 says when its move is not exact: a board too large for the solver', async () => {
  const { page, errors, requests } = await openC4({ reducedMotion: true });
  await b.settings(page, { '电脑等级': '4', '先手': 'ai' });
  await b.inApp(page, '#c4-size').selectOption('pick');
  await b.inApp(page, '#c4-rows').fill('9');
  await b.inApp(page, '#c4-cols').fill('9');
  await b.inApp(page, '.overlay .card button.primary').click();
  // The computer has moved: the game in progress goes only when asked.
  await b.confirmNewGame(page);
  const s = await b.state(page);
  assert.match(s.pos, /^9x9 \d$/, 'the computer opened on the 9x9 board');
  assert.match(await b.toastText(page), /电脑这一步不是精确解：棋盘太大/);
  await b.screenshot(page, 'connect4-not-exact');
  // On 7x6 from the empty board level 4 plays from its book: nothing to say.
  await b.inApp(page, '.toast.show').waitFor({ state: 'hidden', timeout: 8000 });
  await b.inApp(page, '#c4-size').selectOption('7x6');
  await b.confirmNewGame(page);
  assert.match((await b.state(page)).pos, /^7x6 \d$/);
  assert.equal(await b.inApp(page, '.toast.show').count(), 0);
  assert.deepEqual(errors, []);
  assert.deepEqual(requests, []);
});

test('two players: a diagonal four is marked, a full column refuses, undo', async () => {
  const { page, errors } = await openC4({ locale: 'en-GB' });
  await b.settings(page, { Mode: 'pvp' }, 'en');
  // The stone falls: the move animates before the next one is taken.
  await b.clickTarget(page, '1');
  assert.equal((await b.state(page)).busy, 'animating');
  await b.idle(page);
  await clickAll(page, ['1', '1', '1', '1', '1']);
  await b.clickTarget(page, '1');
  assert.equal(await b.toastText(page), 'That column is full');
  assert.equal((await b.state(page)).ply, 6);
  await clickAll(page, ['3', '2', '2', '3', '3', '4', '4', '4']);
  const blue = await pixelBetween(page, [0, 5], [1, 4]);
  assert.ok(blue[2] > blue[1] + 40, `the face is blue between the stones: ${blue}`);
  await b.clickTarget(page, '4');
  await b.idle(page);
  const s = await b.state(page);
  assert.equal(s.pos, '7x6 111111322334444');
  assert.equal(s.status, 'win 1');
  const text = await b.resultText(page);
  assert.match(text, /Red wins/, 'a side is named by its stones');
  assert.match(text, /four in a row/);
  assert.match(text, /15 moves/);
  await b.screenshot(page, 'connect4-pvp-en');
  await page.mouse.move(1, 1);
  const marked = await pixelBetween(page, [0, 5], [1, 4]);
  assert.ok(marked[1] > marked[2] + 20, `the four is struck through: ${marked}`);
  assert.match(await info(page), /move 15 · last column 4/);
  await b.inApp(page, '.controls button').first().click(); // undo
  await b.idle(page);
  assert.equal((await b.state(page)).ply, 14, 'one move back with two players');
  const again = await pixelBetween(page, [0, 5], [1, 4]);
  assert.ok(again[2] > again[1] + 40, `no mark after undo: ${again}`);
  assert.deepEqual(errors, []);
});

test('hint and analysis say the exact score in words', async () => {
  const { page, errors } = await openC4();
  await b.inApp(page, '.controls button').nth(1).click(); // hint on the empty board
  assert.equal(await b.toastText(page), '提示：第4列，第21步获胜');
  assert.equal((await b.state(page)).ply, 0, 'a hint plays nothing');
  await b.inApp(page, '.c4-analysis').click();
  assert.equal(await b.inApp(page, '.c4-analysis').getAttribute('aria-pressed'), 'true');
  const start = await infoUntil(page, (t) => /^最佳：第4列，第21步获胜/.test(t), 'the empty board analysed');
  // Above the columns: the best one's score on green, the others outlined on white.
  await page.mouse.move(1, 1);
  const badge = (col) => pixelBetween(page, [col + 0.38, -1.525], [col + 0.38, -1.525]);
  const best = await badge(3), other = await badge(0);
  assert.ok(best[1] > 110 && best[1] > best[0] + 50 && best[1] > best[2] + 30, `a green badge: ${best}`);
  assert.ok(other[0] > 230 && other[1] > 230 && other[2] > 230, `a white badge: ${other}`);
  await b.screenshot(page, 'connect4-analysis-zh');
  // The computer (level 3) answers; the analysis follows the new position:
  // exact, partial (a column's win found, the rest not solved in time) or
  // none, and never the empty board's (its win was in 21 moves; any win
  // now is sooner).
  await b.clickTarget(page, '4');
  await b.idle(page);
  assert.equal((await b.state(page)).ply, 2);
  await infoUntil(page, (t) => /^(最佳：第\d列|第\d列(、第\d列)*：|无法精确分析：)/.test(t) && t !== start,
    'the position after the reply analysed', 30000);
  // A small board is solved at once: every column gets its words.
  await b.inApp(page, '#c4-size').selectOption('5x4');
  await b.confirmNewGame(page);
  await infoUntil(page, (t) => /^最佳：第2列、第3列、第4列，和棋/.test(t), 'the 5x4 board analysed');
  await b.inApp(page, '.c4-analysis').click();
  assert.match(await info(page), /^4 行 × 5 列 · 第 0 手$/);
  assert.deepEqual(errors, []);
});

test('the keyboard alone plays a two-player game to a four', async () => {
  const { page, errors } = await openC4({ reducedMotion: true });
  await b.settings(page, { '模式': 'pvp' });
  await b.inApp(page, 'canvas[role=application]').focus();
  await page.keyboard.press('ArrowRight'); // the cursor appears on the centre column
  assert.equal((await b.state(page)).cursor, '4');
  await page.keyboard.press('ArrowUp'); // up and down do not leave the column
  assert.equal((await b.state(page)).cursor, '4');
  const keys = ['Enter', 'ArrowRight', ' ', 'ArrowLeft', 'Enter', 'ArrowRight', ' ', 'ArrowLeft', 'Enter',
    'ArrowRight', ' ', 'ArrowLeft', 'Enter'];
  for (const k of keys) {
    await page.keyboard.press(k);
    await b.idle(page);
  }
  const s = await b.state(page);
  assert.equal(s.pos, '7x6 4545454');
  assert.equal(s.status, 'win 1');
  assert.match(await b.resultText(page), /红方获胜/);
  assert.deepEqual(errors, []);
});

test('on a phone a tap anywhere in a column drops there, in both languages', async () => {
  for (const locale of ['zh-CN', 'en-US']) {
    const { page, errors, requests, context } = await b.open(browser, b.fileUrl('web/index.html'), {
      viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale,
    });
    await b.idle(page);
    await b.inApp(page, '.picker button[data-game=connect4]').tap();
    await b.idle(page);
    const box = await b.inApp(page, 'canvas[role=application]').boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390, JSON.stringify(box));
    assert.ok(box.width >= 330, 'the board uses the width');
    const p = await page.evaluate(() => document.querySelector('#qipan').__qipan.targetPoint('3'));
    await page.touchscreen.tap(p.x, box.y + 8); // the strip above the holes
    await b.idle(page);
    let s = await b.state(page);
    assert.equal(s.ply, 2, 'dropped, and the computer answered');
    assert.match(s.pos, /^7x6 3\d$/);
    const q = await page.evaluate(() => document.querySelector('#qipan').__qipan.targetPoint('5'));
    await page.touchscreen.tap(q.x, q.y);
    await b.idle(page);
    s = await b.state(page);
    assert.equal(s.ply, 4);
    assert.match(s.pos, /^7x6 3\d5\d$/);
    await b.inApp(page, '.controls button').nth(1).tap();
    await b.toastText(page);
    await b.screenshot(page, `connect4-phone-${locale}`);
    assert.deepEqual(errors, []);
    assert.deepEqual(requests, []);
    await context.close();
  }
});

test('size, colours, stone size and the analysis toggle survive a reload', async () => {
  const { page, errors } = await openC4();
  await b.settings(page, { '先手棋子颜色': '#2050c0', '后手棋子颜色': '#20a040',
    '棋子大小': '0.66', '模式': 'pvp' });
  await b.inApp(page, '#c4-size').selectOption('8x7');
  await b.idle(page);
  assert.equal((await b.state(page)).pos, '8x7');
  await clickAll(page, ['4', '5']);
  await b.inApp(page, '.c4-analysis').click();
  await page.reload();
  await b.idle(page);
  const s = await b.state(page);
  assert.equal(s.game, 'connect4');
  assert.equal(s.pos, '8x7 45');
  assert.equal(s.mode, 'pvp');
  assert.equal(await b.inApp(page, '.c4-analysis').getAttribute('aria-pressed'), 'true');
  assert.equal(await b.inApp(page, '#c4-size').inputValue(), '8x7');
  await page.mouse.move(1, 1);
  const one = await pixelBetween(page, [3.12, 6.15], [3.12, 6.15]), two = await pixelBetween(page, [4.12, 6.15], [4.12, 6.15]);
  assert.ok(one[2] > 150 && one[2] > one[1] + 60, `a blue first stone: ${one}`);
  assert.ok(two[1] > 120 && two[1] > two[0] + 60, `a green second stone: ${two}`);
  // A custom size from the 规格 control: rows x cols, as the original writes it.
  await b.inApp(page, '#c4-size').selectOption('pick');
  await b.inApp(page, '#c4-rows').fill('9');
  await b.inApp(page, '#c4-cols').fill('4');
  await b.inApp(page, '.overlay .card button.primary').click();
  await b.confirmNewGame(page); // two moves played: the game goes only when asked
  assert.equal((await b.state(page)).pos, '4x9');
  await b.screenshot(page, 'connect4-settings');
  await page.reload();
  await b.idle(page);
  assert.equal((await b.state(page)).pos, '4x9');
  assert.match(await b.inApp(page, '#c4-size').innerText(), /9 × 4/);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('qipan')).games.connect4.settings);
  assert.deepEqual([stored.cols, stored.rows, stored.one, stored.two, stored.stone, stored.analysis],
    [4, 9, '#2050c0', '#20a040', 0.66, true]);
  assert.deepEqual(errors, []);
});
