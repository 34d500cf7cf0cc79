// web/index.html from disk under its Content-Security-Policy (tools/csp.cjs):
// the policy is in force (a script it does not name is refused), and the
// page breaks none of it: it plays against the AI in its worker, offline,
// with nothing refused. (dist/qipan.html: page.test.cjs; the hosted copy,
// installed and offline: site.test.cjs.)
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const b = require('./browser.cjs');

let browser;
test.before(async () => { browser = await b.launch(); });
test.after(async () => { await browser.close(); });

const WATCH = `window.__csp = []; document.addEventListener('securitypolicyviolation',
  (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));`;

test('web/index.html plays offline under its policy, which refuses a script it does not name', async () => {
  const { page, errors, requests, context } = await b.open(browser, b.fileUrl('web/index.html'), { init: WATCH });
  await context.setOffline(true);
  await b.idle(page);
  await b.inApp(page, '.overlay .card button.primary').click();
  await b.clickTarget(page, 5);
  await b.idle(page);
  assert.equal((await b.state(page)).ply, 2, 'my move and the computer\'s');
  assert.ok(page.workers().length >= 1, 'the AI ran in a worker');
  assert.deepEqual(await page.evaluate(() => window.__csp), [], 'nothing refused');
  assert.deepEqual(errors, []);
  assert.deepEqual(requests, []);
  // In force: an inline script that the policy does not name never runs.
  const ran = await page.evaluate(() => new Promise((resolve) => {
    const s = document.createElement('script');
    s.text = 'window.__ran = true';
    document.body.append(s);
    setTimeout(() => resolve(Boolean(window.__ran)), 100);
  }));
  assert.equal(ran, false);
  assert.deepEqual(await page.evaluate(() => window.__csp), ['script-src-elem inline']);
  await context.close();
});
