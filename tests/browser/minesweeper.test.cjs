// Minesweeper on the page from file://: whole games by clicking, by keyboard
// and by touch, flags, chords, hints, odds, auto-play, no-guess boards,
// records that survive a reload. The engine's analysis (and, where nothing
// is certain, the hidden layout the page's POS carries) picks the cells, so
// every game ends the way the test wants; the clicks are real.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const b = require('./browser.cjs');

let browser;
test.before(async () => { browser = await b.launch(); });
test.after(async () => { await browser.close(); });

const ID = 'minesweeper';

/* Seeds the page's Math.random, so the shell's game seeds repeat, and
 * counts vibrations. */
function init(seed) {
  return `(function () {
    let s = ${seed} >>> 0;
    Math.random = function () {
      s = (s + 0x6D2B79F5) | 0;
      let t = Math.imul(s ^ (s >>> 15), 1 | s);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    window.__vibrations = 0;
    navigator.vibrate = function () { window.__vibrations++; return true; };
    // What the page asks its AI worker.
    window.__asked = [];
    const W = window.Worker;
    window.Worker = function (url, o) {
      const w = new W(url, o), post = w.postMessage.bind(w);
      w.postMessage = function (m) { window.__asked.push(m); post(m); };
      return w;
    };
  })();`;
}

const openGame = (options = {}) => b.openGame(browser, ID, { init: init(options.seed || 1), ...options });

const describe = (page) => page.evaluate(() => {
  const s = document.querySelector('#qipan').__qipan.state;
  return Qipan.engine.describe(s.game, s.pos);
});
const analyze = (page) => page.evaluate(() => {
  const s = document.querySelector('#qipan').__qipan.state;
  return Qipan.engine.analyze(s.game, s.pos, { level: 3 });
});
const apply = (page, pos, action) => page.evaluate(([p, a]) => Qipan.engine.apply('minesweeper', p, a), [pos, action]);

