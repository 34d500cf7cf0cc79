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

module.exports.clickTarget = clickTarget;
module.exports.legal = legal;
module.exports.inApp = inApp;
