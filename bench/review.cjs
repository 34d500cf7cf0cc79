// Game review times (src/review.c, `qipan review`): a 60-move gomoku game
// and one game of each other kind, reviewed at the default level natively
// (the CLI, process start included), in wasm (node, the page's engine) and
// in the page (Chromium: the game's link opened with its "review" section,
// from the review's start to its graph or words, in the review's worker).
// The page's budget: a 60-move gomoku game within 20 s, the others within 2 s.
// Usage: node bench/review.cjs [--no-browser]
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { cli, root, qipanBin } = require('../tests/node/helpers.cjs');

/* The first 60 moves of the first game of 60 or more in the teacher's
 * games (Rapfi against itself, 15x15 free; points y*15+x after two
 * header fields). */
function gomoku60() {
  const lines = fs.readFileSync(path.join(root, 'tools', 'data', 'gomoku-teacher.txt'), 'utf8')
    .split('\n').map((l) => l.trim().split(/\s+/));
  const game = lines.find((f) => f.length >= 62);
  const moves = game.slice(2, 62).map((p) => `${Number(p) % 15},${Math.floor(Number(p) / 15)}`);
  const r = cli(['record', 'gomoku', '15x15 free', ...moves]);
  if (r.code !== 0) throw new Error(r.stderr);
  return r.stdout;
}

/* A game the AI plays against itself (levels a and b), as a record. */
function aiGame(engine, game, params, seed, levels, maxPlies) {
  let pos = engine.newGame(game, params, seed);
  const actions = [];
  while (actions.length < maxPlies && /^(turn|playing)/.test(engine.status(game, pos))) {
    const level = levels[actions.length % 2];
    const a = engine.ai(game, pos, { level, seed: seed * 1000 + actions.length });
    actions.push(a);
    pos = engine.apply(game, pos, a);
  }
  const dealt = engine.info(game).dealt;
  return engine.record(game, params || '', dealt ? seed : null, actions);
}

/* An intermediate minesweeper game that level 3 lost (the page reviews
 * lost games), the first of the seeds from 2. */
function lostMines(engine) {
  for (let seed = 2; ; seed++) {
    const text = aiGame(engine, 'minesweeper', 'intermediate', seed, [3, 3], 400);
    const opened = engine.open(text);
    if (engine.status('minesweeper', opened.positions.at(-1)) === 'lost') return text;
  }
}

/* Wall and CPU milliseconds: CPU time as well, since a shared machine's
 * load stretches the wall clock (GNU time for the CLI's CPU, when there). */
const gnuTime = fs.existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

function timeNative(text) {
  const t0 = process.hrtime.bigint();
  const r = gnuTime
    ? cli(['-f', 'QPTIME %U %S', qipanBin, 'review', text], { bin: gnuTime, timeout: 600000 })
    : cli(['review', text], { timeout: 600000 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.code !== 0) throw new Error(r.stderr);
  const m = /QPTIME ([\d.]+) ([\d.]+)/.exec(r.stderr);
  return { ms, cpu: m ? (Number(m[1]) + Number(m[2])) * 1000 : NaN, json: JSON.parse(r.stdout) };
}

function timeWasm(engine, text) {
  const t0 = process.hrtime.bigint(), c0 = process.cpuUsage();
  const json = engine.review(text);
  const c = process.cpuUsage(c0);
  return { ms: Number(process.hrtime.bigint() - t0) / 1e6, cpu: (c.user + c.system) / 1000, json };
}

/* The page's review of each game: its link with "/review" opened in
 * Chromium, the time from the review's start (the page loaded) until its
 * answer shows, measured in the page. */
async function timeBrowser(engine, games) {
  const b = require('../tests/browser/browser.cjs');
  const browser = await b.launch();
  const out = [];
  try {
    for (const [, text] of games) {
      const link = engine.open(text).link;
      const { page, context } = await b.open(browser, b.fileUrl('web/index.html') + '#' + link,
        { locale: 'en-US' });
      await b.idle(page);
      const ms = await page.evaluate(() => new Promise((resolve) => {
        const root = globalThis.document.querySelector('#qipan').shadowRoot;
        const shown = () => root.querySelector('canvas.review-graph:not([hidden])') ||
          (root.querySelector('.review-words:not([hidden])') && !root.querySelector('.review-progress:not([hidden])'));
        const start = root.querySelector('button.review-start');
        if (!start || start.hidden) {
          resolve(-1); // the page offers no review of this game
          return;
        }
        const t0 = performance.now();
        start.click();
        const poll = () => (shown() ? resolve(performance.now() - t0) : setTimeout(poll, 20));
        poll();
      }));
      out.push(ms);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

const BUDGET_MS = { 'gomoku (60 moves)': 20000 };

async function main() {
  const Qipan = require(path.join(root, 'web', 'qipan.js'));
  await Qipan.ready;
  const engine = Qipan.engine;
  const games = [
    ['gomoku (60 moves)', gomoku60()],
    ['connect4', aiGame(engine, 'connect4', null, 3, [3, 2], 42)],
    ['tictactoe', aiGame(engine, 'tictactoe', null, 1, [2, 1], 9)],
    ['ponghauqi', aiGame(engine, 'ponghauqi', null, 1, [2, 1], 40)],
    ['minesweeper', lostMines(engine)],
    ['beast', aiGame(engine, 'beast', null, 5, [2, 2], 100)],
  ];
  console.log('Game review at the default level: native (qipan review, process included) and wasm (node)');
  console.log('ms: wall clock (CPU time in brackets)');
  const page = process.argv.includes('--no-browser') ? null : await timeBrowser(engine, games);
  console.log('game                 plies        native ms           wasm ms  wasm/native (CPU)  same JSON' +
    (page ? '  page ms (budget)' : ''));
  games.forEach(([name, text], i) => {
    const n = timeNative(text), w = timeWasm(engine, text);
    const plies = n.json.plies.length;
    const same = JSON.stringify(n.json) === JSON.stringify(w.json);
    const both = (t) => `${t.ms.toFixed(0)} (${Number.isNaN(t.cpu) ? '?' : t.cpu.toFixed(0)})`;
    const budget = BUDGET_MS[name] || 2000;
    const shown = page && page[i] >= 0 ? page[i].toFixed(0) : '-';
    const inPage = page ? `  ${shown.padStart(7)} (${budget})${page[i] > budget ? ' OVER' : ''}` : '';
    console.log(`${name.padEnd(20)} ${String(plies).padStart(5)} ${both(n).padStart(16)} ` +
      `${both(w).padStart(17)} ${(n.cpu > 0 ? (w.cpu / n.cpu).toFixed(2) : '-').padStart(18)}  ${same ? 'yes' : 'NO '}` +
      inPage);
    if (!same) process.exitCode = 1;
  });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