/* The hidden layout from the page's POS: true where a mine is. */
function mines(pos) {
  const rows = pos.split(' ')[2];
  return rows ? rows.replace(/\//g, '').split('').map((c) => '*FQX'.includes(c)) : null;
}

async function click(page, cell, options) {
  const before = (await b.state(page)).ply;
  await b.clickTarget(page, cell, '#qipan', options);
  await b.idle(page);
  return (await b.state(page)).ply - before;
}

/* A hidden cell to open: certain when the engine knows one, else the
 * engine's best guess or any cell, as long as the layout says it is safe. */
async function safeCell(page) {
  const s = await b.state(page);
  const a = await analyze(page);
  const v = await describe(page);
  const hidden = (i) => v.cells[i] === '.' || v.cells[i] === '?';
  const safe = a.safe.filter(hidden);
  if (safe.length) return { cell: safe[0], certain: true };
  const m = mines(s.pos);
  if (!m[a.cell] && hidden(a.cell)) return { cell: a.cell, certain: false };
  return { cell: v.cells.split('').findIndex((c, i) => hidden(i) && !m[i]), certain: false };
}

/* Sets one of the Chinese settings dialog's check boxes. */
async function tick(page, label, on) {
  await b.inApp(page, '.bar button[aria-label="设置"]').click();
  await b.inApp(page, `.form label:has-text("${label}") + input`).setChecked(on);
  await b.inApp(page, '.card button.primary').click();
  await b.idle(page);
}

/* Custom size: the size menu's last entry, then columns, rows, mines. */
async function customBoard(page, w, h, m) {
  await b.inApp(page, '.extra select').selectOption('custom');
  await b.inApp(page, '#ms-w').fill(String(w));
  await b.inApp(page, '#ms-h').fill(String(h));
  await b.inApp(page, '#ms-m').fill(String(m));
  await b.inApp(page, '.overlay .card button.primary').click();
  // A game in progress goes only when the player says so.
  if (await b.inApp(page, '.overlay .card').filter({ hasText: '开始新的一局' }).count()) {
    await b.confirmNewGame(page);
  }
  await b.idle(page);
}

const result = (page) => b.resultText(page);

test('beginner won by clicking: safe cells from the analysis, right-click flags, chords on numbers, best time kept', async () => {
  const { page, errors, requests } = await openGame({ seed: 7 });
  assert.match(await b.inApp(page, '.status').innerText(), /点任意格子开始 · 10 颗雷/);
  await b.screenshot(page, 'minesweeper-start');
  assert.equal(await click(page, 40), 1, 'the first click opens');
  let v = await describe(page);
  assert.equal(v.started, true);
  let flags = 0, chords = 0;
  for (let step = 0; step < 120 && v.status === 'playing'; step++) {
    const a = await analyze(page);
    // Flag a certain mine now and then, by right click...
    const toFlag = a.mines.filter((i) => v.cells[i] === '.');
    if (toFlag.length && step % 2 === 0) {
      assert.equal(await click(page, toFlag[0], { button: 'right' }), 1);
      assert.equal((await describe(page)).cells[toFlag[0]], 'f');
      flags++;
    } else if (v.chord.length) {
      // ...chord on a number whose flags are complete, by clicking it...
      const pos = (await b.state(page)).pos;
      const x = v.chord[0] % v.w, y = Math.floor(v.chord[0] / v.w);
      assert.equal(await click(page, v.chord[0]), 1);
      assert.equal((await b.state(page)).pos, await apply(page, pos, `c ${x},${y}`), 'a chord');
      chords++;
    } else {
      // ...else open a safe cell.
      assert.equal(await click(page, (await safeCell(page)).cell), 1);
    }
    v = await describe(page);
    if (step === 6) await b.screenshot(page, 'minesweeper-midgame');
  }
  assert.equal(v.status, 'won');
  assert.ok(flags >= 1 && chords >= 1, `flags ${flags}, chords ${chords}`);
  const text = await result(page);
  assert.match(text, /你赢了/);
  assert.match(text, /用时 \d+\.\d\d 秒/);
  assert.match(text, /新纪录/);
  await b.screenshot(page, 'minesweeper-won');
  assert.equal(await b.checkHistory(page), 'ok');
  // The best time and the record survive a reload.
  await page.reload();
  await b.idle(page);
  assert.match(await b.inApp(page, '.info').innerText(), /初级 9×9 · 10 颗雷 · 首击不踩雷 · 最佳 \d+\.\d\d 秒/);
  await b.inApp(page, '.extra button.ms-stats').click();
  const stats = await b.inApp(page, '.overlay .card').innerText();
  assert.match(stats, /初级 · 首击不踩雷\s+1\/1\s+100%\s+\d+\.\d\d s\s+1 \/ 1/);
  await b.screenshot(page, 'minesweeper-stats');
  assert.deepEqual(errors, []);
  assert.deepEqual(requests, []);
});

test('a lost game shows every mine, the exploded one and wrong flags; the face restarts', async () => {
  const { page, errors } = await openGame({ seed: 3, locale: 'en-GB' });
  assert.equal(await click(page, 40), 1);
  let v = await describe(page);
  const m = mines((await b.state(page)).pos);
  const safe = v.cells.split('').findIndex((c, i) => c === '.' && !m[i]);
  const mine = m.findIndex((x, i) => x && i !== safe);
  assert.equal(await click(page, safe, { button: 'right' }), 1, 'a wrong flag');
  assert.equal(await click(page, mine), 1, 'the mine');
  v = await describe(page);
  assert.equal(v.status, 'lost');
  assert.equal(v.cells[mine], 'X');
  assert.equal(v.cells[safe], 'w');
  assert.equal(v.cells.split('').filter((c) => c === '*').length, v.mines - 1);
  const text = await result(page);
  assert.match(text, /You lose/);
  assert.match(text, /you opened a mine/);
  assert.match(text, /Won 0 of 1/);
  // The result under the controls: review (a loss), a new game; the board stays in view.
  await b.screenshot(page, 'minesweeper-lost-en');
  // Clicks on the board do nothing now; the face starts a new board.
  assert.equal(await click(page, safe), 0);
  const before = (await b.state(page)).pos;
  await b.clickTarget(page, 'face');
  await b.idle(page);
  const s = await b.state(page);
  assert.equal(s.ply, 0);
  assert.notEqual(s.pos, before);
  assert.equal(s.status, 'playing');
  // A hint makes the game a helped one: its loss is not counted.
  await b.inApp(page, '.controls button:has-text("Hint")').click();
  assert.ok(await b.until(async () => /Hint: the first click is always safe/.test(await b.inApp(page, '.toast').innerText())),
    'the hint before the first click');
  await click(page, 40);
  await click(page, mines((await b.state(page)).pos).findIndex((x) => x));
  assert.match(await result(page), /Helped game.*not counted/);
  await b.inApp(page, '.extra button.ms-stats').click();
  assert.match(await b.inApp(page, '.overlay .card').innerText(), /0\/1/, 'still one game played');
  assert.deepEqual(errors, []);
});

test('chords by left+right together and by the middle button', async () => {
  const { page, errors } = await openGame({ seed: 11 });
  // Without chords on a plain click, only the two buttons or the middle one chord.
  await tick(page, '点数字快速翻开周围', false);
  await click(page, 40);
  /* Flags certain mines (opening safe cells meanwhile) until a number is
   * ready to chord; returns it. */
  const ready = async () => {
    for (let k = 0; k < 40; k++) {
      const v = await describe(page);
      if (v.chord.length) return v.chord[0];
      const flag = (await analyze(page)).mines.find((i) => v.cells[i] === '.');
      if (flag !== undefined) await click(page, flag, { button: 'right' });
      else await click(page, (await safeCell(page)).cell);
    }
    return assert.fail('no chord came up');
  };
  const chordWith = async (press) => {
    const cell = await ready(), v = await describe(page), pos = (await b.state(page)).pos;
    await press(await page.evaluate((c) => document.querySelector('#qipan').__qipan.targetPoint(c), String(cell)));
    await b.idle(page);
    const x = cell % v.w, y = Math.floor(cell / v.w);
    assert.equal((await b.state(page)).pos, await apply(page, pos, `c ${x},${y}`));
  };
  assert.equal(await click(page, await ready()), 0, 'a plain click on a number does nothing now');
  await chordWith(async (p) => {
    await page.mouse.move(p.x, p.y);
    await page.mouse.down({ button: 'left' });
    await page.mouse.down({ button: 'right' });
    await page.mouse.up({ button: 'right' });
    await page.mouse.up({ button: 'left' });
  });
  await chordWith(async (p) => page.mouse.click(p.x, p.y, { button: 'middle' }));
  // A right click on a number does nothing.
  const v = await describe(page);
  const number = v.cells.split('').findIndex((c) => /[1-8]/.test(c));
  assert.equal(await click(page, number, { button: 'right' }), 0);
  assert.deepEqual(errors, []);
});

test('keyboard alone: arrows, Enter opens, F flags, Space chords, to a win', async () => {
  const { page, errors } = await openGame({ seed: 5 });
  await b.inApp(page, 'canvas[role=application]').focus();
  const key = async (cell, k) => {
    const before = (await b.state(page)).ply;
    await b.keyTo(page, cell);
    await page.keyboard.press(k);
    await b.idle(page);
    return (await b.state(page)).ply - before;
  };
  assert.equal(await key(40, 'Enter'), 1);
  let v = await describe(page), flagged = 0, chorded = 0;
  for (let step = 0; step < 150 && v.status === 'playing'; step++) {
    const a = await analyze(page);
    const flag = a.mines.find((i) => v.cells[i] === '.');
    if (flag !== undefined && flagged < 3) {
      assert.equal(await key(flag, 'f'), 1);
      assert.equal((await describe(page)).cells[flag], 'f');
      flagged++;
    } else if (v.chord.length && chorded < 2) {
      assert.equal(await key(v.chord[0], ' '), 1);
      chorded++;
    } else {
      assert.equal(await key((await safeCell(page)).cell, step % 2 ? 'Enter' : ' '), 1);
    }
    v = await describe(page);
    if (step === 4) await b.screenshot(page, 'minesweeper-keyboard');
  }
  assert.equal(v.status, 'won');
  assert.ok(flagged >= 1, 'F flagged');
  await result(page);
  assert.equal(await b.checkHistory(page), 'ok');
  // The face is on the keyboard's path too: up from the top row, Enter.
  await b.inApp(page, 'canvas[role=application]').focus();
  await b.keyTo(page, 'face');
  await page.keyboard.press('Enter');
  await b.idle(page);
  assert.equal((await b.state(page)).ply, 0, 'a new board');
  assert.deepEqual(errors, []);
});

test('on a phone Expert turns, its cells a fingertip wide, scrolling inside its frame; tap opens, long press flags with a vibration, the flag/dig toggle', async () => {
  const { page, errors } = await openGame({ seed: 13, viewport: { width: 390, height: 844 }, isMobile: true,
    hasTouch: true, deviceScaleFactor: 3 });
  await b.inApp(page, '.extra select').selectOption('expert');
  await b.idle(page);
  const box = await b.inApp(page, 'canvas[role=application]').boundingBox();
  assert.ok(box.height > box.width, 'turned: 16 columns by 30 rows');
  // The board is larger than the phone: its frame scrolls, the page and the
  // controls stay where they are.
  const frame = await page.evaluate(() => {
    const w = document.querySelector('#qipan').shadowRoot.querySelector('.stage-wrap');
    const r = w.getBoundingClientRect();
    return { right: r.right, bottom: r.bottom, scrolls: w.scrollHeight > w.clientHeight && w.scrollWidth > w.clientWidth };
  });
  assert.ok(frame.scrolls && frame.right <= 390, JSON.stringify(frame));
  const controls = await b.inApp(page, '.controls').boundingBox();
  assert.ok(controls.y + controls.height <= 844, `the controls in view: ${JSON.stringify(controls)}`);
  // Cells of at least 28 px: the distance between two neighbouring targets.
  const p = (id) => page.evaluate((c) => document.querySelector('#qipan').__qipan.targetPoint(c, true), String(id));
  const a0 = await p(0), a1 = await p(1);
  assert.ok(Math.hypot(a1.x - a0.x, a1.y - a0.y) >= 28, JSON.stringify([a0, a1]));
  assert.ok(Math.abs(a1.x - a0.x) < 1, 'x runs down the screen');
  const c = await p(8 * 30 + 15);
  await page.touchscreen.tap(c.x, c.y);
  await b.idle(page);
  let v = await describe(page);
  assert.notEqual(v.cells[8 * 30 + 15], '.', 'a tap opens that cell');
  const m = mines((await b.state(page)).pos);
  const hidden = v.cells.split('').map((ch, i) => ch === '.' ? i : -1).filter((i) => i >= 0);
  // Long press: a flag, a vibration and the ring.
  const cdp = await page.context().newCDPSession(page);
  const longPress = async (cell) => {
    const q = await p(cell);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: q.x, y: q.y }] });
    await page.waitForTimeout(600);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await b.idle(page);
  };
  await longPress(hidden[0]);
  assert.equal((await describe(page)).cells[hidden[0]], 'f');
  assert.equal(await page.evaluate(() => window.__vibrations), 1);
  assert.equal((await b.state(page)).ply, 2, 'the long press did not also open');
  await b.screenshot(page, 'minesweeper-phone-expert');
  // The toggle (shown on touch screens): taps flag, a long press opens.
  const toggle = b.inApp(page, '.extra button.ms-flag');
  assert.ok(await toggle.isVisible());
  await toggle.tap();
  assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
  const q = await p(hidden[1]);
  await page.touchscreen.tap(q.x, q.y);
  await b.idle(page);
  assert.equal((await describe(page)).cells[hidden[1]], 'f', 'a tap flags in flag mode');
  const safe = hidden.find((i) => i > 1 && !m[i] && (v.cells[i] === '.'));
  await longPress(safe);
  assert.notEqual((await describe(page)).cells[safe], '.', 'a long press opens in flag mode');
  await toggle.tap();
  assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
  await b.screenshot(page, 'minesweeper-phone-flags');
  assert.deepEqual(errors, []);
});

