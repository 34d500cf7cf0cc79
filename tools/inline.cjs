// make dist: one self-contained HTML file. Inlines every
// <script src="..."></script> of the page (the engine with its wasm is
// already one script; SRC=FILE arguments name the file to inline for a
// src, such as the minified bundle), so the file plays from any folder, offline, and
// gives it a Content-Security-Policy that allows nothing remote: only these
// exact scripts (by hash), wasm compilation, and the AI's blob: worker
// (tools/csp.cjs).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { asciiPage } = require('./ascii-page.cjs');
const { policy, scriptHashes, withPolicy } = require('./csp.cjs');

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
// Every script inline, by its hash (tools/csp.cjs), in place of web/index.html's policy.
html = withPolicy(html, policy(html));
const hashes = scriptHashes(html);
fs.mkdirSync(path.dirname(output), { recursive: true });
fs.writeFileSync(output, html);
console.log(`${output}: ${(fs.statSync(output).size / 1024).toFixed(0)} KiB, CSP with ${hashes.length} script hashes`);
