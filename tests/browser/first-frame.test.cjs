// The page's first frame (web/src/first-frame.js): on a first visit the
// board is drawn before qipan.js runs, where the page will show it, and
// Qipan.mount takes over; a return visit goes straight to the mount.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const b = require('./browser.cjs');

let browser;
test.before(async () => { browser = await b.launch(); });
test.after(async () => { await browser.close(); });

// Before the page's scripts: when the global Qipan is set (qipan.js ran),
// and the board's box at the first 'qipan-first-frame' mark.
function watchLoad() {
  /** @type {any} */
  const w = window;
  let qipan;
  Object.defineProperty(w, 'Qipan', {
    configurable: true,
    get: () => qipan,
    set: (value) => { qipan = value; w.qipanRanAt = performance.now(); },
  });
  // The shell's words (the first frame's markup was written at build time:
  // tools/bundle.cjs), and its controls' elements and their state.
  w.shellWords = (/** @type {ShadowRoot} */ root) => ['.bar', '.picker', '.controls', '.board-keys']
    .map((s) => { const n = root.querySelector(s); return n ? n.textContent : null; })
    .concat(Array.from(root.querySelectorAll('.bar [aria-label], .picker, .stage [aria-label]'),
      (n) => n.getAttribute('aria-label')));
  w.shellParts = (/** @type {ShadowRoot} */ root) => Array.from(root.querySelectorAll('.bar *, .picker *, .controls *'),
    (n) => [n.localName, n.getAttribute('class'), n.getAttribute('aria-pressed'), n.hasAttribute('disabled')].join(' '));
  const mark = performance.mark.bind(performance);
  performance.mark = (name, ...rest) => {
    if (name === 'qipan-first-frame' && !w.firstFrame) {
      const root = document.getElementById('qipan').shadowRoot;
      const r = root.querySelector('canvas').getBoundingClientRect();
      w.firstFrame = { at: performance.now(), box: [r.left, r.top, r.width, r.height], mounted: !!w.qipanRanAt,
        words: w.shellWords(root), parts: w.shellParts(root), font: getComputedStyle(root.querySelector('.qp')).fontFamily };
    }
    return mark(name, ...rest);
  };
}

const boardBox = (page) => page.evaluate(() => {
  const r = document.getElementById('qipan').shadowRoot.querySelector('canvas').getBoundingClientRect();
  return [r.left, r.top, r.width, r.height];
});

for (const file of ['web/index.html', 'dist/qipan.html']) {
  for (const [name, viewport, locale] of [['phone', { width: 390, height: 844 }, 'zh-CN'],
    ['desktop', { width: 1280, height: 900 }, 'en-US']]) {
    test(`${file} on a ${name} (${locale}): the first frame comes before qipan.js runs, where the board stays`, async () => {
      const { page, context, errors } = await b.open(browser, b.fileUrl(file), { viewport, locale, init: watchLoad });
      await b.idle(page);
      const first = await page.evaluate(() => /** @type {any} */ (window).firstFrame);
      const ranAt = await page.evaluate(() => /** @type {any} */ (window).qipanRanAt);
      assert.ok(first && !first.mounted && first.at < ranAt, JSON.stringify({ first, ranAt }));
      const box = await boardBox(page);
      first.box.forEach((v, i) => assert.ok(Math.abs(v - box[i]) <= 1, `board moved: ${first.box} -> ${box}`));
      const words = await page.evaluate(() => /** @type {any} */ (window).shellWords(
        /** @type {ShadowRoot} */ (document.getElementById('qipan').shadowRoot)));
      // The real shell may add a start card over the board: its label comes last.
      assert.deepEqual(first.words, words.slice(0, first.words.length));
      assert.deepEqual(first.parts, await page.evaluate(() => /** @type {any} */ (window).shellParts(
        /** @type {ShadowRoot} */ (document.getElementById('qipan').shadowRoot))));
      // Chromium here runs on Linux: the Chinese faces named are Linux's, none of another system's.
      assert.match(first.font, /"WenQuanYi Micro Hei"/);
      assert.doesNotMatch(first.font, /PingFang|YaHei/);
      assert.equal((await b.state(page)).game, 'tictactoe');
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}

test('a return visit (a saved game) skips the first frame and opens the saved game', async () => {
  const { page, context, errors } = await b.open(browser, b.fileUrl('web/index.html'));
  await b.idle(page);
  await b.inApp(page, '.picker button[data-game=gomoku]').click();
  await b.idle(page);
  await page.reload();
  await b.idle(page);
  assert.equal((await b.state(page)).game, 'gomoku');
  assert.equal(await page.evaluate(() => !!(/** @type {any} */ (document.getElementById('qipan')).__qipanFirstFrame)), false);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a later script that fails to load (the site\'s updates.js offline) still lets the game mount', async () => {
  const fs = require('node:fs');
  const os = require('node:os');
  const path = require('node:path');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qipan-later-'));
  for (const f of ['qipan-first.js', 'qipan.js']) fs.copyFileSync(path.join(b.root, 'web', f), path.join(dir, f));
  const html = fs.readFileSync(path.join(b.root, 'web', 'index.html'), 'utf8');
  const later = '<script src="qipan.js" type="qipan/later"></script>';
  assert.ok(html.includes(later));
  fs.writeFileSync(path.join(dir, 'index.html'),
    html.replace(later, '<script src="missing.js" type="qipan/later"></script>\n' + later));
  const { page, context, errors } = await b.open(browser, 'file://' + path.join(dir, 'index.html'));
  await b.idle(page);
  assert.equal((await b.state(page)).game, 'tictactoe');
  assert.deepEqual(errors.filter((e) => !/ERR_FILE_NOT_FOUND/.test(e)), []);
  await context.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
