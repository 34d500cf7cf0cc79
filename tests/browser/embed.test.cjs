// Embedding: a host page in another folder embeds three games with
// <qipan-game>, keeps its own styles and globals, and removes them cleanly.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const b = require('./browser.cjs');

let browser;
test.before(async () => { browser = await b.launch(); });
test.after(async () => { await browser.close(); });

const HOST_STYLE = `body { font-family: Georgia, serif; color: rgb(1, 2, 3); background: rgb(200, 220, 240);
  line-height: 3; letter-spacing: 2px; text-transform: uppercase; }
  * { box-sizing: content-box; } button { background: rgb(255, 0, 255); font-size: 31px; }
  canvas { border: 9px solid red; } div { padding: 7px; }`;

/* A host page in a fresh folder, loading qipan.js by its file:// address. */
function hostPage(body) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qipan-host-'));
  const file = path.join(dir, 'host.html');
  fs.writeFileSync(file, `<!doctype html><html><head><meta charset="utf-8"><style>${HOST_STYLE}</style>
<script>window.__before = Object.keys(window);</script></head><body>
<h1 id="title">Host page</h1><button id="own">Own button</button>
${body}
<script src="file://${path.join(b.root, 'web', 'qipan.js')}"></script></body></html>`);
  return 'file://' + file;
}

const hostStyles = (page) => page.evaluate(() => {
  const pick = (el) => {
    const cs = getComputedStyle(el);
    return [cs.fontFamily, cs.color, cs.backgroundColor, cs.lineHeight, cs.fontSize, cs.padding];
  };
  return ['body', '#title', '#own'].map((s) => pick(document.querySelector(s)));
});

async function windowListeners(page) {
  const cdp = await page.context().newCDPSession(page);
  const { result } = await cdp.send('Runtime.evaluate', { expression: 'window' });
  const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId });
  await cdp.detach();
  return listeners.length;
}

test('three <qipan-game> elements in a host page: styles, globals, clean removal', async () => {
  const url = hostPage(`<div id="box">
    <qipan-game game="tictactoe" level="1" lang="en" first="ai"></qipan-game>
    <qipan-game game="ponghauqi" lang="zh" first="ai"></qipan-game>
    <qipan-game game="tictactoe" mode="pvp" lang="zh" storage-key="third"></qipan-game></div>`);
  const { page, errors, requests } = await b.open(browser, url, { init: b.COUNT_WORKERS });
  const styles = await hostStyles(page);
  await page.waitForFunction(() => [...document.querySelectorAll('qipan-game')]
    .every((el) => el.qipan && el.qipan.state && !el.qipan.state.busy));
  // The host's styles are exactly what its own sheet says.
  assert.deepEqual(await hostStyles(page), styles);
  assert.equal(styles[0][1], 'rgb(1, 2, 3)');
  // The games' look is their own: the host's rules do not reach inside.
  const inside = await page.evaluate(() => {
    const el = document.querySelector('qipan-game');
    const button = el.shadowRoot.querySelector('.controls button');
    const cs = getComputedStyle(button);
    return [cs.backgroundColor, cs.fontSize, getComputedStyle(el.shadowRoot.querySelector('canvas')).borderTopWidth,
      getComputedStyle(el.shadowRoot.querySelector('.qp')).textTransform];
  });
  assert.notEqual(inside[0], 'rgb(255, 0, 255)');
  assert.notEqual(inside[1], '31px');
  assert.equal(inside[2], '0px');
  assert.equal(inside[3], 'none');
  // One global: Qipan.
  const added = await page.evaluate(() => Object.keys(window)
    .filter((k) => !window.__before.includes(k) && !k.startsWith('__')));
  assert.deepEqual(added, ['Qipan']);
  // Two of them let the computer open, each in its own worker.
  const states = await page.evaluate(() => [...document.querySelectorAll('qipan-game')].map((el) => el.qipan.state));
  assert.equal(states[0].ply, 1);
  assert.equal(states[1].ply, 1);
  assert.equal(states[2].ply, 0);
  assert.equal(await page.evaluate(() => window.__workers), 2, 'one worker for each AI game');
  assert.ok(await b.until(() => page.workers().length === 2));
  await b.screenshot(page, 'embed-host');
  const listenersBefore = await windowListeners(page);
  // Removing the elements tears everything down.
  await page.evaluate(() => document.querySelectorAll('qipan-game').forEach((el) => el.remove()));
  assert.ok(await b.until(() => page.workers().length === 0), 'workers stopped');
  assert.ok(await windowListeners(page) < listenersBefore, 'window listeners removed');
  assert.deepEqual(await hostStyles(page), styles);
  assert.deepEqual(errors, []);
  assert.deepEqual(requests, []);
});

test('destroy and mount again on the same element, and the example page', async () => {
  const url = hostPage('<div id="slot"></div>');
  const { page, errors } = await b.open(browser, url);
  // Playwright adds listeners of its own to window at the first mouse click.
  const own = await page.locator('#own').boundingBox();
  await page.mouse.click(own.x + 5, own.y + 5);
  const baseline = await windowListeners(page);
  await page.evaluate(async () => {
    const el = document.getElementById('slot');
    for (let i = 0; i < 3; i++) {
      const h = Qipan.mount(el, { game: 'ponghauqi', mode: 'pvp' });
      await h.ready;
      h.destroy();
    }
    window.__h = Qipan.mount(el, { game: 'ponghauqi', mode: 'pvp' });
    await window.__h.ready;
  });
  await b.clickTarget(page, 'B', '#slot');
  await b.idle(page, '#slot');
  assert.equal((await b.state(page, '#slot')).ply, 1);
  await page.evaluate(() => window.__h.destroy());
  assert.equal(await windowListeners(page), baseline, 'nothing left behind');
  assert.equal(await page.evaluate(() => document.getElementById('slot').shadowRoot.childNodes.length), 0);
  assert.deepEqual(errors, []);

  const ex = await b.open(browser, b.fileUrl('web/examples/embed.html'));
  await ex.page.waitForFunction(() => [...document.querySelectorAll('qipan-game')]
    .every((el) => el.qipan && el.qipan.state));
  await ex.page.waitForTimeout(400);
  assert.equal(await ex.page.evaluate(() => window.scrollY), 0, 'the games did not scroll the host');
  assert.equal(await ex.page.evaluate(() => document.activeElement === document.body), true,
    'nor took its focus');
  await ex.page.screenshot({ path: require('node:path').join(b.shots, 'embed-example.png'), fullPage: true });
  await ex.page.click('#remove');
  assert.equal(await ex.page.locator('qipan-game').count(), 0);
  assert.deepEqual(ex.errors, []);
  assert.deepEqual(ex.requests, []);
});
