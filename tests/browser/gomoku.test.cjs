// Gomoku on the page from file://: a full game against each computer level
// by clicking, two players to a five, renju's forbidden points, settings
// across a reload, the keyboard alone, a phone with a 25x25 board.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const b = require('./browser.cjs');

let browser;
test.before(async () => { browser = await b.launch(); });
test.after(async () => { await browser.close(); });

const openGomoku = (options = {}) => b.openGame(browser, 'gomoku', options);

/* Counts the page's animation frames (window.__frames) and, for each
 * question of a move asked of a worker ('ai', or 'aiInfo' as a hint asks),
 * the frames the page drew until the answer came
 * (window.__framesWhileThinking). */
const FRAMES_WHILE_THINKING = `window.__frames = 0; window.__framesWhileThinking = [];
  (function frame() { window.__frames++; requestAnimationFrame(frame); })();
  (function () { const W = window.Worker;
    window.Worker = function (url, o) {
      const w = new W(url, o), sent = {}, post = w.postMessage.bind(w);
      w.postMessage = function (m) {
        if (m && (m.method === 'ai' || m.method === 'aiInfo')) sent[m.id] = window.__frames;
        return post(m);
      };
      w.addEventListener('message', function (e) {
        const id = e.data && e.data.id;
        if (id in sent) { window.__framesWhileThinking.push(window.__frames - sent[id]); delete sent[id]; }
      });
      return w;
    }; })();`;

/* The colour the canvas shows at a board point (offset in grid spacings). */
async function pixel(page, id, dx = 0, dy = 0) {
  return b.cellPixel(page, id, { origin: '0,0', neighbour: '1,0', dx, dy });
}
const reddish = ([r, g]) => r > 150 && r > g + 80;

async function clickAll(page, moves) {
  for (const m of moves) {
    await b.clickTarget(page, m);
    await b.idle(page);
  }
}

/* Plays the human's moves by clicking until the game ends; pick(pos)
 * chooses the point. */
async function playOut(page, pick, watch) {
  for (let i = 0; i < 120; i++) {
    await b.idle(page);
    const s = await b.state(page);
    if (!/^turn/.test(s.status)) return s;
    await b.clickTarget(page, await pick(s.pos));
    if (watch) await watch();
  }
  throw new Error('the game did not end');
}

const engineMove = (page) => (pos) =>
  page.evaluate((p) => Qipan.engine.ai('gomoku', p, { level: 3, seed: 1 }), pos);
const firstLegal = (page) => async () => (await b.legal(page))[0];

test('levels 1 and 2 lose a full game to the engine\'s own moves, by clicking', async () => {
  const { page, errors, requests } = await openGomoku();
  await b.screenshot(page, 'gomoku-start');
  for (const level of ['1', '2']) {
    await b.settings(page, { '电脑等级': level });
    await b.inApp(page, '.controls button').nth(2).click(); // restart
    await b.idle(page);
    const s = await playOut(page, engineMove(page));
    assert.equal(s.status, 'win 1', `the human (Black) beats level ${level}`);
    assert.equal(s.level, Number(level));
    assert.ok(s.ply >= 9);
    const text = await b.resultText(page);
    assert.match(text, /你赢了/);
    assert.match(text, /五子连珠/);
    assert.equal(await b.checkHistory(page), 'ok');
    if (level === '2') await b.screenshot(page, 'gomoku-won-level2');
  }
  assert.deepEqual(errors, []);
  assert.deepEqual(requests, []);
});

test('levels 3 and 4 win a full game, thinking in the worker without freezing the page', async () => {
  const { page, errors, requests } = await openGomoku({ init: FRAMES_WHILE_THINKING });
  // Hint and analysis on the first moves.
  await b.clickTarget(page, '7,7');
  await b.idle(page);
  await b.inApp(page, '.controls button').nth(1).click();
  assert.match(await b.toastText(page), /^提示：[a-o]\d+，/);
  await b.inApp(page, '.extra button').nth(1).click(); // 分析
  assert.ok(await b.until(async () => /最佳：[a-o]\d+/.test(await b.inApp(page, '.info').innerText()), 20000),
    `the analysis: ${await b.inApp(page, '.info').innerText()}`);
  assert.match(await b.inApp(page, '.info').innerText(), /深度 \d+/);
  await b.screenshot(page, 'gomoku-analysis');
  for (const level of ['3', '4']) {
    await b.settings(page, { '电脑等级': level });
    await b.inApp(page, '.controls button').nth(2).click();
    await b.idle(page);
    let sawThinking = false;
    await page.evaluate(() => { window.__framesWhileThinking = []; });
    const s = await playOut(page, firstLegal(page), async () => {
      let st;
      await b.until(async () => (st = await b.state(page)).busy !== 'animating');
      st = await b.state(page);
      if (st.busy === 'thinking') {
        sawThinking = true;
        assert.match(await b.inApp(page, '.status').innerText(), /电脑思考中/);
      }
    });
    assert.ok(sawThinking, 'the thinking state showed');
    // Every move of the computer was asked of a worker, and the page went
    // on drawing frames while it searched (a search on the page's own
    // thread would hold them until it ended).
    const frames = await page.evaluate(() => window.__framesWhileThinking);
    assert.equal(frames.length, Math.floor(s.ply / 2), `the computer's moves asked of a worker: ${frames}`);
    assert.ok(frames.some((n) => n >= 2), `frames drawn while the computer thought: ${frames}`);
    assert.equal(s.status, 'win 2', `level ${level} wins`);
    assert.match(await b.resultText(page), /你输了/);
    assert.equal(await b.checkHistory(page), 'ok');
  }
  await b.screenshot(page, 'gomoku-lost-level4');
  assert.deepEqual(errors, []);
  assert.deepEqual(requests, []);
});

