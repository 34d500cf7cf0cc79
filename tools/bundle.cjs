// make: bundles the page's ES modules (web/src, entry index.js) and emcc's
// engine factory (build/engine-factory.js) into the one classic script.
//   node tools/bundle.cjs web/qipan.js          readable, with a source map
//   node tools/bundle.cjs build/qipan.min.js --minify   for dist/qipan.html
//   node tools/bundle.cjs dist/npm/qipan.mjs --minify --esm   the package's ES module
//     (entry module.js: named exports, no global)
//   node tools/bundle.cjs web/qipan-first.js --minify --first-frame   the page's first frame
//     (entry first-frame.js: no engine; the start it draws comes from web/qipan.js, built before)
// QIPAN_SITE=https://example.org/qipan/ names the hosted copy (dist/site/
// served there): a Share from a page opened from disk links to it
// (app/share.js); without it, such a Share offers the link's fragment.
// Either way it also writes build/meta.json (esbuild's metafile: every
// module and what it imports), which tools/check_imports.cjs reads.
'use strict';
const path = require('node:path');
const fs = require('node:fs');
const esbuild = require('esbuild');

const root = path.resolve(__dirname, '..');
const [outfile, ...flags] = process.argv.slice(2);
if (!outfile || flags.some((f) => !['--minify', '--esm', '--first-frame'].includes(f))) {
  console.error('usage: node tools/bundle.cjs OUTFILE [--minify] [--esm | --first-frame]');
  process.exit(2);
}
const minify = flags.includes('--minify');

/** The hosted copy's address (QIPAN_SITE), checked: an http(s) address
 * without a fragment, or '' for none. */
