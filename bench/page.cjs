// The page in headless Chromium: the bundle's size and the time from
// navigation to the board's first frame (median of several loads, each in a
// fresh profile: a first visit), beside a blank page's first frame, all
// under 4x CPU throttling (a mid-range phone): the ratio should stay at
// most 2. The hosted copy (dist/site, served over http on localhost as a
// phone would get it) beside a blank page served alike; web/index.html and
// dist/qipan.html from file://.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const net = require('node:net');
const http = require('node:http');
const { spawn } = require('node:child_process');
const b = require('../tests/browser/browser.cjs');

// 25 loads a page: a load here varies by ±100 ms (a blank page's took 90-450 ms
// in one run), and 9 put the medians' ratio anywhere in ±0.4.
const runs = Number(process.env.QIPAN_BENCH_RUNS || 25);
// Other pages to load in the same run, for a before/after comparison:
// QIPAN_BENCH_PAGES=/path/to/old/web/index.html,http://127.0.0.1:8000/old/qipan.html
const others = (process.env.QIPAN_BENCH_PAGES || '').split(',').filter(Boolean);
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

/** python3's http.server over the repository on a free port; {url, stop}. */
async function serveRoot() {
  const port = await new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const free = probe.address().port;
      probe.close(() => resolve(free));
    });
  });
  const server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '-d', b.root],
    { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/`;
  const up = () => new Promise((resolve) => {
    http.get(url, (res) => { res.resume(); resolve(true); }).on('error', () => resolve(false));
  });
  if (!await b.until(up, 10000)) throw new Error('python3 -m http.server did not start');
  return { url, stop: () => server.kill() };
}

const fmt = (s) => `median ${s.median.toFixed(0)} ms (min ${s.min.toFixed(0)}, max ${s.max.toFixed(0)})`;

async function main() {
  const bundle = fs.statSync(path.join(b.root, 'web', 'qipan.js')).size;
  const dist = fs.statSync(path.join(b.root, 'dist', 'qipan.html')).size;
  const blankFile = path.join(b.root, 'build', 'bench-blank.html');
  fs.mkdirSync(path.dirname(blankFile), { recursive: true });
  fs.writeFileSync(blankFile, BLANK);
  const server = await serveRoot();
  const browser = await b.launch();
  const urls = [server.url + 'build/bench-blank.html', server.url + 'dist/site/', 'file://' + blankFile,
    b.fileUrl('web/index.html'), b.fileUrl('dist/qipan.html'),
    ...others.map((f) => (/^https?:/.test(f) ? f : 'file://' + path.resolve(f)))];
  let times;
  try {
    times = await measure(browser, urls, THROTTLE);
  } finally {
    await browser.close();
    server.stop();
  }
  const [httpBlank, site, blank, page, single, ...rest] = times;
  const ratio = (s, to) => `ratio ${(s.median / to.median).toFixed(2)}`;
  console.log(`web/qipan.js        ${(bundle / 1024).toFixed(1)} KiB (engine with inlined wasm, and the UI)`);
  console.log(`dist/qipan.html     ${(dist / 1024).toFixed(1)} KiB`);
  console.log(`first frame, ${runs} first visits each, 390x844, CPU throttled ${THROTTLE}x (headless Chromium):`);
  console.log(`  blank page, http  ${fmt(httpBlank)}`);
  console.log(`  dist/site/, http  ${fmt(site)}  ${ratio(site, httpBlank)} (target <= 2)`);
  console.log(`  blank page, file  ${fmt(blank)}`);
  console.log(`  web/index.html    ${fmt(page)}  ${ratio(page, blank)}`);
  console.log(`  dist/qipan.html   ${fmt(single)}  ${ratio(single, blank)}`);
  others.forEach((f, i) => console.log(`  ${f}\n                    ${fmt(rest[i])}  ` +
    ratio(rest[i], /^https?:/.test(f) ? httpBlank : blank)));
}

main().catch((e) => { console.error(e); process.exit(1); });
