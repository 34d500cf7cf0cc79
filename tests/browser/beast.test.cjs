// Dark animal chess (斗兽棋) on the page from file://: the rules popup and
// who flips first, flips, selection, moves and captures by clicking, full
// games against each computer level (from a late position: a whole deal
// takes 100-200 plies), the original's toasts, 电脑认输了, a draw with its
// reason, two players, keyboard, touch, settings across a reload, and no
// face-down identity on the canvas.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const b = require('./browser.cjs');

let browser;
test.before(async () => { browser = await b.launch(); });
test.after(async () => { await browser.close(); });

const openBeast = (options = {}) => b.openGame(browser, 'beast', options);

/* Puts a game record in storage and reloads: the page goes on from it. */
async function load(page, rec) {
  await page.evaluate((r) => {
    const game = Object.assign({ settings: {}, mode: 'ai', level: 3, humanFirst: true, seed: 7,
      started: true, extra: { rulesSeen: true } }, r);
    localStorage.setItem('qipan', JSON.stringify({ v: 1, lastGame: 'beast', games: { beast: game } }));
  }, rec);
  await page.reload();
  await b.idle(page);
}

const toastText = b.toastText;

const resultDialog = (page) => b.resultText(page);

/* Plays an action by clicking: a flip is one click, a move two. */
async function clickAction(page, action) {
  if (action.length === 2) {
    await b.clickTarget(page, action);
  } else {
    await b.clickTarget(page, action.slice(0, 2));
    assert.equal((await b.state(page)).selected, action.slice(0, 2), 'the piece is selected');
    await b.clickTarget(page, action.slice(2));
  }
}

/* The canvas colour at a cell's centre, offset by a fraction of a cell. */
async function pixel(page, id, dx = 0, dy = 0) {
  return b.cellPixel(page, id, { origin: 'a8', neighbour: 'b8', dx, dy });
}
const greenish = ([r, g, bl]) => g > 120 && g > r + 50 && g > bl + 30;

const describe = (page) => page.evaluate(() => {
  const s = document.querySelector('#qipan').__qipan.state;
  return Qipan.engine.describe('beast', s.pos);
});

test('a new deal: the rules popup, 玩家先手, flips and moves by clicking, hidden pieces drawn face-down', async () => {
  const { page, errors, requests } = await openBeast();
  const card = await b.inApp(page, '.overlay .card').innerText();
  assert.match(card, /游戏规则/);
  assert.match(card, /猫可以吃龙/);
  assert.match(card, /同一局面第三次出现/);
  await b.screenshot(page, 'beast-rules');
  await b.inApp(page, '.overlay .card button.primary').click(); // 我知道了
  assert.equal(await toastText(page), '玩家先手');
  let s = await b.state(page);
  assert.match(s.status, /^turn \?/);
  assert.match(await b.inApp(page, '.info').innerText(), /翻出的颜色就是你的/);
  // Every cell is face-down: green tiles, nothing else drawn on them.
  for (const id of ['a8', 'd1', 'b5']) assert.ok(greenish(await pixel(page, id, 0.3, 0)), id);
  await b.clickTarget(page, 'b5');
  await b.idle(page);
  s = await b.state(page);
  assert.equal(s.ply, 2, 'flipped, and the computer answered');
  const view = await describe(page);
  const mine = view.cells.find((c) => c.at === 'b5');
  assert.equal(mine.state, 'up');
  assert.match(await b.inApp(page, '.status').innerText(), new RegExp(mine.colour === 'r' ? '红方' : '蓝方'));
  // Face-down cells stay green tiles; the flipped one is a token in its colour.
  const down = view.cells.filter((c) => c.state === 'down').map((c) => c.at);
  for (const id of down.slice(0, 6)) assert.ok(greenish(await pixel(page, id, 0.3, 0)), id);
  assert.ok(!greenish(await pixel(page, 'b5', 0.3, 0)));
  // A few more turns by clicking whatever the engine's level 2 would do.
  for (let i = 0; i < 4; i++) {
    const a = await page.evaluate((p) => Qipan.engine.ai('beast', p, { level: 2, seed: 3 }), (await b.state(page)).pos);
    await clickAction(page, a);
    await b.idle(page);
  }
  s = await b.state(page);
  assert.equal(s.ply, 10);
  assert.equal(await b.checkHistory(page), 'ok');
  assert.match(await b.inApp(page, '.info').innerText(), /上一步：/);
  await b.screenshot(page, 'beast-midgame');
  // Undo goes back to my previous turn.
  await b.inApp(page, '.controls button').first().click();
  await b.idle(page);
  assert.equal((await b.state(page)).ply, 8);
  // Hint: a ring and a toast naming the move.
  await b.inApp(page, '.controls button').nth(1).click();
  assert.match(await toastText(page), /^提示：/);
  assert.deepEqual(errors, []);
  assert.deepEqual(requests, []);
});