test('no-guess boards: every step has a certain cell; an impossible density offers another board', async () => {
  const { page, errors } = await openGame({ seed: 17 });
  await tick(page, '无需猜测的棋盘', true);
  assert.match((await b.state(page)).pos, /^9x9\/10:zero,noguess /);
  await b.inApp(page, '.extra select').selectOption('intermediate');
  await b.idle(page);
  assert.equal(await click(page, 8 * 16 + 8), 1);
  let v = await describe(page);
  for (let step = 0; step < 300 && v.status === 'playing'; step++) {
    const a = await analyze(page);
    const safe = a.safe.filter((i) => v.cells[i] === '.');
    assert.ok(safe.length, `step ${step}: a certain cell`);
    assert.equal(await click(page, safe[0]), 1);
    v = await describe(page);
  }
  assert.equal(v.status, 'won');
  await result(page);
  // 130 mines on 16x16 leave no layout without a guess: the page says so.
  await customBoard(page, 16, 16, 130);
  assert.match((await b.state(page)).pos, /^16x16\/130:zero,noguess /);
  assert.equal(await click(page, 8 * 16 + 8), 0, 'refused');
  const text = await b.dialogText(page);
  assert.match(text, /没找到无需猜测的棋盘/);
  const seedBefore = (await b.state(page)).pos;
  await b.inApp(page, '.overlay .card button.primary').click(); // another board, same click
  await b.idle(page);
  assert.notEqual((await b.state(page)).pos, seedBefore, 'a new seed');
  assert.match(await b.dialogText(page), /没找到无需猜测的棋盘/, 'still none: asked again');
  await b.screenshot(page, 'minesweeper-noguess-refused');
  assert.deepEqual(errors, []);
});

