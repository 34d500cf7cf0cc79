// make dist: one self-contained HTML file. Inlines every
// <script src="..."></script> of the page (the engine with its wasm is
// already one script; SRC=FILE arguments name the file to inline for a
// src, such as the minified bundle), so the file plays from any folder, offline, and
// adds a Content-Security-Policy that allows nothing remote: only these
// exact scripts (by hash), wasm compilation, and the AI's blob: worker.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const { asciiPage } = require('./ascii-page.cjs');

const [input, output, ...swaps] = process.argv.slice(2);
if (!input || !output || swaps.some((s) => !s.includes('='))) {
  console.error('usage: node tools/inline.cjs web/index.html dist/qipan.html [SRC=FILE...]');
  process.exit(2);
}
const files = Object.fromEntries(swaps.map((s) => s.split('=')));
const dir = path.dirname(input);
let html = fs.readFileSync(input, 'utf8').replace(
  /<script src="([^"]+)"( type="qipan\/later")?><\/script>/g,
  (tag, src, later) => {
    if (/^[a-z]+:/i.test(src)) throw new Error(`refusing to inline remote script ${src}`);
    // "</script" inside the code would end the element early.
    const file = files[src] || path.join(dir, src);
    const code = fs.readFileSync(file, 'utf8').replace(/<\/script/gi, '<\\/script');
    return `<script${later || ''}>\n${code}\n</script>`;
  });
// In ASCII alone (tools/ascii-page.cjs), before the scripts' hashes are taken.
html = asciiPage(html);
const hashes = [];
// A later script (type="qipan/later", web/src/first-frame.js) runs as a copy with the same text.
html.replace(/<script(?: type="qipan\/later")?>([\s\S]*?)<\/script>/g, (tag, code) => {
  hashes.push(`'sha256-${crypto.createHash('sha256').update(code, 'utf8').digest('base64')}'`);
  return tag;
});
const csp = [
  "default-src 'none'",
  `script-src ${hashes.join(' ')} 'wasm-unsafe-eval'`,
  'worker-src blob:',
  "style-src 'unsafe-inline'",
  'img-src data: blob:',
  // emcc's loader fetch()es its own inlined wasm (a data: URI): not remote.
  'connect-src data:',
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');
if (!/<meta charset="utf-8">/.test(html)) throw new Error('no <meta charset="utf-8"> to put the CSP after');
html = html.replace('<meta charset="utf-8">',
  `<meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy" content="${csp}">`);
fs.mkdirSync(path.dirname(output), { recursive: true });
fs.writeFileSync(output, html);
console.log(`${output}: ${(fs.statSync(output).size / 1024).toFixed(0)} KiB, CSP with ${hashes.length} script hashes`);