const LATE = 'T.../..../.T../..../..E./..../..../c..f r 0';

test('full games against levels 1, 2 and 3 by clicking, ending in the result dialog', async () => {
  const { page, errors, requests } = await openBeast();
  for (const level of [1, 2, 3]) {
    await load(page, { level, history: [LATE] });
    assert.equal((await b.state(page)).level, level);
    let s;
    let sawThinking = false;
    for (let i = 0; i < 80; i++) {
      await b.idle(page);
      s = await b.state(page);
      if (!/^turn/.test(s.status)) break;
      assert.equal(s.status, 'turn r', 'my turn (red) whenever the page is idle');
      const a = await page.evaluate((p) => Qipan.engine.ai('beast', p, { level: 3, seed: 1 }), s.pos);
      await clickAction(page, a);
      await b.until(async () => (await b.state(page)).busy !== 'animating', 3000);
      if ((await b.state(page)).busy === 'thinking') sawThinking = true;
    }
    assert.ok(!/^turn/.test(s.status), `the game against level ${level} ended`);
    assert.ok(sawThinking, 'the thinking state showed');
    assert.equal(await b.checkHistory(page), 'ok');
    const text = await resultDialog(page);
    if (s.status === 'win r') assert.match(text, /你赢了/);
    else assert.match(text, /平局|你输了/);
    assert.match(text, /退出游戏/);
    assert.match(text, /开始新局/);
    if (level === 3) await b.screenshot(page, 'beast-result-level3');
  }
  assert.deepEqual(errors, []);
  assert.deepEqual(requests, []);
});

/* Tiger and fox against an elephant and a cat, Blue to move: lost in 56
 * plies by the endgame tables. Level 3 before the tables drew it by the
 * 50-ply rule (78 plies) against this same defence. */
const TABLE_LOSS = '..../..../...T/..../..../..e./..../.F.c b 0';

