// Hostile conditions on the page: a worker that hangs, crashes or is
// killed; rapid clicks; clicks while the computer thinks; switching games
// mid-search; resizing mid-move. The game must go on, never corrupted.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const b = require('./browser.cjs');

let browser;
test.before(async () => { browser = await b.launch(); });
test.after(async () => { await browser.close(); });

/* Workers the page starts, with switches to make the next call hang or
 * crash (the worker reports an error event). */
const WORKER_CONTROL = `window.__ctl = { hang: false, crash: false, workers: [] };
(function () {
  const W = window.Worker;
  window.Worker = function (url, o) {
    const w = new W(url, o);
    window.__ctl.workers.push(w);
    const post = w.postMessage.bind(w);
    w.postMessage = function (m) {
      if (window.__ctl.hang) { window.__ctl.hang = false; return; }
      if (window.__ctl.crash) {
        window.__ctl.crash = false;
        setTimeout(() => w.onerror && w.onerror(new ErrorEvent('error', { message: 'simulated crash' })), 20);
        return;
      }
      post(m);
    };
    return w;
  };
})();`;

async function mounted(options) {
  const url = b.hostPage(`<div id="qipan"></div><script>window.__opts = ${JSON.stringify(options)};</script>`,
    '');
  const { page, errors, requests } = await b.open(browser, url, { init: WORKER_CONTROL });
  await page.evaluate(async () => {
    window.__h = Qipan.mount(document.getElementById('qipan'), window.__opts);
    await window.__h.ready;
  });
  await b.idle(page);
  return { page, errors, requests };
}

/* The human's move, then the computer's answer. */
async function exchange(page) {
  const before = (await b.state(page)).ply;
  await b.clickTarget(page, (await b.legal(page))[0]);
  assert.ok(await b.until(async () => {
    const s = await b.state(page);
    return s.ply >= before + 2 && !s.busy || !/^turn/.test(s.status);
  }, 15000), 'the computer answered');
}

const HOW = { hang: 'hangs', crash: 'crashes', kill: 'is killed' };
for (const how of Object.keys(HOW)) {
  test(`a worker that ${HOW[how]} is replaced and the game goes on`, async () => {
    const { page, errors } = await mounted({ game: 'ponghauqi', level: 2, aiTimeoutMs: 1500 });
    await exchange(page);
    if (how === 'kill') await page.evaluate(() => window.__ctl.workers[0].terminate());
    else await page.evaluate((k) => { window.__ctl[k] = true; }, how);
    await exchange(page);
    const s = await b.state(page);
    assert.equal(s.restarts, 1);
    assert.equal(s.ply, 4);
    assert.equal(await b.checkHistory(page), 'ok');
    assert.equal(await page.evaluate(() => window.__ctl.workers.length), 2, 'a second worker took over');
    assert.deepEqual(errors, []);
  });
}

test('rapid clicks, also while the computer thinks, never corrupt a game', async () => {
  const { page, errors } = await mounted({ game: 'tictactoe', level: 1, first: 'human' });
  for (let round = 0; round < 3; round++) {
    const points = [];
    for (let c = 1; c <= 9; c++) {
      points.push(await page.evaluate((id) => window.__h.targetPoint(id), String(c)));
    }
    for (const p of points) await page.mouse.click(p.x, p.y, { delay: 0 });
    await b.idle(page);
    await page.waitForTimeout(400);
    await b.idle(page);
    assert.equal(await b.checkHistory(page), 'ok');
    const s = await b.state(page);
    // The first click played and the computer answered, at the least.
    assert.ok(s.history.length >= 3, `${s.history.length - 1} plies`);
    // Human plies are the even ones: the computer's answers alternate.
    for (let i = 1; i < s.history.length; i++) {
      const mover = s.history[i - 1].slice(-1);
      assert.equal(mover, i % 2 === 1 ? 'x' : 'o');
    }
    await page.evaluate(() => window.__h.newGame());
    await b.idle(page);
  }
  assert.deepEqual(errors, []);
});

test('switching games mid-search keeps each game whole', async () => {
  const { page, errors } = await b.open(browser, b.fileUrl('web/index.html'));
  await b.idle(page);
  await b.inApp(page, '.overlay .card button.primary').click();
  await b.clickTarget(page, 5);
  // Switch while the computer is still thinking about its answer.
  await b.inApp(page, '.picker button[data-game=ponghauqi]').click();
  await b.idle(page);
  let s = await b.state(page);
  assert.equal(s.game, 'ponghauqi');
  assert.equal(s.ply, 0, 'the tic-tac-toe answer did not land here');
  await b.inApp(page, '.picker button[data-game=tictactoe]').click();
  await b.idle(page);
  s = await b.state(page);
  assert.equal(s.game, 'tictactoe');
  assert.equal(s.history[1], '....x.... o', 'my move is still there');
  assert.equal(s.ply, 2, 'the computer answered after the switch back');
  assert.equal(await b.checkHistory(page), 'ok');
  assert.deepEqual(errors, []);
});

test('resizing during a move and between moves keeps the game and the board', async () => {
  const { page, errors } = await b.openGame(browser, 'ponghauqi');
  await b.clickTarget(page, 'B');
  await page.setViewportSize({ width: 420, height: 700 });
  await b.idle(page);
  await page.setViewportSize({ width: 1200, height: 500 });
  await b.idle(page);
  const s = await b.state(page);
  assert.equal(s.ply, 2);
  assert.equal(await b.checkHistory(page), 'ok');
  const box = await b.inApp(page, 'canvas[role=application]').boundingBox();
  assert.ok(box.height <= 500, 'the board fits the short window');
  await b.clickTarget(page, (await b.legal(page))[0]);
  await b.idle(page);
  assert.equal((await b.state(page)).ply, 4, 'clicks land where the board is now');
  assert.deepEqual(errors, []);
});

test('engine errors are shown, not thrown at the user', async () => {
  const { page, errors } = await mounted({ game: 'tictactoe', mode: 'pvp', first: 'human' });
  // A host that hands the engine garbage gets an Error with the CLI message.
  const msg = await page.evaluate(() => {
    try { Qipan.engine.apply('tictactoe', '......... x', '10'); } catch (e) { return e.message; }
    return null;
  });
  assert.match(msg, /bad tictactoe action '10'/);
  // A taken cell on the board: a toast, no change.
  await b.clickTarget(page, 5);
  await b.idle(page);
  await b.clickTarget(page, 5);
  await page.waitForTimeout(100);
  assert.match(await b.inApp(page, '.toast').innerText(), /已经有棋子/);
  assert.equal((await b.state(page)).ply, 1);
  assert.deepEqual(errors, []);
});