test('Expert on a desktop: hint with its odds, the odds overlay, computer steps; custom sizes checked', async () => {
  const { page, errors, requests } = await openGame({ seed: 19, viewport: { width: 1280, height: 900 } });
  await b.inApp(page, '.extra select').selectOption('expert');
  await b.idle(page);
  const box = await b.inApp(page, 'canvas[role=application]').boundingBox();
  // The board takes the room it has (it was held to 720 px with 23 px cells).
  assert.ok(box.width > 760 && box.width > box.height, JSON.stringify(box));
  assert.ok(box.y + box.height <= 900, 'the whole board in the window');
  const a0 = await page.evaluate(() => document.querySelector('#qipan').__qipan.targetPoint('0'));
  const a1 = await page.evaluate(() => document.querySelector('#qipan').__qipan.targetPoint('1'));
  assert.ok(a1.x - a0.x >= 28, `cells of 28 px or more: ${a1.x - a0.x}`);
  await click(page, 8 * 30 + 15);
  await b.inApp(page, '.controls button:has-text("提示")').click();
  await b.until(async () => /提示：/.test(await b.inApp(page, '.toast').innerText()));
  assert.match(await b.inApp(page, '.toast').innerText(), /提示：.*第\d+行第\d+列/);
  await page.waitForTimeout(200);
  await b.screenshot(page, 'minesweeper-hint');
  await b.inApp(page, '.extra button.ms-probs').click();
  await page.waitForTimeout(500);
  await b.screenshot(page, 'minesweeper-odds');
  // One computer step, then auto-play for a while.
  const ply = (await b.state(page)).ply;
  await b.inApp(page, '.extra button.ms-step').click();
  assert.ok(await b.until(async () => (await b.state(page)).ply === ply + 1), 'one computer step');
  await b.idle(page);
  await b.inApp(page, '.extra button.ms-auto').click();
  assert.ok(await b.until(async () => {
    const s = await b.state(page);
    return s.ply >= ply + 6 || s.status !== 'playing';
  }, 15000), 'auto-play goes on');
  await b.inApp(page, '.extra button.ms-auto').click();
  await b.idle(page);
  const s = await b.state(page);
  await page.waitForTimeout(800);
  assert.equal((await b.state(page)).ply, s.ply, 'auto-play stopped');
  assert.equal(await b.checkHistory(page), 'ok');
  // Custom: out-of-range sides are refused; a good size makes a new board.
  if (await b.inApp(page, '.overlay').count()) await b.inApp(page, '.overlay .card button:not(.primary)').first().click();
  await b.inApp(page, '.extra select').selectOption('custom');
  await b.inApp(page, '#ms-w').fill('3');
  assert.match(await b.inApp(page, '.ms-note').innerText(), /5 到 64/);
  await b.inApp(page, '.overlay .card button.primary').click();
  assert.match((await b.state(page)).pos, /^30x16\/99/, 'refused');
  // Refused inside the dialog: it stays open, the allowed range in red.
  assert.equal(await b.inApp(page, '#ms-w').count(), 1, 'the dialog stays open');
  assert.match(await b.inApp(page, '.ms-note').getAttribute('class'), /\bbad\b/);
  await b.inApp(page, '.overlay .card button:not(.primary)').first().click();
  await customBoard(page, 20, 10, 50);
  assert.match((await b.state(page)).pos, /^20x10\/50:safe /);
  assert.deepEqual(errors, []);
  assert.deepEqual(requests, []);
});

