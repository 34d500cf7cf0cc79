// The page in headless Chromium from file://: the bundle's size and the
// time from navigation to the board's first frame (median of several
// loads, each in a fresh profile), beside a blank page's first frame, both
// under 4x CPU throttling (a mid-range phone): the ratio should stay at
// most 2.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const b = require('../tests/browser/browser.cjs');

const runs = Number(process.env.QIPAN_BENCH_RUNS || 9);
const THROTTLE = 4;

// A blank page that marks its first animation frame as the board does.
const BLANK = `<!doctype html><html><head><meta charset="utf-8"><title>blank</title></head><body>
<script>requestAnimationFrame(() => performance.mark('qipan-first-frame'));</script></body></html>`;

/* The first frame's time (ms after navigation) of one load in a fresh
 * profile, with the CPU slowed `rate` times. */
async function firstFrame(browser, url, rate) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByName('qipan-first-frame').length > 0,
    null, { timeout: 30000 });
  const t = await page.evaluate(() => performance.getEntriesByName('qipan-first-frame')[0].startTime);
  await context.close();
  return t;
}

/** Median, min and max of `runs` loads of each url, interleaved so that
 * the machine's load weighs on all alike. */
async function measure(browser, urls, rate) {
  const times = urls.map(() => []);
  for (let i = 0; i < runs; i++) {
    for (let u = 0; u < urls.length; u++) times[u].push(await firstFrame(browser, urls[u], rate));
  }
  return times.map((list) => {
    list.sort((a, c) => a - c);
    return { median: list[runs >> 1], min: list[0], max: list[runs - 1] };
  });
}

const fmt = (s) => `median ${s.median.toFixed(0)} ms (min ${s.min.toFixed(0)}, max ${s.max.toFixed(0)})`;

async function main() {
  const bundle = fs.statSync(path.join(b.root, 'web', 'qipan.js')).size;
  const dist = fs.statSync(path.join(b.root, 'dist', 'qipan.html')).size;
  const blankFile = path.join(b.root, 'build', 'bench-blank.html');
  fs.mkdirSync(path.dirname(blankFile), { recursive: true });
  fs.writeFileSync(blankFile, BLANK);
  const browser = await b.launch();
  const urls = ['file://' + blankFile, b.fileUrl('web/index.html'), b.fileUrl('dist/qipan.html')];
  const [blank, page, single] = await measure(browser, urls, THROTTLE);
  await browser.close();
  console.log(`web/qipan.js        ${(bundle / 1024).toFixed(1)} KiB (engine with inlined wasm, and the UI)`);
  console.log(`dist/qipan.html     ${(dist / 1024).toFixed(1)} KiB`);
  console.log(`first frame, ${runs} loads each, 390x844, CPU throttled ${THROTTLE}x (headless Chromium, file://):`);
  console.log(`  blank page        ${fmt(blank)}`);
  console.log(`  web/index.html    ${fmt(page)}  ratio ${(page.median / blank.median).toFixed(2)} (target <= 2)`);
  console.log(`  dist/qipan.html   ${fmt(single)}  ratio ${(single.median / blank.median).toFixed(2)}`);
}

main().catch((e) => { console.error(e); process.exit(1); });
