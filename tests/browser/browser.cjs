// Shared by the Chromium tests: one browser for a test file, a fresh
// context (empty storage) per page, console errors and network requests
// recorded, screenshots saved under build/screenshots/.
'use strict';
const path = require('node:path');
const fs = require('node:fs');
const { chromium } = require('playwright-core');

const root = path.resolve(__dirname, '..', '..');
const shots = path.join(root, 'build', 'screenshots');
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

function fileUrl(rel) { return 'file://' + path.join(root, rel); }

async function launch() {
  return chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: FLAGS });
}

/* Opens a page with a fresh profile; returns {page, context, errors,
 * requests}. errors: console errors and uncaught exceptions; requests:
 * every request that is not file:, data: or blob:. */
async function open(browser, url, options = {}) {
  const context = await browser.newContext({
    viewport: options.viewport || { width: 900, height: 1000 },
    locale: options.locale || 'zh-CN',
    deviceScaleFactor: options.deviceScaleFactor || 1,
    hasTouch: !!options.hasTouch,
    isMobile: !!options.isMobile,
  });
  const page = await context.newPage();
  const errors = [];
  const requests = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  context.on('request', (r) => {
    if (!/^(file|data|blob):/.test(r.url())) requests.push(r.url());
  });
  if (options.init) await page.addInitScript(options.init);
  await page.goto(url);
  return { page, context, errors, requests };
}

async function screenshot(page, name) {
  fs.mkdirSync(shots, { recursive: true });
  const file = path.join(shots, name + '.png');
  await page.screenshot({ path: file });
  return file;
}

/* The mounted app's state (game, pos, status, busy...) of the first mount. */
async function state(page, selector = '#qipan') {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    return el && el.__qipan ? el.__qipan.state : null;
  }, selector);
}

/* Waits until the app is idle (not thinking nor animating). */
async function idle(page, selector = '#qipan') {
  await page.waitForFunction((sel) => {
    const el = document.querySelector(sel);
    const s = el && el.__qipan && el.__qipan.state;
    return s && !s.busy;
  }, selector, { timeout: 20000 });
}

module.exports = { root, shots, fileUrl, launch, open, screenshot, state, idle };

/* Clicks a target (cell, point, column...) of the mounted game. */
async function clickTarget(page, id, selector = '#qipan', options = {}) {
  const p = await page.evaluate(([sel, target]) => {
    return document.querySelector(sel).__qipan.targetPoint(target);
  }, [selector, String(id)]);
  if (!p) throw new Error(`no target ${id}`);
  await page.mouse.click(p.x, p.y, options);
}

/* Legal actions of the current position, asked of the page's engine. */
async function legal(page, selector = '#qipan') {
  return page.evaluate((sel) => {
    const s = document.querySelector(sel).__qipan.state;
    return Qipan.engine.legal(s.game, s.pos);
  }, selector);
}

/* A locator inside the app's shadow root (Playwright pierces it). */
function inApp(page, css, selector = '#qipan') {
  return page.locator(`${selector} ${css}`);
}

