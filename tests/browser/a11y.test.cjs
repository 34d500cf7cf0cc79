// Accessibility: axe-core finds no serious or critical violation on any
// game (desktop and phone, Chinese and English, light and dark); every
// board is a grid with a named cell for every point; a tic-tac-toe game
// and a minesweeper board are played by keyboard alone, every move read
// from the live region.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const b = require('./browser.cjs');

const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const GAMES = { tictactoe: 9, gomoku: 225, connect4: 42, minesweeper: 81, ponghauqi: 5, beast: 32 };
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

let browser;
test.before(async () => { browser = await b.launch(); });
test.after(async () => { await browser.close(); });

/* The serious and critical violations axe finds on the page now, one line each. */
async function axeProblems(page) {
  // Evaluated as the debugger does: the page's CSP (tools/csp.cjs) refuses a <script> it does not name.
  if (!(await page.evaluate(() => !!window.axe))) await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' > ')).join(' | ')}`);
  });
  return found;
}

/* The names of the board grid's cells, and its rows. */
async function gridCells(page) {
  return page.evaluate(() => {
    const grid = document.querySelector('#qipan').shadowRoot.querySelector('[role=grid]');
    const rows = Array.from(grid.querySelectorAll('[role=row]'));
    return { label: grid.getAttribute('aria-label'), rows: rows.length,
      names: rows.flatMap((r) => Array.from(r.querySelectorAll('[role=gridcell]')).map((c) => c.textContent)) };
  });
}

const SETUPS = [
  { name: 'desktop zh', lang: 'zh-CN', ...DESKTOP },
  { name: 'desktop en', lang: 'en-GB', ...DESKTOP },
  { name: 'phone zh', lang: 'zh-CN', ...PHONE },
  { name: 'phone en', lang: 'en-GB', ...PHONE },
  { name: 'desktop zh dark', lang: 'zh-CN', dark: true, ...DESKTOP },
  { name: 'phone en dark', lang: 'en-GB', dark: true, ...PHONE },
];

for (const setup of SETUPS) {
  test(`axe: no serious or critical violation on any game, ${setup.name}; every board a named grid`, async () => {
    const { page, context, errors } = await b.open(browser, b.fileUrl('web/index.html'),
      { ...setup, locale: setup.lang });
    if (setup.dark) await page.emulateMedia({ colorScheme: 'dark' });
    await b.idle(page);
    const problems = [];
    for (const [game, points] of Object.entries(GAMES)) {
      await b.inApp(page, `.picker button[data-game=${game}]`).click();
      await b.idle(page);
      for (const p of await axeProblems(page)) problems.push(`${game}: ${p}`);
      const grid = await gridCells(page);
      assert.equal(grid.names.length, points, `${game}: a cell for every point`);
      assert.ok(grid.label && grid.rows > 0, `${game}: a labelled grid of rows`);
      for (const name of grid.names) assert.match(name, /^\S.*[，,] ?\S/u, `${game}: "${name}" names where and what`);
    }
    // The cards: settings and Share.
    await b.inApp(page, '.bar button[aria-label="设置"], .bar button[aria-label="Settings"]').click();
    for (const p of await axeProblems(page)) problems.push(`settings: ${p}`);
    await page.keyboard.press('Escape');
    assert.equal(await b.inApp(page, '.card[aria-label^="设置"], .card[aria-label^="Settings"]').count(), 0,
      'Escape closes the settings');
    assert.match((await focused(page)).label, SETTINGS, 'the focus goes back to ⚙');
    await b.inApp(page, '.controls button').nth(3).click();
    for (const p of await axeProblems(page)) problems.push(`share: ${p}`);
    assert.deepEqual(problems, []);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

/* Records every text the move announcer says (window.__said). */
async function listen(page) {
  await page.evaluate(() => {
    const said = [];
    window.__said = said;
    const node = document.querySelector('#qipan').shadowRoot.querySelector('.main > .sr[aria-live]');
    new MutationObserver(() => { if (node.textContent) said.push(node.textContent); })
      .observe(node, { childList: true, characterData: true, subtree: true });
  });
}

// The settings button's name (it shows a drawn gear, no text).
const SETTINGS = /^(设置|Settings)$/;

const { focused, tabTo } = b;

/* Opens the page in English and picks `game` with Tab and Enter. */
async function pickedByKeyboard(game) {
  const opened = await b.open(browser, b.fileUrl('web/index.html'), { ...DESKTOP, locale: 'en-GB' });
  await b.idle(opened.page);
  await tabTo(opened.page, (f) => f.game === game);
  await opened.page.keyboard.press('Enter');
  await b.idle(opened.page);
  return opened;
}

/* Moves the grid's focus onto the cell named `key`, with the arrow keys. */
async function arrowTo(page, key) {
  for (let i = 0; i < 200; i++) {
    const at = await page.evaluate((goal) => {
      const grid = document.querySelector('#qipan').shadowRoot.querySelector('[role=grid]');
      const where = (node) => {
        const row = node.parentNode;
        return [Array.from(grid.children).indexOf(row), Array.from(row.children).indexOf(node)];
      };
      return { now: where(document.querySelector('#qipan').shadowRoot.activeElement),
        goal: where(grid.querySelector(`[data-key="${goal}"]`)) };
    }, key);
    const [dr, dc] = [at.goal[0] - at.now[0], at.goal[1] - at.now[1]];
    if (!dr && !dc) return;
    await page.keyboard.press(dr ? (dr > 0 ? 'ArrowDown' : 'ArrowUp') : (dc > 0 ? 'ArrowRight' : 'ArrowLeft'));
  }
  throw new Error('the arrows never reached ' + key);
}

test('tic-tac-toe by keyboard alone, every move read from the live region', async () => {
  const { page, errors } = await b.open(browser, b.fileUrl('web/index.html'), DESKTOP);
  await b.idle(page);
  await listen(page);
  // The start card has the focus: Enter starts (X, first).
  await tabTo(page, (f) => f.text === '开始游戏');
  await page.keyboard.press('Enter');
  await b.idle(page);
  const cell = await tabTo(page, (f) => f.role === 'gridcell');
  assert.match(cell.text, /^\d 号格，/);
  for (let i = 0; i < 9; i++) {
    const s = await b.state(page);
    if (!/^turn/.test(s.status)) break;
    if (i === 1) {
      // A refused move says why, in the message line (a live region of its own).
      const taken = (await gridCells(page)).names.findIndex((n) => !/，空$/.test(n));
      await arrowTo(page, String(taken + 1));
      await page.keyboard.press('Enter');
      assert.equal(await b.inApp(page, '.toast[role=status]').textContent(), '这里已经有棋子了');
    }
    const free = (await gridCells(page)).names.findIndex((n) => /，空$/.test(n));
    await arrowTo(page, String(free + 1));
    assert.equal((await b.state(page)).cursor, String(free + 1), 'the canvas cursor follows the grid');
    await page.keyboard.press(i % 2 ? ' ' : 'Enter');
    await b.idle(page);
  }
  const s = await b.state(page);
  assert.ok(!/^turn/.test(s.status), 'the game ended');
  const said = await page.evaluate(() => window.__said);
  const moves = said.filter((text) => /号格/.test(text));
  assert.equal(moves.length, s.ply, 'every move said: ' + said.join(' / '));
  moves.forEach((text, i) => assert.match(text, i % 2 ? /^电脑（O）：\d 号格（第\d行第\d列）/ : /^你（X）：\d 号格（第\d行第\d列）/));
  assert.match(said.at(-1), /(你输了|平局|你赢了)/, 'and the result');
  // The finished game's result, under the controls: reachable by Tab; no card covers the game.
  await b.resultText(page);
  await tabTo(page, (f) => f.text === '开始新局');
  assert.equal(await b.inApp(page, '.overlay').count(), 0, 'no card over the game');
  // The position read from a button too (a screen reader on a touch screen has no R key).
  await tabTo(page, (f) => f.text === '读出局面');
  await page.keyboard.press('Enter');
  assert.ok(await b.until(() => page.evaluate(() => /^(你输了|平局|你赢了).*。空 \d，X \d|X \d，/.test(window.__said.at(-1)))),
    'the position read: ' + (await page.evaluate(() => window.__said.at(-1))));
  assert.deepEqual(errors, []);
});

test('a minesweeper board by keyboard alone, following the hints, every move read', async () => {
  const { page, errors } = await pickedByKeyboard('minesweeper');
  await listen(page);
  const cell = await tabTo(page, (f) => f.role === 'gridcell');
  assert.match(cell.text, /^column \d, row \d, face down$/);
  const readHint = () => page.evaluate(() => {
    const toast = document.querySelector('#qipan').shadowRoot.querySelector('.toast.show');
    return toast ? toast.textContent : '';
  });
  for (let i = 0; i < 81; i++) {
    const s = await b.state(page);
    if (s.status !== 'playing') break;
    await page.keyboard.press('h');
    let hint = '';
    assert.ok(await b.until(async () => /column \d+, row \d+/.test(hint = await readHint()), 10000), 'a hint');
    const [, c, r] = /column (\d+), row (\d+)/.exec(hint);
    await arrowTo(page, String((r - 1) * 9 + (c - 1)));
    await page.keyboard.press(/flag/.test(hint) ? 'f' : 'Enter');
    await b.idle(page);
  }
  const s = await b.state(page);
  assert.ok(s.status !== 'playing', 'the board ended: ' + s.status);
  const said = await page.evaluate(() => window.__said);
  const moves = said.filter((text) => !/^Hint/.test(text));
  assert.equal(moves.length, s.ply, 'every move said: ' + said.join(' / '));
  for (const text of moves) {
    assert.match(text, /^(open|mark|open around) column \d, row \d(: (clear|\d mines? around|the mine you hit))?( You|$)/);
  }
  assert.match(said.at(-1), / You (win|lose)/, 'the last move and the result, said together');
  assert.match(moves[0], /: (clear|\d mines? around)$/, 'an opened cell says what it showed');
  // R reads the whole position.
  await b.resultText(page);
  await tabTo(page, (f) => f.role === 'gridcell');
  await page.keyboard.press('r');
  assert.ok(await b.until(() => page.evaluate(() => /face down: \d+|clear: \d+/.test(window.__said.at(-1)))),
    'the position read: ' + (await page.evaluate(() => window.__said.at(-1))));
  assert.deepEqual(errors, []);
});

test("the review's graph by keyboard: a slider over the plies that says the move shown", async () => {
  // x 5, o 1, x 9, o 2 (a blunder), x 8; o, the player, wins with 3 (review.test.cjs).
  const { page, errors } = await b.open(browser, b.fileUrl('web/index.html') + '#tictactoe/x/5.1.9.2.8',
    { ...DESKTOP, locale: 'en-GB' });
  await b.idle(page);
  await tabTo(page, (f) => f.role === 'gridcell');
  await arrowTo(page, '3');
  await page.keyboard.press('Enter');
  await b.idle(page);
  await tabTo(page, (f) => f.text === 'Review');
  await page.keyboard.press('Enter');
  const graph = b.inApp(page, 'canvas.review-graph:not([hidden])');
  await graph.waitFor({ timeout: 20000 });
  await graph.focus();
  await page.keyboard.press('Home');
  await b.idle(page);
  assert.equal((await b.state(page)).replay, 0);
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await b.idle(page);
  assert.equal((await b.state(page)).replay, 4);
  assert.equal(await graph.getAttribute('aria-valuenow'), '4');
  assert.match(await graph.getAttribute('aria-valuetext'),
    /^Replay: move 4 of 6\. Move 4 \(top middle \?\?\): X's chances \d+%\. Move 4 top middle: blunder\. Better: top right/);
  assert.deepEqual(await axeProblems(page), []);
  assert.deepEqual(errors, []);
});

test('200 % zoom (1280x900 seen as 640x450) and 320 px wide: every game reflows, nothing wider than the window', async () => {
  for (const viewport of [{ width: 640, height: 450 }, { width: 320, height: 450 }]) {
    const { page, context, errors } = await b.open(browser, b.fileUrl('web/index.html'),
      { viewport, deviceScaleFactor: 2, locale: 'en-GB' });
    await b.idle(page);
    for (const game of Object.keys(GAMES)) {
      await b.inApp(page, `.picker button[data-game=${game}]`).click();
      await b.idle(page);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
      assert.ok(wide <= 0, `${game} at ${viewport.width} px: ${wide} px too wide`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('the picker, settings and Share by keyboard alone: Tab reaches them, Escape closes, the focus comes back', async () => {
  const { page, errors } = await pickedByKeyboard('connect4');
  assert.equal((await b.state(page)).game, 'connect4');
  // Settings: change the mode with the keyboard, OK.
  await tabTo(page, (f) => SETTINGS.test(f.label));
  await page.keyboard.press('Enter');
  const mode = await tabTo(page, (f) => /vs computer/.test(f.text));
  assert.ok(mode);
  await page.keyboard.press('ArrowDown'); // two players
  await tabTo(page, (f) => f.text === 'OK');
  await page.keyboard.press('Enter');
  await b.idle(page);
  assert.equal((await b.state(page)).mode, 'pvp');
  assert.match((await focused(page)).label, SETTINGS, 'the focus back on ⚙');
  // Settings cover the game: the card takes the focus, and Tab goes round inside it.
  await page.keyboard.press('Enter');
  assert.ok(await b.until(() => page.evaluate(() =>
    !!document.querySelector('#qipan').shadowRoot.activeElement?.closest('.card'))), 'the settings take the focus');
  for (let i = 0; i < 16; i++) {
    await page.keyboard.press('Tab');
    assert.ok(await page.evaluate(() => !!document.querySelector('#qipan').shadowRoot.activeElement.closest('.card')),
      'Tab stays in the settings');
  }
  await page.keyboard.press('Escape');
  // Share: the card over the board takes the focus, Escape closes it.
  await tabTo(page, (f) => f.text === 'Share');
  await page.keyboard.press('Enter');
  await b.inApp(page, '.share').waitFor();
  assert.ok(await b.until(() => page.evaluate(() =>
    !!document.querySelector('#qipan').shadowRoot.activeElement.closest('.share'))), 'Share takes the focus');
  await page.keyboard.press('Escape');
  assert.equal(await b.inApp(page, '.share').count(), 0, 'Escape closes Share');
  assert.equal((await focused(page)).text, 'Share', 'the focus back on Share');
  assert.deepEqual(errors, []);
});

test('a connect four move says whose disc it is, in the colours of the game, ours and the computer\'s', async () => {
  const { page, errors } = await pickedByKeyboard('connect4');
  await listen(page);
  await tabTo(page, (f) => f.role === 'gridcell');
  await arrowTo(page, '3,5');
  await page.keyboard.press('Enter');
  await b.idle(page);
  assert.ok(await b.until(() => page.evaluate(() => window.__said.length >= 2)), 'both moves said');
  const said = await page.evaluate(() => window.__said);
  assert.equal(said[0], 'You (Red): column 4');
  assert.match(said[1], /^Computer \(Yellow\): column \d$/);
  assert.deepEqual(errors, []);
  // In Chinese, as the status line names the side ("轮到你了 (红方)").
  const zh = await b.open(browser, b.fileUrl('web/index.html'), { ...DESKTOP, locale: 'zh-CN' });
  await b.idle(zh.page);
  await b.inApp(zh.page, '.picker button[data-game=connect4]').click();
  await b.idle(zh.page);
  await listen(zh.page);
  await b.clickTarget(zh.page, '4');
  await b.idle(zh.page);
  assert.ok(await b.until(() => zh.page.evaluate(() => window.__said.length >= 2)), 'both moves said');
  const words = await zh.page.evaluate(() => window.__said);
  assert.equal(words[0], '你（红方）：第4列');
  assert.match(words[1], /^电脑（黄方）：第\d列$/);
  assert.deepEqual(zh.errors, []);
  await zh.context.close();
});

test('R on gomoku says the threats on the board at once, and what the engine sees after', async () => {
  // Black h8 i8 j8, an open three; White to move (the player).
  const { page, errors } = await b.open(browser, b.fileUrl('web/index.html') + '#gomoku/15x15+free/h8.a15.i8.a14.j8',
    { ...DESKTOP, locale: 'zh-CN' });
  await b.idle(page);
  await listen(page);
  await tabTo(page, (f) => f.role === 'gridcell');
  await page.keyboard.press('r');
  assert.ok(await b.until(() => page.evaluate(() => window.__said.some((s) => /黑方有活三（下在 g8、k8 成活四）/.test(s)))),
    'the open three: ' + (await page.evaluate(() => window.__said.join(' / '))));
  assert.ok(await b.until(() => page.evaluate(() => window.__said.some((s) => /电脑分析：/.test(s))), 15000),
    'the engine\'s words: ' + (await page.evaluate(() => window.__said.join(' / '))));
  assert.deepEqual(errors, []);
});
