// tools/check_includes.cjs: the real tree passes; a cycle, a loop between
// modules, an upward include, one game including another and a stray
// folder each fail it.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { root } = require('./helpers.cjs');

const tool = path.join(root, 'tools', 'check_includes.cjs');

function run(srcDir) {
  const r = spawnSync(process.execPath, [tool, srcDir], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout + r.stderr };
}

/* A small src tree: {relative path: text}. */
function tree(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qp-inc-'));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

const clean = {
  'game.h': '#include "util.h"\n',
  'util.h': '',
  'search/work.h': '#include "game.h"\n',
  'games/a/a.h': '#include "game.h"\n#include "search/work.h"\n',
  'games/a/rules.c': '#include "a.h"\n#include "ai.h"\n',
  'games/a/ai.h': '#include "a.h"\n',
  'games/b/b.h': '#include "game.h"\n',
  'registry.c': '#include "games/a/a.h"\n#include "games/b/b.h"\n',
  'engine.h': '#include "game.h"\n',
  'cli/main.c': '#include "engine.h"\n#include <stdio.h>\n',
};

test('the project tree passes', () => {
  const r = run(path.join(root, 'src'));
  assert.equal(r.code, 0, r.out);
  assert.match(r.out, /all downward, no cycle/);
});

test('a clean small tree passes', () => {
  const r = run(tree(clean));
  assert.equal(r.code, 0, r.out);
});

test('an include cycle fails, naming its files', () => {
  const r = run(tree({ ...clean, 'games/a/ai.h': '#include "a.h"\n#include "rules.h"\n',
    'games/a/rules.h': '#include "ai.h"\n' }));
  assert.equal(r.code, 1);
  assert.match(r.out, /include cycle: games\/a\/ai\.h -> games\/a\/rules\.h -> games\/a\/ai\.h/);
});

test('a loop between modules fails: rules.c includes ai.h while ai.c includes rules.h', () => {
  const r = run(tree({ ...clean, 'games/a/rules.h': '#include "a.h"\n',
    'games/a/ai.c': '#include "ai.h"\n#include "rules.h"\n' }));
  assert.equal(r.code, 1, r.out);
  assert.match(r.out, /include loop between games\/a\/ai, games\/a\/rules: /);
  assert.match(r.out, /games\/a\/ai\.c includes rules\.h/);
  assert.match(r.out, /games\/a\/rules\.c includes ai\.h/);
});

test('a header and a file of another name may point the same way', () => {
  // game.c assembles the table above rules and ai: no loop.
  const r = run(tree({ ...clean, 'games/a/rules.h': '#include "a.h"\n',
    'games/a/rules.c': '#include "rules.h"\n', 'games/a/ai.c': '#include "ai.h"\n#include "rules.h"\n',
    'games/a/game.c': '#include "ai.h"\n#include "rules.h"\n' }));
  assert.equal(r.code, 0, r.out);
});

test('a game including the engine, another game or the CLI fails', () => {
  for (const [inc, why] of [['engine.h', /a layer above/], ['games/b/b.h', /another game/],
    ['cli/main.c', /a layer above/]]) {
    const r = run(tree({ ...clean, 'games/a/ai.h': `#include "a.h"\n#include "${inc}"\n` }));
    assert.equal(r.code, 1, inc);
    assert.match(r.out, why, inc);
    assert.match(r.out, /games\/a\/ai\.h:2: includes/, inc);
  }
});

test('search may not include a game; a front end may not include the other', () => {
  let r = run(tree({ ...clean, 'search/work.h': '#include "games/a/a.h"\n' }));
  assert.equal(r.code, 1);
  r = run(tree({ ...clean, 'wasm/api.c': '#include "cli/main.c"\n' }));
  assert.equal(r.code, 1);
  assert.match(r.out, /beside it \(cli\)/);
});

test('the review sits between record and match', () => {
  const layered = {
    ...clean, 'record.h': '#include "engine.h"\n', 'review.h': '#include "record.h"\n',
    'match.h': '#include "review.h"\n',
  };
  assert.equal(run(tree(layered)).code, 0);
  const r = run(tree({ ...layered, 'record.c': '#include "record.h"\n#include "review.h"\n' }));
  assert.equal(r.code, 1);
  assert.match(r.out, /record\.c:2: includes review\.h, a layer above or beside it \(review\)/);
});

test('an include that resolves to no file, or a file outside every layer, fails', () => {
  let r = run(tree({ ...clean, 'games/a/ai.h': '#include "nowhere.h"\n' }));
  assert.equal(r.code, 1);
  assert.match(r.out, /"nowhere.h" is not a file under src/);
  r = run(tree({ ...clean, 'ai/stray.c': '#include "game.h"\n' }));
  assert.equal(r.code, 1);
  assert.match(r.out, /ai\/stray\.c: not in a known layer/);
});
