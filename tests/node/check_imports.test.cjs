// tools/check_imports.cjs: the page's module graph (esbuild's metafile)
// has no cycle, and a cycle in a graph fails the check, naming it.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { root } = require('./helpers.cjs');

const tool = path.join(root, 'tools', 'check_imports.cjs');

/* A metafile whose inputs import as `edges` says: {module: [imports]}. */
function meta(edges) {
  const inputs = {};
  for (const [file, deps] of Object.entries(edges)) {
    inputs[`web/src/${file}`] = { imports: deps.map((d) => ({ path: `web/src/${d}` })) };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qp-imports-'));
  const file = path.join(dir, 'meta.json');
  fs.writeFileSync(file, JSON.stringify({ inputs }));
  return file;
}

function run(file) {
  const r = spawnSync(process.execPath, [tool, file], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout + r.stderr, dot: path.join(path.dirname(file), 'modules.dot') };
}

test('the page bundle has no import cycle', () => {
  const r = run(path.join(root, 'build', 'meta.json'));
  assert.equal(r.code, 0, r.out);
  assert.match(r.out, /no cycle/);
  const dot = fs.readFileSync(r.dot, 'utf8');
  assert.match(dot, /"index.js" -> "api.js"/);
  assert.match(dot, /"api.js" -> "app\/mount.js"/);
});

test('a cycle fails the check and is named', () => {
  const r = run(meta({ 'index.js': ['app/app.js'], 'app/app.js': ['app/shell.js'],
    'app/shell.js': ['app/app.js'], 'ui/dom.js': [] }));
  assert.equal(r.code, 1);
  assert.match(r.out, /import cycle: app\/app\.js -> app\/shell\.js -> app\/app\.js/);
});

test('a graph without a cycle passes', () => {
  const r = run(meta({ 'index.js': ['a.js', 'b.js'], 'a.js': ['b.js'], 'b.js': [] }));
  assert.equal(r.code, 0, r.out);
  assert.match(r.out, /3 modules, 3 imports, no cycle/);
});