test('an ending from the tables: a lost position opened by its link, the computer wins it', async () => {
  const link = 'beast/=' + TABLE_LOSS.replace(/\//g, '%2F').replace(/ /g, '+');
  const { page, errors } = await b.open(browser, b.fileUrl('web/index.html') + '#' + link);
  await b.idle(page);
  let s = await b.state(page);
  assert.equal(s.game, 'beast');
  assert.equal(s.status, 'turn b', 'I play the side to move, Blue');
  // The strongest computer reads the tables (a first visit starts at Medium, which does not).
  await b.inApp(page, '.level-row select').selectOption('3');
  await b.idle(page);
  // The hint knows the game is lost.
  const hint = await b.toastAfter(page, () => b.inApp(page, '.controls button').nth(1).click());
  assert.match(hint, /^提示：.*，必败：最多再走 \d+ 步$/);
  let captures = 0;
  for (let i = 0; i < 60 && /^turn b/.test(s.status); i++) {
    // My defence: the tables' longest (level 3's own choice for Blue).
    const a = await page.evaluate((p) => Qipan.engine.ai('beast', p, { level: 3, seed: 1 }), s.pos);
    await clickAction(page, a);
    await b.idle(page);
    s = await b.state(page);
    captures += / 0$/.test(s.pos.split(' ').slice(0, 3).join(' ')) ? 1 : 0;
  }
  assert.equal(s.status, 'win r', 'the computer converted the won ending');
  assert.ok(captures >= 1);
  assert.match(await resultDialog(page), /你输了/);
  assert.deepEqual(errors, []);
});

test('the computer with no move left resigns: 电脑认输了; a new game with the computer flipping first', async () => {
  const { page, errors } = await openBeast();
  // Blue's only piece, a cat in the corner, is boxed in by two tigers.
  await load(page, { level: 1, history: ['cT../T.../..../..../..../..../..../...C r 0'] });
  await clickAction(page, 'd1d2');
  await b.idle(page);
  const s = await b.state(page);
  assert.equal(s.status, 'win r');
  const text = await resultDialog(page);
  assert.match(text, /你赢了/);
  assert.match(text, /电脑认输了/);
  assert.match(text, /无棋可走/);
  await b.screenshot(page, 'beast-ai-resigns');
  await b.resultButton(page, '开始新局');
  const card = await b.inApp(page, '.overlay .card').innerText();
  assert.match(card, /谁先翻牌/);
  // This time the computer flips first (the button starts the game): its
  // piece's colour is its own.
  const flipsFirst = b.inApp(page, '.overlay .card button').filter({ hasText: '电脑先手' });
  assert.equal(await b.toastAfter(page, () => flipsFirst.click()), '电脑先手');
  await b.idle(page);
  const s2 = await b.state(page);
  assert.equal(s2.ply, 1);
  const view = await describe(page);
  assert.equal(view.last.kind, 'flip');
  const aiSide = view.last.piece === view.last.piece.toUpperCase() ? 'r' : 'b';
  assert.equal(s2.status, `turn ${aiSide === 'r' ? 'b' : 'r'}`, 'my turn, with the other colour');
  assert.match(await b.inApp(page, '.status').innerText(), new RegExp(`轮到你了.*${aiSide === 'r' ? '蓝方' : '红方'}`));
  assert.deepEqual(errors, []);
});

test('an enemy two squares away is out of reach: "Cannot move there!", not a refused capture', async () => {
  const { page, errors } = await openBeast({ locale: 'en-GB' });
  await load(page, { mode: 'pvp', history: ['..../..../.e../..../.T../..../..../.... r 0'] });
  await b.clickTarget(page, 'b4');
  await b.clickTarget(page, 'b6');
  assert.equal(await toastText(page), 'Cannot move there!');
  assert.equal((await b.state(page)).ply, 0);
  assert.deepEqual(errors, []);
});

test('two players in English: the original\'s toasts, then a capture', async () => {
  const { page, errors } = await openBeast({ locale: 'en-GB' });
  await load(page, { mode: 'pvp', history: ['..../.T../..../..../..../..c./..../Cf.. r 47'] });
  await b.clickTarget(page, 'c3'); // Blue's cat, Red to move
  assert.equal(await toastText(page), 'That is not your piece');
  await b.clickTarget(page, 'a1');
  assert.equal((await b.state(page)).selected, 'a1');
  await b.clickTarget(page, 'c1');
  assert.equal(await toastText(page), 'Cannot move there!');
  assert.equal((await b.state(page)).selected, null, 'a refused move drops the selection');
  await b.clickTarget(page, 'a1');
  await b.clickTarget(page, 'b1'); // a cat cannot take a fox
  assert.equal(await toastText(page), 'Cannot capture that!');
  assert.equal((await b.state(page)).ply, 0);
  await clickAction(page, 'b7b6');
  await b.idle(page);
  await clickAction(page, 'b1a1'); // the fox takes the cat
  await b.idle(page);
  let view = await describe(page);
  assert.equal(view.last.kind, 'capture');
  assert.equal(view.hp.r, 12);
  assert.match(await b.inApp(page, '.info').innerText(), /Blue fox b1→a1 took Red cat/);
  await b.screenshot(page, 'beast-pvp-en');
  assert.deepEqual(errors, []);
});

test('a 50-move draw says why; undo takes one move back with two players', async () => {
  const { page, errors } = await openBeast();
  await load(page, { mode: 'pvp', history: ['..../.T../..../..../..../..c./..../Cf.. r 48'] });
  await clickAction(page, 'a1a2');
  await b.idle(page);
  await clickAction(page, 'c3c4');
  await b.idle(page);
  assert.equal((await b.state(page)).status, 'draw');
  const text = await resultDialog(page);
  assert.match(text, /平局/);
  assert.match(text, /连续 50 步没有翻棋或吃子/);
  await b.screenshot(page, 'beast-draw');
  const buttons = await b.inApp(page, '.result-box button').allInnerTexts();
  assert.deepEqual(buttons, ['回放', '复盘', '退出游戏', '开始新局']);
  await b.inApp(page, '.controls button').first().click(); // undo
  await b.idle(page);
  assert.equal((await b.state(page)).ply, 1);
  assert.match(await b.inApp(page, '.info').innerText(), /连续 49\/50 步没有翻棋或吃子/);
  assert.deepEqual(errors, []);
});

test('the keyboard alone: arrows and Enter/Space select, move and flip', async () => {
  const { page, errors } = await openBeast();
  await load(page, { mode: 'pvp', history: ['..../..../..../..../..../..../?c.../T... r 0'] });
  await b.inApp(page, 'canvas[role=application]').focus();
  await b.keyTo(page, 'a1');
  await page.keyboard.press('Enter');
  assert.equal((await b.state(page)).selected, 'a1');
  await page.keyboard.press('ArrowRight');
  assert.equal((await b.state(page)).cursor, 'b1');
  await page.keyboard.press(' ');
  await b.idle(page);
  let s = await b.state(page);
  assert.equal(s.ply, 1);
  assert.match(s.pos, /^(\.\.\.\.\/){6}\?c\.\.\.\/\.T\.\. b /);
  await b.keyTo(page, 'a2');
  await page.keyboard.press(' '); // Blue flips its cat
  await b.idle(page);
  s = await b.state(page);
  assert.equal(s.ply, 2);
  assert.equal((await describe(page)).cells.find((c) => c.at === 'a2').piece, 'c');
  assert.deepEqual(errors, []);
});

test('on a phone, taps flip, select and move, in Chinese and English', async () => {
  for (const locale of ['zh-CN', 'en-US']) {
    const { page, errors, context } = await b.open(browser, b.fileUrl('web/index.html'), {
      viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale,
    });
    await b.idle(page);
    await b.inApp(page, '.picker button[data-game=beast]').tap();
    await b.idle(page);
    await b.screenshot(page, `beast-phone-rules-${locale}`);
    await b.inApp(page, '.overlay .card button.primary').tap();
    const box = await b.inApp(page, 'canvas[role=application]').boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390, JSON.stringify(box));
    const tap = async (id) => {
      const p = await page.evaluate((t) => document.querySelector('#qipan').__qipan.targetPoint(t), id);
      await page.touchscreen.tap(p.x, p.y);
    };
    await tap('c4');
    await b.idle(page);
    assert.equal((await b.state(page)).ply, 2, 'flipped, and the computer answered');
    // A late position: select a tiger by tapping (it lifts), then move it.
    await load(page, { level: 1, history: [LATE] });
    await tap('b6');
    assert.equal((await b.state(page)).selected, 'b6');
    await b.screenshot(page, `beast-phone-${locale}`);
    await tap('b5');
    await b.idle(page);
    const s = await b.state(page);
    assert.equal(s.ply, 2);
    assert.match(s.history[1], /^T\.\.\.\/\.\.\.\.\/\.\.\.\.\/\.T\.\./);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('level, mode and the piece settings survive a reload', async () => {
  const { page, errors } = await openBeast();
  await b.inApp(page, '.overlay .card button.primary').click();
  await b.inApp(page, '.bar button[aria-label="设置"]').click();
  const pick = async (label, value) => {
    const id = await b.inApp(page, '.form label').filter({ hasText: label }).first().getAttribute('for');
    const input = b.inApp(page, `.form #${id}`);
    if (typeof value === 'boolean') await input.setChecked(value);
    else await input.selectOption(value);
  };
  await pick('电脑等级', '1');
  await pick('棋子上显示等级数字', false);
  await pick('配色', 'cb');
  await b.inApp(page, '.card button.primary').click();
  await b.idle(page);
  await b.clickTarget(page, 'a1');
  await b.idle(page);
  const before = await b.state(page);
  assert.equal(before.ply, 2);
  await page.reload();
  await b.idle(page);
  const after = await b.state(page);
  assert.equal(after.game, 'beast');
  assert.equal(after.pos, before.pos);
  assert.equal(after.level, 1);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('qipan')));
  assert.equal(stored.games.beast.settings.ranks, false);
  assert.equal(stored.palette, 'cb');
  await b.screenshot(page, 'beast-colourblind');
  assert.deepEqual(errors, []);
});
