// Shared by the node tests: run the native CLI, load the wasm engine.
'use strict';
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const qipanBin = path.join(root, 'build', 'qipan');
const asanBin = path.join(root, 'build', 'asan', 'qipan');

/* Runs `qipan args...`; returns {code, stdout, stderr} with the trailing
 * newline of stdout removed. */
function cli(args, options = {}) {
  const r = spawnSync(options.bin || qipanBin, args, {
    input: options.input, encoding: 'utf8', timeout: options.timeout || 60000,
    maxBuffer: 64 << 20,
  });
  // EPIPE: the program exited before reading all its input (bad arguments,
  // say); its status still tells what happened.
  if (r.error && !(r.error.code === 'EPIPE' && r.status !== null)) throw r.error;
  return { code: r.status, signal: r.signal, stdout: r.stdout.replace(/\n$/, ''), stderr: r.stderr };
}

let enginePromise = null;
function loadQipan() {
  if (!enginePromise) {
    const Qipan = require(path.join(root, 'web', 'qipan.js'));
    enginePromise = Qipan.ready;
  }
  return enginePromise;
}

/* One ES module of the page (a path under web/src), made CommonJS by
 * esbuild with what it imports. */
function pageModule(file) {
  const out = require('esbuild').buildSync({
    entryPoints: [path.join(root, 'web', 'src', file)],
    bundle: true, format: 'cjs', platform: 'node', write: false,
  });
  const mod = { exports: {} };
  new Function('module', 'exports', 'require', out.outputFiles[0].text)(mod, mod.exports, require);
  return mod.exports;
}

/* The page's modules that `lines` (ES module source, paths from web/src)
 * export, bundled for node by esbuild into one CommonJS module. */
function pageEntry(lines) {
  const out = require('esbuild').buildSync({
    stdin: { contents: lines.join('\n'), resolveDir: path.join(root, 'web', 'src'), sourcefile: 'entry.js' },
    bundle: true, format: 'cjs', platform: 'node', write: false, logLevel: 'silent',
  });
  const mod = { exports: {} };
  new Function('module', 'exports', 'require', out.outputFiles[0].text)(mod, mod.exports, require);
  return mod.exports;
}

/* A small seeded generator: rng(seed)(n) picks 0..n-1, the same choices
 * on every run. */
function rng(seed) {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 8) % n;
  };
}

/* Whether a status line says the game goes on. */
const inPlay = (status) => status.startsWith('turn') || status === 'playing';

module.exports = { root, qipanBin, asanBin, cli, loadQipan, pageModule, pageEntry, rng, inPlay };