/* Polls fn (sync or async) until it returns true, for up to ms. */
async function until(fn, ms = 5000) {
  const end = Date.now() + ms;
  for (;;) {
    if (await fn()) return true;
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/* An init script counting the workers the page starts (window.__workers). */
const COUNT_WORKERS = `window.__workers = 0; (function () { const W = window.Worker;
  window.Worker = function (url, o) { window.__workers++; return new W(url, o); }; })();`;

/* A host page in a fresh folder that loads web/qipan.js by its file://
 * address; `body` is its HTML. Returns the page's URL. */
function hostPage(body, head = '') {
  const os = require('node:os');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qipan-host-'));
  const file = path.join(dir, 'host.html');
  fs.writeFileSync(file, `<!doctype html><html><head><meta charset="utf-8">${head}</head><body>
${body}
<script src="file://${path.join(root, 'web', 'qipan.js')}"></script></body></html>`);
  return 'file://' + file;
}

/* Every consecutive pair of the history is one legal action apart. */
async function checkHistory(page, selector = '#qipan') {
  return page.evaluate((sel) => {
    const s = document.querySelector(sel).__qipan.state;
    const e = Qipan.engine;
    for (let i = 0; i + 1 < s.history.length; i++) {
      const next = e.legal(s.game, s.history[i]).some((a) => e.apply(s.game, s.history[i], a) === s.history[i + 1]);
      if (!next) return `step ${i}: ${s.history[i]} -> ${s.history[i + 1]}`;
    }
    return 'ok';
  }, selector);
}

/* Moves the keyboard cursor onto target `id` with arrow keys only (the
 * board has focus), reading where the cursor is after each key. */
async function keyTo(page, id, selector = '#qipan') {
  const where = () => page.evaluate(([sel, target]) => {
    const h = document.querySelector(sel).__qipan;
    const cur = h.state.cursor;
    const p = cur !== null && cur !== undefined ? h.targetPoint(cur) : null;
    return { cur, p, goal: h.targetPoint(target) };
  }, [selector, String(id)]);
  const seen = new Map();
  const ARROWS = ['ArrowUp', 'ArrowRight', 'ArrowDown', 'ArrowLeft'];
  for (let step = 0; step < 120; step++) {
    const w = await where();
    if (w.cur === String(id)) return;
    if (!w.p) { await page.keyboard.press('ArrowUp'); continue; }
    const visits = (seen.get(w.cur) || 0) + 1;
    seen.set(w.cur, visits);
    const dx = w.goal.x - w.p.x, dy = w.goal.y - w.p.y;
    const greedy = Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'ArrowRight' : 'ArrowLeft')
      : (dy > 0 ? 'ArrowDown' : 'ArrowUp');
    // Straight toward the goal, unless that led here before (boards that
    // are not grids): then any arrow.
    await page.keyboard.press(visits > 1 ? ARROWS[(step * 7 + visits) % 4] : greedy);
  }
  throw new Error(`the cursor never reached ${id}`);
}

module.exports.keyTo = keyTo;
module.exports.hostPage = hostPage;
module.exports.checkHistory = checkHistory;
module.exports.until = until;
module.exports.COUNT_WORKERS = COUNT_WORKERS;
module.exports.clickTarget = clickTarget;
module.exports.legal = legal;
module.exports.inApp = inApp;

/* Opens the ⚙ dialog and sets fields by their exact label: a boolean
 * checks a box, '#rrggbb' fills a colour, anything else picks an option. */
async function settings(page, picks, lang = 'zh') {
  await inApp(page, `.bar button[aria-label="${lang === 'zh' ? '设置' : 'Settings'}"]`).click();
  for (const [label, value] of Object.entries(picks)) {
    const exact = new RegExp('^' + label.replace(/[^\p{L}\p{N} ]/gu, '.') + '$', 'u');
    const id = await inApp(page, '.form label').filter({ hasText: exact }).getAttribute('for');
    const input = inApp(page, `.form #${id}`);
    if (typeof value === 'boolean') await input.setChecked(value);
    else if (/^#/.test(value)) await input.fill(value);
    else await input.selectOption(value);
  }
  await inApp(page, '.card button.primary').click();
  await idle(page);
}

/* The text of the dialog over the board (the result), once it shows. */
async function dialogText(page) {
  const card = inApp(page, '.overlay .card');
  await card.waitFor({ timeout: 5000 });
  return card.innerText();
}

/* The shown toast's text, read in the page the moment it shows. A toast
 * that the computer's move clears at once (dark chess's 电脑先手) needs
 * toastAfter: a poll can miss it on a loaded machine. */
async function toastText(page, selector = '#qipan') {
  const text = await page.waitForFunction((sel) => {
    const host = document.querySelector(sel);
    const toast = host && (host.shadowRoot || host).querySelector('.toast.show');
    return toast && toast.innerText;
  }, selector, { timeout: 5000 });
  return text.jsonValue();
}

/* The first toast that `act` brings, however briefly it shows: watched
 * from before the act, so a computer's move that clears it at once (on a
 * loaded machine, before a poll could look) cannot hide it. */
async function toastAfter(page, act, selector = '#qipan') {
  await page.evaluate((sel) => {
    const host = document.querySelector(sel);
    const toast = (host.shadowRoot || host).querySelector('.toast');
    const seen = [];
    window.__toastsSeen = seen;
    new MutationObserver(() => {
      if (toast.classList.contains('show')) seen.push(toast.textContent);
    }).observe(toast, { attributes: true, childList: true, characterData: true, subtree: true });
  }, selector);
  await act();
  const text = await page.waitForFunction(() => window.__toastsSeen[0], null, { timeout: 5000 });
  return text.jsonValue();
}

/* The text of a finished game's result under the controls, once it shows. */
async function resultText(page) {
  const box = inApp(page, '.result .result-box');
  await box.waitFor({ timeout: 5000 });
  return box.innerText();
}

/* Presses a button of the finished game's result ("New game", "Review"...). */
async function resultButton(page, name) {
  await inApp(page, '.result .result-box button').filter({ hasText: name }).click();
}

/* The focused element inside the app: its role, data-key, text, name and tag. */
async function focused(page) {
  return page.evaluate(() => {
    const a = document.querySelector('#qipan').shadowRoot.activeElement;
    return a ? { role: a.getAttribute('role'), key: a.getAttribute('data-key'), game: a.getAttribute('data-game'),
      text: a.textContent, label: a.getAttribute('aria-label'), tag: a.localName } : null;
  });
}

/* Presses Tab until `want` holds for the focused element. */
async function tabTo(page, want) {
  for (let i = 0; i < 60; i++) {
    const f = await focused(page);
    if (f && want(f)) return f;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached it');
}

module.exports.focused = focused;
module.exports.tabTo = tabTo;

module.exports.settings = settings;
module.exports.dialogText = dialogText;
module.exports.resultText = resultText;
module.exports.resultButton = resultButton;
module.exports.toastText = toastText;
module.exports.toastAfter = toastAfter;

/* Resolves after the board has painted what the app last changed: the
 * board draws in an animation frame, so a pixel read right after a click
 * or an undo could still see the previous frame. */
async function painted(page) {
  await page.evaluate(() => new Promise((done) =>
    requestAnimationFrame(() => requestAnimationFrame(done))));
}

/* The canvas colour [r, g, b, a] at a target's centre, offset by (dx, dy)
 * cell widths; `neighbour` is the target one cell to the right of `origin`,
 * which gives the cell width. */
async function cellPixel(page, id, { origin, neighbour, dx = 0, dy = 0 }) {
  await painted(page);
  return page.evaluate(([target, o0, o1, ox, oy]) => {
    const h = document.querySelector('#qipan').__qipan;
    const canvas = document.querySelector('#qipan').shadowRoot.querySelector('canvas');
    const r = canvas.getBoundingClientRect();
    const p = h.targetPoint(target);
    const s = h.targetPoint(o1).x - h.targetPoint(o0).x;
    const x = (p.x + ox * s - r.left) * canvas.width / r.width;
    const y = (p.y + oy * s - r.top) * canvas.height / r.height;
    return Array.from(canvas.getContext('2d').getImageData(Math.round(x), Math.round(y), 1, 1).data);
  }, [id, origin, neighbour, dx, dy]);
}
module.exports.painted = painted;
module.exports.cellPixel = cellPixel;

/* Opens web/index.html with open()'s options and picks game `id` in the
 * picker; options.reducedMotion asks for reduced motion before the game
 * starts (no drop or slide animations). */
async function openGame(browser, id, options = {}) {
  const o = await open(browser, fileUrl('web/index.html'), options);
  if (options.reducedMotion) await o.page.emulateMedia({ reducedMotion: 'reduce' });
  await idle(o.page);
  await inApp(o.page, `.picker button[data-game=${id}]`).click();
  await idle(o.page);
  return o;
}
module.exports.openGame = openGame;

/* Answers the "Start a new game?" card that a change of size, mode or
 * first player brings up while a game is in progress: New game. */
async function confirmNewGame(page) {
  const card = inApp(page, '.overlay .card');
  await card.filter({ hasText: /开始新的一局|Start a new game/ }).waitFor({ timeout: 5000 });
  await inApp(page, '.overlay .card button.primary').click();
  await idle(page);
}
module.exports.confirmNewGame = confirmNewGame;
