// The pages' Content-Security-Policy, one strict policy in three shapes:
//   dist/qipan.html (tools/inline.cjs): every script inline, by its hash;
//   dist/site/index.html (tools/site.cjs): its inline scripts by their
//     hashes, and from its own origin ('self') only qipan.js, updates.js,
//     the service worker, the manifest and the icons;
//   web/index.html: its inline script by its hash, qipan-first.js and
//     qipan.js from 'self' (a file: page's 'self' is its folder's files).
// Nothing remote in any: wasm compilation (the engine's wasm is inline),
// the AI's blob: worker, the shadow root's <style>s, the canvas's data: and
// blob: images.
//   node tools/csp.cjs web/index.html           rewrites the page's policy (after editing its inline script)
//   node tools/csp.cjs --check web/index.html   fails unless the page carries the policy it should
'use strict';
const fs = require('node:fs');
const crypto = require('node:crypto');

/** The hash source of each inline script (a later one, type="qipan/later",
 * runs as a copy with the same text: web/src/first-frame.js).
 * @param {string} html */
function scriptHashes(html) {
  return Array.from(html.matchAll(/<script(?: type="qipan\/later")?>([\s\S]*?)<\/script>/g),
    (m) => `'sha256-${crypto.createHash('sha256').update(m[1], 'utf8').digest('base64')}'`);
}

/**
 * The policy for `html`: `own` lists what its own origin serves it
 * (nothing for the one-file page).
 * @param {string} html @param {{scripts?: boolean, worker?: boolean, manifest?: boolean, images?: boolean}} own
 */
function policy(html, own = {}) {
  const self = (/** @type {boolean|undefined} */ yes) => (yes ? "'self' " : '');
  return [
    "default-src 'none'",
    `script-src ${self(own.scripts)}${scriptHashes(html).join(' ')} 'wasm-unsafe-eval'`,
    `worker-src ${self(own.worker)}blob:`,
    ...(own.manifest ? ["manifest-src 'self'"] : []),
    "style-src 'unsafe-inline'",
    `img-src ${self(own.images)}data: blob:`,
    // emcc's loader fetch()es its own inlined wasm (a data: URI): not remote.
    'connect-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

const META = /<meta http-equiv="Content-Security-Policy" content="[^"]*">\n?/;

/** `html` with the policy `csp` as its first <meta> after the charset's,
 * in place of any policy it had.
 * @param {string} html @param {string} csp */
function withPolicy(html, csp) {
  const bare = html.replace(META, '');
  if (!/<meta charset="utf-8">/.test(bare)) throw new Error('no <meta charset="utf-8"> to put the CSP after');
  return bare.replace('<meta charset="utf-8">',
    () => `<meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy" content="${csp}">`);
}

/** web/index.html's policy: its scripts from its folder and its inline one. @param {string} html */
const sourcePagePolicy = (html) => policy(html, { scripts: true });

function main() {
  const args = process.argv.slice(2), check = args[0] === '--check', file = check ? args[1] : args[0];
  if (!file) {
    console.error('usage: node tools/csp.cjs [--check] web/index.html');
    process.exit(2);
  }
  const html = fs.readFileSync(file, 'utf8'), want = withPolicy(html, sourcePagePolicy(html));
  if (check) {
    if (want !== html) {
      console.error(`${file}: its Content-Security-Policy is not the one for its scripts: run node tools/csp.cjs ${file}`);
      process.exit(1);
    }
  } else if (want !== html) {
    fs.writeFileSync(file, want);
  }
  console.log(`${file}: CSP for ${scriptHashes(html).length} inline script(s)`);
}

if (require.main === module) main();

module.exports = { policy, withPolicy, scriptHashes, sourcePagePolicy };