test('settings survive a reload: first-click rule, question marks, size and level', async () => {
  const { page, errors } = await openGame({ seed: 23, locale: 'en-US' });
  await b.inApp(page, '.bar button[aria-label="Settings"]').click();
  const form = b.inApp(page, '.form');
  assert.doesNotMatch(await form.innerText(), /Mode/, 'no two-player mode for one player');
  await b.inApp(page, '.form label:has-text("Hint and auto-play level") + select').selectOption('2');
  await b.inApp(page, '.form label:has-text("First click") + select').selectOption('zero');
  await b.inApp(page, '.form label:has-text("Question marks") + input').check();
  await b.inApp(page, '.card button.primary').click();
  await b.idle(page);
  await b.inApp(page, '.extra select').selectOption('intermediate');
  await b.idle(page);
  await click(page, 100);
  await page.waitForTimeout(1500); // the clock runs from the first open
  await click(page, (await describe(page)).cells.indexOf('.'), { button: 'right' });
  const cell = (await describe(page)).cells.indexOf('f');
  const savedAfter = Date.now(); // the clock is saved with this click
  await click(page, cell, { button: 'right' });
  assert.equal((await describe(page)).cells[cell], '?', 'flag, then a question mark');
  const before = await b.state(page);
  const clock = () => page.evaluate(() => JSON.parse(localStorage.getItem('qipan')).games.minesweeper.extra.game.ms);
  const ms = await clock();
  assert.ok(ms >= 1500, `the clock ran: ${ms}`);
  await page.reload();
  await b.idle(page);
  const after = await b.state(page);
  assert.equal(after.pos, before.pos);
  await click(page, cell, { button: 'right' });
  assert.equal((await describe(page)).cells[cell], '.', 'the question mark cycles back');
  const again = await clock();
  // On from where it was: not from 0, and by no more than the time that
  // has passed since it was saved (however loaded the machine; 1 ms for
  // the rounding).
  assert.ok(again >= ms && again - ms <= Date.now() - savedAfter + 1, `the clock went on from ${ms}: ${again}`);
  await page.reload();
  await b.idle(page);
  assert.match(after.pos, /^16x16\/40:zero,qmarks /);
  assert.equal(after.level, 2);
  // The level applies to the hint.
  await b.inApp(page, '.controls button:has-text("Hint")').click();
  assert.ok(await b.until(() => page.evaluate(() => window.__asked.some((m) => m.method === 'aiInfo'))));
  const asked = await page.evaluate(() => window.__asked.filter((m) => m.method === 'aiInfo'));
  assert.equal(asked[0].args[2].level, 2);
  await b.inApp(page, '.bar button[aria-label="Settings"]').click();
  assert.equal(await b.inApp(page, '.form label:has-text("First click") + select').inputValue(), 'zero');
  assert.equal(await b.inApp(page, '.form label:has-text("Question marks") + input').isChecked(), true);
  assert.equal(await b.inApp(page, '.extra select').inputValue(), 'intermediate');
  assert.deepEqual(errors, []);
});