test('two players: Black makes five, the row is drawn, undo takes one move back', async () => {
  const { page, errors } = await openGomoku({ locale: 'en-GB' });
  await b.settings(page, { Mode: 'pvp' }, 'en');
  await clickAll(page, ['7,7', '0,0', '8,8', '0,1', '9,9', '0,2', '6,6', '0,3']);
  await b.clickTarget(page, '0,3'); // taken
  assert.match(await b.toastText(page), /taken/);
  assert.equal((await b.state(page)).ply, 8);
  await b.clickTarget(page, '10,10');
  await b.idle(page);
  const s = await b.state(page);
  assert.equal(s.status, 'win 1');
  const text = await b.resultText(page);
  assert.match(text, /Black wins/);
  assert.match(text, /five in a row/);
  assert.match(text, /9 moves/);
  await b.screenshot(page, 'gomoku-pvp-en');
  await page.mouse.move(1, 1);
  // The band under the winning row shows between its stones, not elsewhere.
  assert.ok(reddish(await pixel(page, '8,8', 0.5, 0.5)), 'the winning row is marked');
  assert.ok(!reddish(await pixel(page, '8,8', 0.5, -0.5)));
  assert.match(await b.inApp(page, '.info').innerText(), /move 9 · last k5/);
  await b.inApp(page, '.controls button').first().click(); // undo
  await b.idle(page);
  assert.equal((await b.state(page)).ply, 8, 'one move back with two players');
  assert.ok(!reddish(await pixel(page, '8,8', 0.5, 0.5)));
  assert.deepEqual(errors, []);
});

test('renju: a double three is drawn, refused with its reason, and Black plays elsewhere', async () => {
  const { page, errors } = await openGomoku();
  await b.settings(page, { '模式': 'pvp', '规则': 'renju' });
  assert.match((await b.state(page)).pos, /^15x15 renju$/);
  await clickAll(page, ['7,7', '0,0', '8,7', '0,2', '9,8', '0,4', '9,9', '0,6']);
  const view = await page.evaluate(() => Qipan.engine.describe('gomoku',
    document.querySelector('#qipan').__qipan.state.pos));
  assert.deepEqual(view.forbidden, [[9, 7, 'double three']]);
  assert.ok(reddish(await pixel(page, '9,7', 0.1, 0.1)), 'a red x on the forbidden point');
  assert.ok(!reddish(await pixel(page, '10,7', 0.1, 0.1)));
  const p = await page.evaluate(() => document.querySelector('#qipan').__qipan.targetPoint('9,7'));
  await page.mouse.move(p.x, p.y);
  await b.screenshot(page, 'gomoku-renju-forbidden');
  await page.mouse.click(p.x, p.y);
  assert.equal(await b.toastText(page), '禁手：三三');
  assert.equal((await b.state(page)).ply, 8, 'the forbidden point was not played');
  assert.match(await b.inApp(page, '.info').innerText(), /禁手点 1 个/);
  await b.clickTarget(page, '10,6');
  await b.idle(page);
  assert.equal((await b.state(page)).ply, 9);
  assert.deepEqual(errors, []);
});

