// The page in headless Chromium from file://: the bundle's size and the
// time from navigation to the board's first frame (median of several
// loads, each in a fresh profile).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const b = require('../tests/browser/browser.cjs');

const runs = Number(process.env.QIPAN_BENCH_RUNS || 9);

async function main() {
  const bundle = fs.statSync(path.join(b.root, 'web', 'qipan.js')).size;
  const dist = fs.statSync(path.join(b.root, 'dist', 'qipan.html')).size;
  const browser = await b.launch();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const { page, context } = await b.open(browser, b.fileUrl('web/index.html'));
    await page.waitForFunction(() => performance.getEntriesByName('qipan-first-frame').length > 0,
      null, { timeout: 20000 });
    times.push(await page.evaluate(() => performance.getEntriesByName('qipan-first-frame')[0].startTime));
    await context.close();
  }
  await browser.close();
  times.sort((a, c) => a - c);
  console.log(`web/qipan.js        ${(bundle / 1024).toFixed(1)} KiB (engine with inlined wasm, and the UI)`);
  console.log(`dist/qipan.html     ${(dist / 1024).toFixed(1)} KiB`);
  console.log(`load to first frame median ${times[runs >> 1].toFixed(0)} ms, min ${times[0].toFixed(0)} ms, ` +
    `max ${times[runs - 1].toFixed(0)} ms over ${runs} loads (headless Chromium, file://)`);
}

main().catch((e) => { console.error(e); process.exit(1); });
