// Full games on the page from file://, by clicking, against the computer
// and two players on one device, with the result under the controls at the end.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const b = require('./browser.cjs');

let browser;
test.before(async () => { browser = await b.launch(); });
test.after(async () => { await browser.close(); });

/* Clicks the first legal target on every human turn until the game ends. */
async function playOut(page, pick = (legal) => legal[0]) {
  for (let i = 0; i < 200; i++) {
    await b.idle(page);
    const s = await b.state(page);
    if (!/^turn/.test(s.status)) return s;
    await b.clickTarget(page, pick(await b.legal(page), s));
  }
  throw new Error('the game did not end');
}

const resultDialog = (page) => b.resultText(page);

test('tic-tac-toe against the perfect computer, by clicking', async () => {
  const { page, errors, requests } = await b.open(browser, b.fileUrl('web/index.html'));
  await b.idle(page);
  assert.match(await b.inApp(page, '.overlay .card').innerText(), /选择你的棋子/);
  await b.screenshot(page, 'tictactoe-start');
  // The strongest (a first visit plays an easier level), from the list beside the controls.
  await b.inApp(page, '.level-row select').selectOption('3');
  await b.inApp(page, '.overlay button[data-value=o]').first().click(); // play O
  await b.inApp(page, '.overlay .card button.primary').click(); // X (computer) first
  await b.idle(page);
  let s = await b.state(page);
  assert.equal(s.ply, 1, 'the computer opened');
  await b.screenshot(page, 'tictactoe-midgame');
  s = await playOut(page);
  assert.notEqual(s.status, 'win o', 'level 3 never loses');
  const text = await resultDialog(page);
  assert.match(text, /你输了|平局/);
  assert.match(text, /开始新局/);
  await b.screenshot(page, 'tictactoe-result');
  await b.resultButton(page, '开始新局');
  assert.match(await b.inApp(page, '.overlay .card').innerText(), /选择你的棋子/);
  assert.deepEqual(errors, []);
  assert.deepEqual(requests, []);
});

test('tic-tac-toe for two players in English: X wins a row', async () => {
  const { page, errors } = await b.open(browser, b.fileUrl('web/index.html'), { locale: 'en-GB' });
  await b.idle(page);
  await b.inApp(page, '.overlay .card button.primary').click();
  await b.inApp(page, '.bar button[aria-label="Settings"]').click();
  await b.inApp(page, '.form select').first().selectOption('pvp');
  await b.inApp(page, '.card button.primary').click();
  await b.inApp(page, '.overlay .card button.primary').click(); // start overlay again
  for (const cell of [1, 4, 2, 5, 3]) {
    await b.clickTarget(page, cell);
    await b.idle(page);
  }
  const s = await b.state(page);
  assert.equal(s.status, 'win x');
  assert.match(await resultDialog(page), /X wins/);
  await b.screenshot(page, 'tictactoe-pvp-en');
  // Undo takes back one move in two-player mode.
  await b.inApp(page, '.controls button').first().click();
  await b.idle(page);
  assert.equal((await b.state(page)).ply, 4);
  assert.deepEqual(errors, []);
});

test("Pong Hau K'i against the perfect computer, with the slide animation", async () => {
  const { page, errors, requests } = await b.openGame(browser, 'ponghauqi');
  // The strongest (a first visit plays an easier level), from the list beside the controls.
  await b.inApp(page, '.level-row select').selectOption('2');
  await b.screenshot(page, 'ponghauqi-start');
  assert.deepEqual(await b.legal(page), ['B', 'D']);
  await b.clickTarget(page, 'B');
  // Mid-slide (300 ms): the move is under way and a click is ignored. Read
  // at once: a wait here could outlast the slide on a loaded machine.
  assert.equal((await b.state(page)).busy, 'animating');
  await b.screenshot(page, 'ponghauqi-slide');
  await b.clickTarget(page, 'D');
  await b.idle(page);
  let s = await b.state(page);
  assert.equal(s.ply, 2, 'black moved once and the computer answered');
  s = await playOut(page);
  assert.notEqual(s.status, 'win b', 'level 2 never loses');
  const text = await resultDialog(page);
  assert.match(text, /你输了|平局/);
  await b.screenshot(page, 'ponghauqi-result');
  assert.deepEqual(errors, []);
  assert.deepEqual(requests, []);
});

