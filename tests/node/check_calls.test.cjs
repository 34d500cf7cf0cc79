// tools/check_calls.cjs and tools/check_lengths.cjs: the real tree passes;
// two files that call each other, or a loop through three, fail it, named
// with a symbol for each step; a file over 800 lines fails the other.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { root } = require('./helpers.cjs');

const calls = path.join(root, 'tools', 'check_calls.cjs');
const lengths = path.join(root, 'tools', 'check_lengths.cjs');

function run(tool, ...args) {
  const r = spawnSync(process.execPath, [tool, ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout + r.stderr };
}

/* Compiles {relative .c path: text} into OBJ/x.o beside SRC/x.c. */
function compiled(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qp-calls-'));
  for (const [rel, text] of Object.entries(files)) {
    const src = path.join(dir, 'src', rel), obj = path.join(dir, 'obj', rel.replace(/\.c$/, '.o'));
    fs.mkdirSync(path.dirname(src), { recursive: true });
    fs.mkdirSync(path.dirname(obj), { recursive: true });
    fs.writeFileSync(src, text);
    const r = spawnSync('cc', ['-c', '-o', obj, src], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
  }
  return { src: path.join(dir, 'src'), obj: path.join(dir, 'obj') };
}

const oneWay = {
  'games/a/rules.c': 'int a_legal(int x) { return x > 0; }\n',
  'games/a/ai.c': 'int a_legal(int);\nint a_ai(int x) { return a_legal(x) ? x : 0; }\n',
  'games/a/game.c': 'int a_legal(int);\nint a_ai(int);\n' +
    'int (*const a_table[2])(int) = {a_legal, a_ai};\n',
};

test('the project tree passes', () => {
  const r = run(calls, path.join(root, 'build', 'plain', 'obj'), path.join(root, 'src'));
  assert.equal(r.code, 0, r.out);
  assert.match(r.out, /no loop/);
});

test('files that call one way pass, a table naming functions included', () => {
  const t = compiled(oneWay);
  const r = run(calls, t.obj, t.src);
  assert.equal(r.code, 0, r.out);
  assert.match(r.out, /3 files, 3 dependencies, no loop/);
});

test('a rules file whose table names the AI, which uses the rules, fails', () => {
  const t = compiled({
    'games/a/rules.c': 'int a_ai(int);\nint a_legal(int x) { return x > 0; }\n' +
      'int (*const a_table[2])(int) = {a_legal, a_ai};\n',
    'games/a/ai.c': oneWay['games/a/ai.c'],
  });
  const r = run(calls, t.obj, t.src);
  assert.equal(r.code, 1, r.out);
  assert.match(r.out, /call loop between games\/a\/ai\.c, games\/a\/rules\.c: /);
  assert.match(r.out, /games\/a\/ai\.c -> games\/a\/rules\.c \(a_legal\)/);
  assert.match(r.out, /games\/a\/rules\.c -> games\/a\/ai\.c \(a_ai\)/);
});

test('a loop through three files fails, naming all three', () => {
  const t = compiled({
    'x.c': 'int y(void);\nint x(void) { return y(); }\n',
    'y.c': 'int z(void);\nint y(void) { return z(); }\n',
    'z.c': 'int x(void);\nint z(void) { return x() + 1; }\n',
  });
  const r = run(calls, t.obj, t.src);
  assert.equal(r.code, 1);
  assert.match(r.out, /call loop between x\.c, y\.c, z\.c/);
});

test('an object whose source is gone is left out', () => {
  const t = compiled({ ...oneWay, 'games/a/old.c': 'int a_ai(int);\nint a_legal(int x) { return a_ai(x); }\n' });
  fs.rmSync(path.join(t.src, 'games/a/old.c'));
  assert.equal(run(calls, t.obj, t.src).code, 0);
});

test('no source file of the project is over 800 lines; a longer one fails', () => {
  const r = run(lengths, root);
  assert.equal(r.code, 0, r.out);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qp-len-'));
  spawnSync('git', ['init', '-q', dir]);
  fs.writeFileSync(path.join(dir, 'long.c'), 'int x;\n'.repeat(801));
  fs.writeFileSync(path.join(dir, 'ok.js'), 'x;\n'.repeat(800));
  spawnSync('git', ['-C', dir, 'add', '.']);
  const bad = run(lengths, dir);
  assert.equal(bad.code, 1, bad.out);
  assert.match(bad.out, /long\.c: 801 lines/);
  assert.doesNotMatch(bad.out, /ok\.js/);
});
