// My games with 10,000 games in headless Chromium (web/index.html from
// file://): the time an import of 10,000 games takes, the time from
// pressing 我的对局 / My games on a freshly loaded page to its list shown
// (the database opened, the count and the first 50 rows read and drawn;
// desktop 1280x900, target under a second), and the page's first frame
// with those games in the browser beside a profile without any (a first
// visit: the saved game cleared, the games kept; 1280x900, CPU throttled
// 4x as in bench/page.cjs): the library is not read before it is asked
// for, so the two should be the same.
/* global document, requestAnimationFrame */
'use strict';
const path = require('node:path');
const b = require('../tests/browser/browser.cjs');
const { loadQipan } = require('../tests/node/helpers.cjs');

const GAMES = 10000;
const runs = Number(process.env.QIPAN_BENCH_RUNS || 9);
const THROTTLE = 4;
const INDEX = b.fileUrl('web/index.html');

/* 10,000 lines of records with their notes: 60 finished games of five
 * kinds (seeded computer games) each dated apart, with ids of their own. */
async function importFile() {
  const { engine } = await loadQipan();
  const played = [];
  for (const [game, params] of [['tictactoe', 'x'], ['connect4', '7x6'], ['gomoku', '15x15 free'],
    ['ponghauqi', ''], ['minesweeper', 'beginner:safe']]) {
    for (let seed = 1; seed <= 12; seed++) {
      let pos = engine.newGame(game, params, seed);
      const actions = [];
      for (let i = 0; /^(turn|playing)/.test(engine.status(game, pos)) && i < 400; i++) {
        const a = engine.ai(game, pos, { level: 1, seed: seed * 1000 + i });
        actions.push(a);
        pos = engine.apply(game, pos, a);
      }
      if (/^(turn|playing)/.test(engine.status(game, pos))) continue;
      const two = engine.info(game).players === 2;
      played.push({ record: engine.record(game, params, engine.info(game).dealt ? seed : null, actions),
        how: two ? `mode=ai level=1 side=${engine.info(game).sides[seed % 2]}` : 'mode=solo' });
    }
  }
  const start = Date.UTC(2024, 0, 1);
  const lines = [];
  for (let i = 0; i < GAMES; i++) {
    const g = played[i % played.length];
    lines.push(`${g.record} ; at=${new Date(start + i * 3600000).toISOString()} ${g.how} ms=${30000 + i} id=b${i}`);
  }
  return lines.join('\n') + '\n';
}

const median = (list) => list.slice().sort((x, y) => x - y)[list.length >> 1];
const fmt = (list) => `median ${median(list).toFixed(0)} ms (min ${Math.min(...list).toFixed(0)}, ` +
  `max ${Math.max(...list).toFixed(0)}, ${list.length} runs)`;

/* Imports the file into the page's library through its Import button; ms. */
async function importAll(page, text) {
  await b.inApp(page, '.bar button').filter({ hasText: '我的对局' }).click();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), b.inApp(page, 'button.lib-import').click()]);
  const t0 = Date.now();
  await chooser.setFiles({ name: 'games.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
  await b.inApp(page, '.lib-status').filter({ hasText: /导入了|什么也没有导入/ }).waitFor({ timeout: 600000 });
  const ms = Date.now() - t0;
  const said = await b.inApp(page, '.lib-status').innerText();
  if (!said.startsWith(`导入了 ${GAMES} 局`)) throw new Error('the import said: ' + said);
  return ms;
}

/* A fresh load, then My games pressed: ms from the press to the list shown (in the page's clock). */
async function listTime(page) {
  await page.reload();
  await b.idle(page);
  return page.evaluate(() => new Promise((resolve) => {
    const root = document.getElementById('qipan').shadowRoot;
    const button = Array.from(root.querySelectorAll('.bar button')).find((x) => x.textContent === '我的对局');
    const t0 = performance.now();
    button.click();
    const wait = () => {
      const mark = performance.getEntriesByName('qipan-library-listed').pop();
      if (mark && root.querySelectorAll('ol.lib-list > li').length) {
        // The rows drawn: the next frame after the mark.
        requestAnimationFrame(() => resolve(performance.now() - t0));
      } else {
        setTimeout(wait, 1);
      }
    };
    wait();
  }));
}

/* The first frame of a first visit in `context`'s profile (its saved game cleared), CPU throttled. */
async function firstFrame(context) {
  const page = await context.newPage();
  await page.goto(INDEX);
  await page.evaluate(() => localStorage.clear());
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await page.reload();
  await page.waitForFunction(() => performance.getEntriesByName('qipan-first-frame').length > 0, null,
    { timeout: 60000 });
  const t = await page.evaluate(() => performance.getEntriesByName('qipan-first-frame')[0].startTime);
  await page.close();
  return t;
}

async function main() {
  const text = await importFile();
  const browser = await b.launch();
  try {
    const full = await b.open(browser, INDEX, { viewport: { width: 1280, height: 900 }, locale: 'zh-CN' });
    await b.idle(full.page);
    const importMs = await importAll(full.page, text);
    const lists = [];
    for (let i = 0; i < runs; i++) lists.push(await listTime(full.page));
    const count = await b.inApp(full.page, '.lib-count').innerText();
    await full.page.close();
    const empty = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN' });
    const withGames = full.context;
    const frames = { empty: [], games: [] };
    for (let i = 0; i < runs; i++) {
      frames.empty.push(await firstFrame(empty));
      frames.games.push(await firstFrame(withGames));
    }
    console.log(`My games, ${GAMES} games imported (${path.basename(INDEX)}, headless Chromium):`);
    console.log(`  import of ${GAMES} games     ${importMs} ms (one file, read, checked and kept)`);
    console.log(`  list shown after a load   ${fmt(lists)}, 1280x900 (target < 1000 ms); it says "${count}"`);
    console.log(`first frame, first visits, CPU throttled ${THROTTLE}x:`);
    console.log(`  no games kept             ${fmt(frames.empty)}`);
    console.log(`  ${GAMES} games kept         ${fmt(frames.games)}  ratio ` +
      (median(frames.games) / median(frames.empty)).toFixed(2));
    await empty.close();
    await full.context.close();
  } finally {
    await browser.close();
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
