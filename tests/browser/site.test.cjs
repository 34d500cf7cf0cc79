// The hosted copy (dist/site) over http on localhost, under its strict
// Content-Security-Policy (tools/csp.cjs) and breaking none of it: the
// service worker takes the page, Chromium finds it installable, it opens
// and plays offline (the AI in its worker), and a second build's worker takes over after the player's
// Reload with the game in progress kept. Screenshots of the site on a
// phone, in Chinese and English, land in build/screenshots/.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const net = require('node:net');
const http = require('node:http');
const { spawn, execFileSync } = require('node:child_process');
const { chromium } = require('playwright-core');
const b = require('./browser.cjs');

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

/** A port nobody listens on now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once GET url answers 200. */
async function answers(url) {
  const ok = () => new Promise((resolve) => {
    http.get(url, (res) => { res.resume(); resolve(res.statusCode === 200); }).on('error', () => resolve(false));
  });
  assert.ok(await b.until(ok, 10000), `${url} never answered`);
}

/** A copy of dist/site in a temporary folder served by python3's
 * http.server on a free port; {dir, url, stop}. */
async function serveSiteCopy() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qipan-site-'));
  fs.cpSync(path.join(b.root, 'dist', 'site'), dir, { recursive: true });
  const port = await freePort();
  const server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '-d', dir],
    { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/`;
  await answers(url);
  return { dir, url, stop: () => { server.kill(); fs.rmSync(dir, { recursive: true, force: true }); } };
}

/** Chromium with a profile of its own (the installability check answers
 * "in-incognito" in a plain context). */
async function persistentBrowser(options = {}) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'qipan-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: FLAGS, locale: 'zh-CN', ...options,
  });
  profiles.push(profile);
  return context;
}

/** The profiles made, removed once every browser has closed. */
const profiles = [];

/** The page once the service worker controls it. */
async function controlled(page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20000 });
}

/** Begins the tic-tac-toe on its start card (the player is X, first) and plays cell `cell`. */
async function playFirstMove(page, cell) {
  await b.idle(page);
  await b.inApp(page, '.overlay .card button.primary').click();
  await b.idle(page);
  await b.clickTarget(page, cell);
  await b.idle(page);
  return b.state(page);
}

let site;
test.before(async () => { site = await serveSiteCopy(); });
test.after(() => {
  site.stop();
  for (const dir of profiles) fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
});

/** The bytes of every file the worker precaches. */
function precachedBytes(dir) {
  const head = fs.readFileSync(path.join(dir, 'sw.js'), 'utf8').split('\n')[0];
  const { files } = JSON.parse(head.slice(head.indexOf('{'), head.lastIndexOf('}') + 1));
  return files.reduce((sum, f) => sum + fs.statSync(path.join(dir, f)).size, 0);
}

/** The page's policy, as its <meta> says it. */
const pagePolicy = (page) => page.evaluate(() => {
  const meta = document.querySelector('meta[http-equiv="Content-Security-Policy"]');
  return meta && meta.getAttribute('content');
});

test('the site, under a strict CSP, installs, plays offline, and a new build takes over keeping the game', async (t) => {
  const context = await persistentBrowser();
  try {
    const page = context.pages()[0] || await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    // A refused request or script is a console error (a CSP violation is one) and an event.
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await page.addInitScript(() => {
      /** @type {any} */ (window).__csp = [];
      document.addEventListener('securitypolicyviolation',
        (e) => /** @type {any} */ (window).__csp.push(e.violatedDirective + ' ' + e.blockedURI));
    });
    await page.goto(site.url);
    await controlled(page);
    // Nothing but its own scripts, by origin or hash; nothing remote.
    const csp = await pagePolicy(page);
    assert.match(csp || '', /^default-src 'none'; script-src 'self' ('sha256-[^']+' )+'wasm-unsafe-eval'; /, csp);
    assert.doesNotMatch(csp, /https?:|\*|'unsafe-eval'/, csp);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, [], JSON.stringify(installabilityErrors));
    const bytes = precachedBytes(site.dir);
    t.diagnostic(`Page.getInstallabilityErrors: ${JSON.stringify(installabilityErrors)}; ` +
      `precached ${(bytes / 1024).toFixed(0)} KiB (${bytes} bytes)`);
    const manifest = JSON.parse(fs.readFileSync(path.join(site.dir, 'manifest.webmanifest'), 'utf8'));
    assert.match(manifest.name, /棋盘/);
    assert.match(manifest.name, /Qipan/);
    assert.equal(manifest.display, 'standalone');
    assert.match(await page.title(), /棋盘/);
    // The page is written in ASCII (tools/ascii-page.cjs); its words come back whole.
    assert.equal(fs.readFileSync(path.join(site.dir, 'index.html')).findIndex((byte) => byte > 127), -1,
      'a byte beyond ASCII in index.html');
    assert.equal(await b.inApp(page, '.picker button').first().textContent(), '井字棋');

    const played = await playFirstMove(page, 5);
    assert.ok(played.history.length >= 2, 'the move was played');

    // Offline: the page opens from the worker's cache and plays on.
    await context.setOffline(true);
    await page.reload();
    await b.idle(page);
    let s = await b.state(page);
    assert.deepEqual(s.history, played.history, 'the game in progress came back offline');
    const cell = (await b.legal(page))[0];
    await b.clickTarget(page, cell);
    await b.idle(page);
    s = await b.state(page);
    assert.ok(s.history.length > played.history.length, 'a move was played offline');
    assert.ok(page.workers().length >= 1, 'the AI ran in a worker under the CSP');
    assert.deepEqual(await page.evaluate(() => /** @type {any} */ (window).__csp), [], 'nothing refused offline');
    const kept = s.history;
    await context.setOffline(false);

    // A second build: one precached file changes, the worker's version with it.
    const before = await page.evaluate(() => caches.keys());
    fs.appendFileSync(path.join(site.dir, 'updates.js'), '\n/* build 2 */\n');
    execFileSync('node', [path.join(b.root, 'tools', 'site.cjs'), '--worker', site.dir]);
    await page.reload();
    const notice = page.locator('#qipan-update');
    await notice.waitFor({ timeout: 20000 });
    assert.match(await notice.innerText(), /新版本已就绪/);
    // A message never covers the board.
    const [line, board] = [await notice.boundingBox(), await page.locator('canvas').first().boundingBox()];
    assert.ok(line && board && (line.y + line.height <= board.y || line.y >= board.y + board.height),
      `the notice ${JSON.stringify(line)} covers the board ${JSON.stringify(board)}`);
    await b.screenshot(page, 'site-update-zh');
    await Promise.all([page.waitForEvent('load', { timeout: 20000 }), notice.locator('button').click()]);
    await controlled(page);
    await b.idle(page);
    s = await b.state(page);
    assert.deepEqual(s.history, kept, 'the game in progress survived the update');
    const after = await page.evaluate(() => caches.keys());
    assert.equal(after.length, 1);
    assert.notDeepEqual(after, before, 'the new version has a cache of its own, the old one is gone');
    assert.equal(await page.locator('#qipan-update').count(), 0);
    assert.equal(await pagePolicy(page), csp, 'the new build under the same policy');
    assert.deepEqual(await page.evaluate(() => /** @type {any} */ (window).__csp), [], 'nothing refused');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('the site on a phone, in Chinese and in English (screenshots)', async () => {
  for (const [locale, lang] of [['zh-CN', 'zh'], ['en-GB', 'en']]) {
    const context = await persistentBrowser({ ...PHONE, locale });
    try {
      const page = context.pages()[0] || await context.newPage();
      await page.goto(site.url);
      await controlled(page);
      await playFirstMove(page, 5);
      assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
      assert.match(await page.title(), lang === 'zh' ? /^棋盘/ : /^Qipan/);
      await b.screenshot(page, `site-phone-${lang}`);
    } finally {
      await context.close();
    }
  }
});
