// tools/check_cites.cjs: the real tree passes; a small repository passes
// with its placeholders, build outputs and sections; a document that is not
// there, a path under a top folder that is not there, a section or a
// heading a document does not have and a broken link each fail, named by
// file and line.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync, execFileSync } = require('node:child_process');
const { root } = require('./helpers.cjs');

const tool = path.join(root, 'tools', 'check_cites.cjs');

function run(dir) {
  const r = spawnSync(process.execPath, [tool, dir], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout + r.stderr };
}

/* A git repository of {relative path: text}, its files added. */
function repo(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qp-cites-'));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  execFileSync('git', ['init', '-q'], { cwd: dir });
  execFileSync('git', ['add', '-A'], { cwd: dir });
  return dir;
}

const clean = {
  '.gitignore': '/web/out.js\n',
  'README.md': `# Demo\n\nSee [the rules](docs/rules.md#tic-tac-toe-井字棋-tictactoe) and ` +
    `[the tools](tools/).\n`,
  'docs/rules.md': '# Rules\n\n## Tic-tac-toe 井字棋 (`tictactoe`)\n\nSee [below](#gomoku).\n\n## Gomoku\n',
  'src/games/a/a.h': `/* a.h (docs/rules.md, "Tic-tac-toe"), beside src/games/<id>/a.h and\n` +
    ` * src/games/*/a.{h,c}; the build writes web/out.js. docs/rules.md,\n * "Gomoku". */\n`,
  'src/games/a/a.c': '/* see ../../../README.md and src/games/a/ */\n',
  'tools/build.sh': 'cp web/out.js "$dir" # tests/unit/test_%.c src/games/a/a.$ext github.com/x/src/y\n',
  'tests/unit/test_a.c': '',
  'web/index.html': '',
};

test('the project tree passes', () => {
  const r = run(root);
  assert.equal(r.code, 0, r.out);
  assert.match(r.out, /check_cites: \d+ files, \d+ citations of the repository, every one there/);
});

test('a small repository passes: placeholders, build outputs, sections, links', () => {
  const r = run(repo(clean));
  assert.equal(r.code, 0, r.out);
});

test('a document that is not in the repository fails, named by file and line', () => {
  const r = run(repo({ ...clean, 'src/games/a/a.c': `\n/* as GAMES.md says */\n` }));
  assert.equal(r.code, 1);
  assert.match(r.out, new RegExp(`src/games/a/a\\.c:2: cites GAMES.md, which is not in the repository`));
});

test('a path under a top folder that is not there fails; an address elsewhere does not', () => {
  const r = run(repo({ ...clean, 'tools/build.sh': 'node tools/gone.cjs github.com/x/tools/gone.cjs\n' }));
  assert.equal(r.code, 1);
  assert.match(r.out, /tools\/build\.sh:1: cites tools\/gone\.cjs, which is not in the repository/);
  assert.equal(r.out.match(/gone/g).length, 1, r.out);
});

test('a section the document does not have fails', () => {
  const r = run(repo({ ...clean, 'src/games/a/a.h': `/* docs/rules.md,\n * "Connect Four" */\n` }));
  assert.equal(r.code, 1);
  assert.match(r.out, new RegExp(`src/games/a/a\\.h:1: cites docs/rules.md, "Connect Four", ` +
    `a section docs/rules.md does not have`));
});

test('README, "Section" is a section of README.md', () => {
  const ok = run(repo({ ...clean, 'src/games/a/a.c': '/* (README, "Demo") */\n' }));
  assert.equal(ok.code, 0, ok.out);
  const r = run(repo({ ...clean, 'src/games/a/a.c': '/* (README, "The code") */\n' }));
  assert.equal(r.code, 1);
  assert.match(r.out, /src\/games\/a\/a\.c:1: cites README, "The code", a section README\.md does not have/);
});

test('a section is a heading that starts with the words cited, not a part of a word', () => {
  const r = run(repo({ ...clean, 'src/games/a/a.h': `/* docs/rules.md, "Go" */\n` }));
  assert.equal(r.code, 1);
  assert.match(r.out, /"Go", a section/);
});

test('a Markdown link to a missing file or heading fails', () => {
  const r = run(repo({ ...clean, 'docs/rules.md': '# Rules\n\n[x](gone.html) [y](#nowhere)\n\n## Tic-tac-toe\n' }));
  assert.equal(r.code, 1);
  assert.match(r.out, /docs\/rules\.md:3: links to gone\.html, which is not in the repository/);
  assert.match(r.out, /docs\/rules\.md:3: links to #nowhere, a heading docs\/rules\.md does not have/);
  // README's link to #tic-tac-toe-井字棋-tictactoe now misses too.
  assert.match(r.out, /README\.md:3: links to docs\/rules\.md#tic-tac-toe/);
});
