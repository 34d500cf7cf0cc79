// make dist/site: the app's icons, rasterized from the one committed
// drawing (web/site/icon.svg) by headless Chromium, so that no image
// tool joins the build:
//   node tools/icons.cjs web/site/icon.svg OUTDIR
// writes icon-192.png, icon-512.png (the drawing as it is),
// icon-maskable-512.png (full bleed, the drawing inside the safe circle)
// and apple-touch-icon.png (180 px, full bleed).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { chromium } = require('playwright-core');

const BACKGROUND = '#b5542d'; // the drawing's own frame colour
const ICONS = [
  { name: 'icon-192.png', size: 192, inset: 0, fill: 'transparent' },
  { name: 'icon-512.png', size: 512, inset: 0, fill: 'transparent' },
  // A mask may cut anything outside the middle 80 % circle.
  { name: 'icon-maskable-512.png', size: 512, inset: 0.12, fill: BACKGROUND },
  { name: 'apple-touch-icon.png', size: 180, inset: 0.06, fill: BACKGROUND },
];

/** The page that draws one icon: the SVG as an image over a fill. */
function iconPage(svg, { size, inset, fill }) {
  const pad = Math.round(size * inset);
  const src = 'data:image/svg+xml;base64,' + Buffer.from(svg).toString('base64');
  return `<!doctype html><html><body style="margin:0;background:transparent">
<div style="width:${size}px;height:${size}px;background:${fill};display:grid;place-items:center">
<img src="${src}" width="${size - 2 * pad}" height="${size - 2 * pad}"></div></body></html>`;
}

async function main() {
  const [svgFile, outDir] = process.argv.slice(2);
  if (!svgFile || !outDir) {
    console.error('usage: node tools/icons.cjs ICON.svg OUTDIR');
    process.exit(2);
  }
  const svg = fs.readFileSync(svgFile, 'utf8');
  fs.mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    const page = await browser.newPage({ viewport: { width: 512, height: 512 }, deviceScaleFactor: 1 });
    for (const icon of ICONS) {
      await page.setContent(iconPage(svg, icon));
      await page.locator('img').evaluate((img) => img.decode());
      await page.screenshot({ path: path.join(outDir, icon.name), omitBackground: true,
        clip: { x: 0, y: 0, width: icon.size, height: icon.size } });
    }
  } finally {
    await browser.close();
  }
  console.log(`${outDir}: ${ICONS.map((i) => i.name).join(', ')}`);
}

main().catch((e) => { console.error(e); process.exit(1); });