test('size, rule, colours, stone size and numbers survive a reload', async () => {
  const { page, errors } = await openGomoku();
  await b.settings(page, { '规则': 'exact', '黑方（先手）棋子颜色': '#b03020', '白方（后手）棋子颜色': '#2050c0',
    '棋子大小': '0.7', '模式': 'pvp' });
  await b.inApp(page, '#gomoku-size').selectOption('19x19');
  await b.idle(page);
  assert.equal((await b.state(page)).pos, '19x19 exact');
  await b.inApp(page, '.extra button').first().click(); // show numbers
  await clickAll(page, ['9,9', '10,10']);
  await page.reload();
  await b.idle(page);
  const s = await b.state(page);
  assert.equal(s.game, 'gomoku');
  assert.equal(s.pos, '19x19 exact 9,9 10,10');
  assert.equal(s.mode, 'pvp');
  // The stones keep their colours (the pixel beside the number, inside the
  // stone and, on the last one, inside the ring that marks it).
  const black = await pixel(page, '9,9', 0.2, 0.2), white = await pixel(page, '10,10', -0.2, 0);
  assert.ok(black[0] > 120 && black[0] > black[2] + 60, `red Black stone: ${black}`);
  assert.ok(white[2] > 120 && white[2] > white[0] + 60, `blue White stone: ${white}`);
  assert.match(await b.inApp(page, '.extra button').first().innerText(), /隐藏手数/);
  assert.equal(await b.inApp(page, '#gomoku-size').inputValue(), '19x19');
  await b.screenshot(page, 'gomoku-settings-reloaded');
  // A custom size from the 规格 control: rows x cols, as the original writes it.
  await b.inApp(page, '#gomoku-size').selectOption('pick');
  await b.inApp(page, '#gomoku-rows').fill('10');
  await b.inApp(page, '#gomoku-cols').fill('20');
  await b.inApp(page, '.overlay .card button.primary').click();
  await b.confirmNewGame(page); // two stones played: the game goes only when asked
  assert.equal((await b.state(page)).pos, '20x10 exact');
  await page.reload();
  await b.idle(page);
  assert.equal((await b.state(page)).pos, '20x10 exact');
  assert.match(await b.inApp(page, '#gomoku-size').innerText(), /10 × 20/);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('qipan')).games.gomoku.settings);
  assert.deepEqual([stored.rows, stored.cols, stored.rule, stored.black, stored.white, stored.stone, stored.numbers],
    [10, 20, 'exact', '#b03020', '#2050c0', 0.7, true]);
  assert.deepEqual(errors, []);
});

test('the keyboard alone plays a two-player game to a five', async () => {
  const { page, errors } = await openGomoku();
  await b.settings(page, { '模式': 'pvp' });
  await b.inApp(page, 'canvas[role=application]').focus();
  await page.keyboard.press('ArrowRight'); // the cursor appears in the centre
  assert.equal((await b.state(page)).cursor, '7,7');
  const line = ['7,7', '7,8', '8,7', '8,8', '9,7', '9,8', '10,7', '10,8', '11,7'];
  for (let i = 0; i < line.length; i++) {
    await b.keyTo(page, line[i]);
    await page.keyboard.press(i % 2 ? 'Enter' : ' ');
    await b.idle(page);
  }
  const s = await b.state(page);
  assert.equal(s.status, 'win 1');
  assert.equal(s.pos, '15x15 free ' + line.join(' '));
  assert.match(await b.resultText(page), /黑方获胜/);
  assert.deepEqual(errors, []);
});

test('on a phone a 25x25 board is played by tapping twice, in both languages', async () => {
  for (const locale of ['zh-CN', 'en-US']) {
    const { page, errors, context } = await b.open(browser, b.fileUrl('web/index.html'), {
      viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale,
    });
    await b.idle(page);
    await b.inApp(page, '.picker button[data-game=gomoku]').tap();
    await b.idle(page);
    await b.inApp(page, '#gomoku-size').selectOption('pick');
    await b.inApp(page, '#gomoku-rows').fill('25');
    await b.inApp(page, '#gomoku-cols').fill('25');
    await b.inApp(page, '.overlay .card button.primary').tap();
    await b.idle(page);
    assert.equal((await b.state(page)).pos, '25x25 free');
    const box = await b.inApp(page, 'canvas[role=application]').boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390, JSON.stringify(box));
    const tap = async (id, dx = 0) => {
      const p = await page.evaluate((t) => document.querySelector('#qipan').__qipan.targetPoint(t), id);
      await page.touchscreen.tap(p.x + dx, p.y);
    };
    // A tap a little off the point still finds it; the first tap only shows the stone.
    await tap('12,12', 4);
    await page.waitForTimeout(100);
    let s = await b.state(page);
    assert.equal(s.selected, '12,12');
    assert.equal(s.ply, 0);
    await b.screenshot(page, `gomoku-phone-confirm-${locale}`);
    await tap('13,12'); // another point moves the stone there
    assert.equal((await b.state(page)).selected, '13,12');
    await tap('13,12');
    await b.idle(page);
    s = await b.state(page);
    assert.equal(s.ply, 2, 'played, and the computer answered');
    assert.match(s.pos, /^25x25 free 13,12 /);
    await b.screenshot(page, `gomoku-phone-${locale}`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});