test('stored records that are not ours are ignored', async () => {
  const junk = JSON.stringify({ v: 1, lastGame: 'minesweeper', games: { minesweeper: {
    extra: { stats: { 'beginner:safe': { played: 2, won: 5, streak: 0, bestStreak: 0, best: 1 },
      'evil key': { played: 1, won: 1, streak: 1, bestStreak: 1, best: 5 },
      'expert:zero': { played: 3, won: 1, streak: 1, bestStreak: 1, best: 61234 } },
    game: { key: 42, ms: 'x' } } } } });
  const { page, errors } = await b.open(browser, b.fileUrl('web/index.html'), {
    init: `localStorage.setItem('qipan', ${JSON.stringify(junk)});`,
  });
  await b.idle(page);
  await b.inApp(page, '.extra button.ms-stats').click();
  const text = await b.inApp(page, '.overlay .card').innerText();
  assert.doesNotMatch(text, /evil|初级/);
  assert.match(text, /高级 · 首击必开一片\s+1\/3\s+33%\s+61\.23 s/);
  await b.inApp(page, '.overlay .card button.primary').click();
  // More flags than mines: the counter goes below zero.
  for (let c = 0; c < 11; c++) await b.clickTarget(page, c, '#qipan', { button: 'right' });
  await b.idle(page);
  assert.match(await b.inApp(page, '.status').innerText(), /剩余 -1 颗雷/);
  // A card belongs to this game: switching games closes it.
  await b.inApp(page, '.extra button.ms-stats').click();
  await b.inApp(page, '.picker button[data-game=ponghauqi]').click();
  assert.equal(await b.inApp(page, '.overlay').count(), 0);
  assert.deepEqual(errors, []);
});

