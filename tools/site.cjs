// make dist: the hosted, installable copy of the page, dist/site/:
//   node tools/site.cjs dist/site      the whole site (after tools/icons.cjs)
//   node tools/site.cjs --worker DIR   only DIR/sw.js again, for the files now in DIR
// The page (web/index.html with its manifest, icons, the update line and
// the first frame's script, web/qipan-first.js, inline, under a strict
// Content-Security-Policy: tools/csp.cjs),
// the minified qipan.js, updates.js (web/src/site/updates.js), the web app
// manifest, the icons (build/icons/, from tools/icons.cjs) and the service
// worker (web/site/sw.js) behind one line that names every other file and
// a version: the hash of all of them, so a build that changes any file
// gets a new cache and the old one goes.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const { asciiPage } = require('./ascii-page.cjs');
const { policy, withPolicy } = require('./csp.cjs');

const root = path.resolve(__dirname, '..');
const THEME = '#f6f1e7'; // the page's background: the window's bar blends with it

const MANIFEST = {
  id: './',
  name: '棋盘 Qipan',
  short_name: '棋盘 Qipan',
  description: '六种棋类游戏：井字棋、五子棋、四子棋、扫雷、区字棋、斗兽棋。Six board games: tic-tac-toe, ' +
    'gomoku, connect four, minesweeper, Pong Hau K\'i and dark animal chess.',
  lang: 'zh',
  dir: 'ltr',
  start_url: './',
  scope: './',
  display: 'standalone',
  orientation: 'any',
  background_color: THEME,
  theme_color: THEME,
  categories: ['games'],
  icons: [
    { src: 'icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: 'icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: 'icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  // Browsers that read the proposed per-language members show these in English.
  translations: {
    en: { name: 'Qipan 棋盘', short_name: 'Qipan', description: 'Six board games: tic-tac-toe, gomoku, ' +
      'connect four, minesweeper, Pong Hau K\'i and dark animal chess.' },
  },
};

const HEAD = `<link rel="manifest" href="manifest.webmanifest">
<meta name="theme-color" content="${THEME}">
<meta name="description" content="${MANIFEST.translations.en.description}">
<link rel="icon" type="image/png" sizes="192x192" href="icon-192.png">
<link rel="apple-touch-icon" href="apple-touch-icon.png">
`;

const FIRST_FRAME_TAG = '<script src="qipan-first.js"></script>';

/** web/index.html with the site's head and its update script, and the
 * first frame's script inline: no request before the first frame. */
function sitePage() {
  let html = fs.readFileSync(path.join(root, 'web', 'index.html'), 'utf8');
  if (!html.includes('</head>') || !html.includes('</body>')) throw new Error('web/index.html has no </head> or </body>');
  if (!html.includes(FIRST_FRAME_TAG)) throw new Error(`web/index.html has no ${FIRST_FRAME_TAG}`);
  const firstFrame = fs.readFileSync(path.join(root, 'web', 'qipan-first.js'), 'utf8').replace(/<\/script/gi, '<\\/script');
  html = html.replace(FIRST_FRAME_TAG, () => `<script>\n${firstFrame}\n</script>`);
  html = html.replace('</head>', HEAD + '</head>');
  // After the first frame, with qipan.js (first-frame.js runs them): an async
  // script would be parsed and run on the way to the first frame.
  html = html.replace('</body>', '<script src="updates.js" type="qipan/later"></script>\n</body>');
  html = asciiPage(html); // tools/ascii-page.cjs: decoded and parsed as 8-bit text
  // tools/csp.cjs: its inline scripts by their hashes; from its own origin
  // qipan.js, updates.js, the service worker, the manifest and the icons.
  return withPolicy(html, policy(html, { scripts: true, worker: true, manifest: true, images: true }));
}

/** web/src/site/updates.js as one small classic script. */
function updatesScript() {
  const esbuild = require('esbuild');
  const out = esbuild.buildSync({ absWorkingDir: root, entryPoints: ['web/src/site/updates.js'], bundle: true,
    format: 'iife', target: ['es2022'], minify: true, write: false, legalComments: 'none', logLevel: 'warning' });
  return out.outputFiles[0].text;
}

/** Writes DIR/sw.js: the worker's source behind the list of every other
 * file in DIR and their hash. Returns {version, files, bytes}. */
function writeWorker(dir) {
  const files = fs.readdirSync(dir).filter((f) => f !== 'sw.js' && fs.statSync(path.join(dir, f)).isFile()).sort();
  const source = fs.readFileSync(path.join(root, 'web', 'site', 'sw.js'), 'utf8');
  const hash = crypto.createHash('sha256').update(source);
  let bytes = 0;
  for (const f of files) {
    const data = fs.readFileSync(path.join(dir, f));
    bytes += data.length;
    hash.update(f + '\0' + data.length + '\0').update(data);
  }
  const version = hash.digest('hex').slice(0, 16);
  const head = `self.QIPAN_PRECACHE = ${JSON.stringify({ version, files })};\n`;
  fs.writeFileSync(path.join(dir, 'sw.js'), head + source);
  return { version, files, bytes };
}

function buildSite(dir) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), sitePage());
  // V8's compile hint (see tools/bundle.cjs): served over http the script streams, so
  // every function compiles off the page's thread.
  fs.writeFileSync(path.join(dir, 'qipan.js'), '//# allFunctionsCalledOnLoad\n' +
    fs.readFileSync(path.join(root, 'build', 'qipan.min.js'), 'utf8'));
  fs.writeFileSync(path.join(dir, 'updates.js'), updatesScript());
  fs.writeFileSync(path.join(dir, 'manifest.webmanifest'), JSON.stringify(MANIFEST, null, 2) + '\n');
  for (const icon of ['icon-192.png', 'icon-512.png', 'icon-maskable-512.png', 'apple-touch-icon.png']) {
    fs.copyFileSync(path.join(root, 'build', 'icons', icon), path.join(dir, icon));
  }
  return writeWorker(dir);
}

function main() {
  const args = process.argv.slice(2);
  const workerOnly = args[0] === '--worker';
  const dir = workerOnly ? args[1] : args[0];
  if (!dir) {
    console.error('usage: node tools/site.cjs OUTDIR | --worker DIR');
    process.exit(2);
  }
  const { version, files, bytes } = workerOnly ? writeWorker(dir) : buildSite(dir);
  console.log(`${dir}: service worker ${version}, ${files.length} files precached, ` +
    `${(bytes / 1024).toFixed(0)} KiB`);
}

main();