function hostedSite() {
  const site = (process.env.QIPAN_SITE || '').trim();
  if (site && !/^https?:\/\/[^\s#"'<>]+$/.test(site)) {
    console.error(`QIPAN_SITE must be the hosted copy's http(s) address, without a #fragment: ${site}`);
    process.exit(2);
  }
  return site;
}
const esm = flags.includes('--esm');
const firstFrame = flags.includes('--first-frame');

// V8's explicit compile hint (Chromium 136 and later): compile every
// function as the script streams in, off the page's thread, rather than
// each again at its first call on it. Not in the minified build, which
// dist/qipan.html inlines (no streaming there: the page's thread would
// compile the lot); tools/site.cjs adds it to the site's copy.
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
const BANNER = `/* Qipan (棋盘) — six grid board games, rules and AIs in C compiled to wasm.
 * This one file holds the engine (wasm inlined) and the page's UI; it
 * defines one global, Qipan. Built by \`make\` from web/src (ES modules,
 * bundled by esbuild) and emcc's engine factory; do not edit. */
(function (qipanPublish) {`;

const BANNER_ESM = `/* Qipan (棋盘) — six grid board games, rules and AIs in C compiled to wasm.
 * The package's ES module: the engine (wasm inlined) and the UI; importing
 * it defines <qipan-game>. Built by \`make package\` from web/src; do not edit. */`;

// The bundle runs inside a function whose argument hands Qipan over: to
// node's module.exports when a CommonJS require() loads this file, else to
// the one global (left alone when another copy of the script set it).
const FOOTER = `})(function (Qipan) {
  if (typeof module === 'object' && module && module.exports) module.exports = Qipan;
  else if (!globalThis.Qipan) globalThis.Qipan = Qipan;
});`;

// emcc's single-file build keeps the wasm as a base64 data URI inside the
// factory function, so V8 scans those 270 KB again each time it compiles
// the factory and the function inside it. Out here the wasm is one
// top-level string (qipanWasmBase64), scanned once; engine/load.js hands
// it to emcc as wasmBinary. esbuild's plugins need its async API.
const WASM_URI = /(["'])data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)\1/;
const splitWasm = {
  name: 'split-wasm',
  setup(build) {
    build.onLoad({ filter: /engine-factory\.js$/ }, (args) => {
      const source = fs.readFileSync(args.path, 'utf8');
      const found = WASM_URI.exec(source);
      if (!found) throw new Error(`${args.path}: no inlined wasm (emcc's -sSINGLE_FILE=1) to move out`);
      const contents = source.replace(found[0], '"data:application/octet-stream;base64,"') +
        `\nexport const qipanWasmBase64 = "${found[2]}";\n`;
      return { contents, loader: 'js' };
    });
  },
};

/** The game a first visit opens (the catalogue's first, read from
 * games/catalog.js's literal) at its start, as the built engine describes it. */
async function readFirstView() {
  const source = fs.readFileSync(path.join(root, 'web', 'src', 'games', 'catalog.js'), 'utf8');
  const catalog = /export const CATALOG = (\[[^\]]*\]);/.exec(source);
  if (!catalog) throw new Error('games/catalog.js: no CATALOG literal');
  const Qipan = require(path.join(root, 'web', 'qipan.js'));
  await Qipan.ready;
  const engine = Qipan.engine, list = engine.list();
  const game = JSON.parse(catalog[1].replace(/'/g, '"')).find((id) => list.includes(id));
  const info = engine.info(game);
  // A dealt game's start depends on its seed, unknown before the engine runs.
  if (info.dealt) throw new Error(`${game}: a dealt game has no one start to draw first`);
  const pos = engine.newGame(game, info.params, null);
  return { game, list, info, pos, view: engine.describe(game, pos), legal: engine.legal(game, pos) };
}

/** `make` called once: its promise is kept for every later call (the first
 * frame is built twice, buildFirstFrame).
 * @template T @param {() => Promise<T>} make @returns {() => Promise<T>} */
function once(make) {
  /** @type {Promise<T>|null} */
  let made = null;
  return () => (made = made || make());
}

const firstView = once(readFirstView);

/** The first frame's shell as markup in each language: first-frame-shell.js
 * (the page's shell.js) run in node over linkedom's DOM, a page of its own
 * for each language. */
const firstShell = once(async () => {
  const { parseHTML } = require('linkedom');
  const vm = require('node:vm');
  const built = await esbuild.build({
    absWorkingDir: root, entryPoints: ['web/src/first-frame-shell.js'], bundle: true, format: 'cjs',
    target: ['es2022'], platform: 'neutral', write: false, logLevel: 'warning', plugins: [firstFrameInputs],
  });
  const shell = {};
  for (const lang of ['zh', 'en']) {
    const { window, document } = parseHTML('<!doctype html><html><head><title></title></head><body></body></html>');
    const module = { exports: {} };
    // No navigator: the markup names no system's faces (the styles, which do, come at run time).
    vm.runInNewContext(built.outputFiles[0].text, { window, document, module, exports: module.exports });
    shell[lang] = module.exports.shellMarkup(lang);
  }
  return shell;
});

// The first frame's inputs: no engine, the start it draws (with the import
// of that game's module), and its shell's markup.
const firstFrameInputs = {
  name: 'first-frame-inputs',
  setup(build) {
    build.onResolve({ filter: /^qipan-(engine-factory|first-view|first-shell)$/ },
      (args) => ({ path: args.path, namespace: 'first' }));
    build.onLoad({ filter: /./, namespace: 'first' }, async (args) => {
      if (args.path === 'qipan-engine-factory') {
        return { contents: 'export const qipanEngineFactory = null, qipanWasmBase64 = "";', loader: 'js' };
      }
      if (args.path === 'qipan-first-shell') {
        return { contents: `export const SHELL = ${JSON.stringify(await firstShell())};\n`, loader: 'js' };
      }
      const first = await firstView();
      return { contents: `import './games/${first.game}.js';\nexport const FIRST = ${JSON.stringify(first)};\n`,
        loader: 'js', resolveDir: path.join(root, 'web', 'src') };
    });
  },
};

/** The first frame's copy of i18n.js: its TEXTS cut down to the keys in
 * `keys`, a fifth of the first frame's script else.
 * @param {Set<string>} keys */
const shellTexts = (keys) => ({
  name: 'first-frame-texts',
  setup(build) {
    build.onLoad({ filter: /[\\/]web[\\/]src[\\/]i18n\.js$/ }, (args) => {
      const source = fs.readFileSync(args.path, 'utf8');
      const start = source.indexOf('export const TEXTS = {'), end = source.indexOf('\n};\n', start);
      if (start < 0 || end < 0) throw new Error(`${args.path}: no TEXTS literal`);
      const module = { exports: {} };
      new Function('module', 'exports', esbuild.transformSync(source, { format: 'cjs', loader: 'js' }).code)(module,
        module.exports);
      const all = /** @type {Record<string, Record<string, string>>} */ (module.exports.TEXTS);
      const cut = Object.fromEntries(Object.entries(all).map(([lang, texts]) =>
        [lang, Object.fromEntries(Object.entries(texts).filter(([key]) => keys.has(key)))]));
      return { contents: source.slice(0, start) + `export const TEXTS = ${JSON.stringify(cut)};\n` +
        source.slice(end + 4), loader: 'js' };
    });
  },
});

/** The first frame's options; `keys` as shellTexts's, and null keeps every
 * text and writes nothing.
 * @param {Set<string>|null} keys */
const firstFrameOptions = (keys) => ({
  absWorkingDir: root,
  entryPoints: ['web/src/first-frame.js'],
  outfile,
  bundle: true,
  format: 'iife',
  target: ['es2022'],
  platform: 'browser',
  minify,
  // Chinese as it is, not \uXXXX: a third of the size to parse before the first frame.
  charset: 'utf8',
  // Every function of it runs before the first frame: compiled in one pass.
  banner: { js: COMPILE_HINT },
  legalComments: 'none',
  logLevel: 'warning',
  write: keys !== null,
  plugins: keys ? [firstFrameInputs, shellTexts(keys)] : [firstFrameInputs],
});

/** The first frame, built twice: the shell's texts it keeps are those whose
 * key the first build names as a string ('undo' in t('undo')); a key made
 * up at run time would show as itself (tests/browser/first-frame.test.cjs
 * compares its words with the real shell's). */
async function buildFirstFrame() {
  const all = await esbuild.build(firstFrameOptions(null));
  const code = all.outputFiles[0].text;
  const keys = new Set(Array.from(code.matchAll(/["'`]([A-Za-z_]\w*)["'`]/g), (m) => m[1]));
  return esbuild.build(firstFrameOptions(keys));
}

(firstFrame ? buildFirstFrame() : esbuild.build({
  absWorkingDir: root,
  entryPoints: [esm ? 'web/src/module.js' : 'web/src/index.js'],
  outfile,
  bundle: true,
  format: esm ? 'esm' : 'iife',
  // Chromium, Firefox and Safari of the last years, and node 18: nothing is
  // rewritten, so the worker's functions reach it as written.
  target: ['es2022'],
  platform: 'browser',
  minify,
  sourcemap: !minify,
  legalComments: 'none',
  banner: { js: esm ? BANNER_ESM : (minify ? '' : COMPILE_HINT) + BANNER },
  footer: { js: esm ? '' : FOOTER },
  alias: { 'qipan-engine-factory': './build/engine-factory.js' },
  define: { QIPAN_SITE: JSON.stringify(hostedSite()) },
  // emcc's loader needs these only in node, where require() has them.
  external: ['fs', 'path', 'crypto', 'ws', 'perf_hooks', 'worker_threads'],
  metafile: true,
  logLevel: 'warning',
  plugins: [splitWasm],
})).then((result) => {
  fs.mkdirSync(path.join(root, 'build'), { recursive: true });
  // tools/check_imports.cjs reads the page's graph; the ES module's is the same but for its entry.
  if (!esm && !firstFrame) fs.writeFileSync(path.join(root, 'build', 'meta.json'), JSON.stringify(result.metafile));
  const size = fs.statSync(path.join(root, outfile)).size;
  console.log(`${outfile}: ${(size / 1024).toFixed(0)} KiB${minify ? ' (minified)' : ''}`);
}, (e) => {
  console.error(e.message);
  process.exit(1);
});