test("Pong Hau K'i for two players: black traps white", async () => {
  const { page, errors } = await b.openGame(browser, 'ponghauqi');
  await b.inApp(page, '.bar button[aria-label="设置"]').click();
  await b.inApp(page, '.form select').first().selectOption('pvp');
  await b.inApp(page, '.card button.primary').click();
  await b.idle(page);
  // B->C, A->B, D->A, E->D? White then cannot... play a known trap line:
  // black B, white A, black D, white E, black C traps white? Use the engine
  // to find a sequence where black wins, then click it.
  const line = await page.evaluate(() => {
    const e = Qipan.engine;
    function search(pos, depth) {
      const st = e.status('ponghauqi', pos);
      if (st === 'win b') return [];
      if (!st.startsWith('turn') || depth === 0) return null;
      for (const a of e.legal('ponghauqi', pos)) {
        const rest = search(e.apply('ponghauqi', pos, a), depth - 1);
        if (rest) return [a].concat(rest);
      }
      return null;
    }
    return search('wb.bw b', 9);
  });
  assert.ok(line, 'some line ends with white stuck');
  for (const a of line) {
    await b.clickTarget(page, a);
    await b.idle(page);
  }
  assert.equal((await b.state(page)).status, 'win b');
  assert.match(await resultDialog(page), /黑方获胜/);
  await b.screenshot(page, 'ponghauqi-pvp-result');
  assert.deepEqual(errors, []);
});

test('the AI thinks in a worker: the status shows it and the page stays responsive', async () => {
  const { page, errors } = await b.open(browser, b.fileUrl('web/index.html'), {
    init: b.COUNT_WORKERS,
  });
  await b.idle(page);
  await b.inApp(page, '.overlay .card button.primary').click(); // X, X first: human
  // Record what the status line says while the computer answers.
  await page.evaluate(() => {
    const node = document.querySelector('#qipan').shadowRoot.querySelector('.status');
    window.__said = [];
    new MutationObserver(() => window.__said.push([node.textContent, node.className]))
      .observe(node, { childList: true, subtree: true, characterData: true, attributes: true });
  });
  await b.clickTarget(page, 5);
  await page.waitForFunction(() => window.__said.some(([text, cls]) =>
    /电脑思考中/.test(text) && /thinking/.test(cls)));
  assert.equal(await page.evaluate(() => window.__workers), 1, 'the AI runs in a worker');
  await b.idle(page);
  assert.equal((await b.state(page)).ply, 2);
  assert.deepEqual(errors, []);
});

test("Pong Hau K'i by keyboard alone, to the end", async () => {
  const { page, errors } = await b.open(browser, b.fileUrl('web/index.html'));
  await b.idle(page);
  await b.inApp(page, '.picker button[data-game=ponghauqi]').focus();
  await page.keyboard.press('Enter');
  await b.idle(page);
  await b.inApp(page, 'canvas[role=application]').focus();
  for (let i = 0; i < 40; i++) {
    const s = await b.state(page);
    if (!/^turn/.test(s.status)) break;
    await b.keyTo(page, (await b.legal(page))[0]);
    await page.keyboard.press(i % 2 ? 'Enter' : ' ');
    await b.idle(page);
  }
  const s = await b.state(page);
  assert.ok(!/^turn/.test(s.status), 'the game ended');
  assert.ok(s.ply >= 4);
  assert.equal(await b.checkHistory(page), 'ok');
  assert.deepEqual(errors, []);
});
