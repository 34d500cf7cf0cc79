// tools/csp.cjs: the pages' Content-Security-Policy. web/index.html carries
// the one for its scripts (its inline script's hash: an edit to that
// script without `node tools/csp.cjs web/index.html` would leave the page
// blank); the built pages take theirs in place of its, never beside it
// (two policies both apply: the stricter would refuse the built page's
// inline scripts); no policy allows anything remote.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const { policy, withPolicy, scriptHashes, sourcePagePolicy } = require('../../tools/csp.cjs');

const root = path.resolve(__dirname, '..', '..');
const PAGE = '<!doctype html><head><meta charset="utf-8"><title>t</title></head><body>' +
  '<script src="a.js"></script><script>run()</script><script type="qipan/later">later()</script></body>';
const sha = (text) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const metas = (html) => Array.from(html.matchAll(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/g),
  (m) => m[1]);

test('web/index.html carries the policy for its inline script, and its scripts from its own folder', () => {
  const html = fs.readFileSync(path.join(root, 'web', 'index.html'), 'utf8');
  const [csp, ...more] = metas(html);
  assert.equal(more.length, 0, 'one policy');
  assert.equal(csp, sourcePagePolicy(html), 'run node tools/csp.cjs web/index.html');
  const inline = Array.from(html.matchAll(/<script>([\s\S]*?)<\/script>/g), (m) => m[1]);
  assert.equal(inline.length, 1);
  assert.match(csp, new RegExp(`script-src 'self' ${sha(inline[0]).replace(/[+/]/g, '\\$&')} 'wasm-unsafe-eval'`));
  // An edited script is another hash: the page would no longer say it.
  assert.notEqual(sourcePagePolicy(html.replace(inline[0], inline[0] + ' ')), csp);
});

test('the hashes are those of the inline scripts, a later one too, not of a script by src', () => {
  assert.deepEqual(scriptHashes(PAGE), [sha('run()'), sha('later()')]);
});

test('a policy replaces the page\'s, right after its charset', () => {
  const once = withPolicy(PAGE, policy(PAGE, { scripts: true }));
  const twice = withPolicy(once, policy(once));
  assert.deepEqual(metas(twice), [policy(once)]);
  assert.match(twice, /<meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy"/);
  assert.throws(() => withPolicy('<p>no head</p>', policy(PAGE)), /charset/);
});

test('nothing remote, and the site\'s own origin only for what it serves', () => {
  const one = policy(PAGE), site = policy(PAGE, { scripts: true, worker: true, manifest: true, images: true });
  for (const csp of [one, site]) {
    assert.match(csp, /^default-src 'none'; /);
    assert.doesNotMatch(csp, /https?:|\*|'unsafe-eval'|'unsafe-inline'[^;]*script|script-src[^;]*'unsafe-inline'/);
  }
  assert.doesNotMatch(one, /'self'/, 'the one-file page serves itself nothing');
  assert.match(site, /script-src 'self' /);
  assert.match(site, /worker-src 'self' blob:/);
  assert.match(site, /manifest-src 'self'/);
  assert.match(site, /img-src 'self' data: blob:/);
  assert.match(site, /connect-src data:;/, 'the service worker fetches, the page does not');
});