test('a board won by its first click shows the time, counts the win, and sets no best time', async () => {
  const { page, errors } = await openGame({ seed: 3 });
  await page.evaluate(() => {
    localStorage.setItem('qipan', JSON.stringify({ v: 1, lastGame: 'minesweeper', games: { minesweeper: {
      settings: { preset: 'custom', customW: 5, customH: 5, customM: 1, rule: 'zero' } } } }));
  });
  await page.reload();
  await b.idle(page);
  assert.match((await b.state(page)).pos, /^5x5\/1:zero /);
  // On 5x5 with one mine, an opening first click clears every safe cell.
  await click(page, 12);
  assert.equal((await b.state(page)).status, 'won');
  const text = await result(page);
  assert.match(text, /用时 \d+\.\d\d 秒/);
  assert.match(text, /第一下就赢了：不计最佳时间/);
  assert.match(text, /本局计入统计/);
  assert.doesNotMatch(text, /新纪录/);
  const stats = await page.evaluate(() =>
    JSON.parse(localStorage.getItem('qipan')).games.minesweeper.extra.stats['5x5/1:zero']);
  assert.deepEqual([stats.played, stats.won, stats.best], [1, 1, null]);
  // Reloaded after the end, the card still shows the time and that it counts.
  await page.reload();
  await b.idle(page);
  const again = await result(page);
  assert.match(again, /用时 \d+\.\d\d 秒[\s\S]*本局计入统计/);
  assert.deepEqual(errors, []);
});
