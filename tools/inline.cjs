// make dist: one self-contained HTML file. Inlines every
// <script src="..."></script> of the page (the engine with its wasm is
// already one script), so the file plays from any folder, offline.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error('usage: node tools/inline.cjs web/index.html dist/qipan.html');
  process.exit(2);
}
const dir = path.dirname(input);
const html = fs.readFileSync(input, 'utf8').replace(
  /<script src="([^"]+)"><\/script>/g,
  (tag, src) => {
    if (/^[a-z]+:/i.test(src)) throw new Error(`refusing to inline remote script ${src}`);
    // "</script" inside the code would end the element early.
    const code = fs.readFileSync(path.join(dir, src), 'utf8').replace(/<\/script/gi, '<\\/script');
    return `<script>\n${code}\n</script>`;
  });
fs.mkdirSync(path.dirname(output), { recursive: true });
fs.writeFileSync(output, html);
console.log(`${output}: ${(fs.statSync(output).size / 1024).toFixed(0)} KiB`);
