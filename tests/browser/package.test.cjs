// The npm package as a consumer gets it: `npm pack`, then a project in a
// temporary folder installs the tarball offline, type-checks a file that
// uses it (and fails on a misspelt mount option), bundles it with esbuild
// and mounts a game in Chromium; the classic script and node's import and
// require give the same API. typescript and esbuild are this repository's.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync, spawnSync } = require('node:child_process');
const b = require('./browser.cjs');
const { registryGames } = require('../node/games.cjs');

const GAMES = registryGames().map((g) => g.id);

const TSC = path.join(b.root, 'node_modules', 'typescript', 'bin', 'tsc');
const ESBUILD = path.join(b.root, 'node_modules', 'esbuild');

const USES = `import { mount, ready, engine, type MountOptions, type GameHandle } from 'qipan';

const options: MountOptions = { game: 'tictactoe', mode: 'ai', first: 'human', level: 1, lang: 'en' };
const handle: GameHandle = mount(document.getElementById('board') as HTMLElement, options);
let moves = 0;
handle.on('move', (e) => { moves += e.ply >= 0 ? 1 : 0; document.body.dataset.moves = String(moves); });
handle.on('end', (e) => { const status: string = e.status; void status; });
ready.then((q) => {
  const start: string = engine.newGame('tictactoe');
  document.body.dataset.legal = String(engine.legal('tictactoe', start).length) + ' ' + q.version;
});
const element = document.createElement('qipan-game');
element.setAttribute('game', 'connect4');
document.body.appendChild(element);
const mounted: GameHandle | null = element.qipan;
void mounted;
`;

const MISSPELT = `import { mount } from 'qipan';
mount(document.body, { game: 'gomoku', levle: 2 });
`;

const TSCONFIG = { compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'esnext',
  moduleResolution: 'bundler', lib: ['es2022', 'dom'], types: [] } };

let dir;
test.before(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qipan-consumer-'));
  // The files are made by make (test-browser depends on them): no prepack's make here.
  const out = execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', dir],
    { cwd: b.root, encoding: 'utf8' });
  const tarball = path.join(dir, out.trim().split('\n').pop());
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--silent', tarball], { cwd: dir });
});

test.after(() => fs.rmSync(dir, { recursive: true, force: true }));

/** tsc over one file with the consumer's settings; {status, output}. */
function typeCheck(name, source) {
  fs.writeFileSync(path.join(dir, name), source);
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ ...TSCONFIG, files: [name] }));
  const r = spawnSync('node', [TSC, '-p', 'tsconfig.json'], { cwd: dir, encoding: 'utf8' });
  return { status: r.status, output: r.stdout + r.stderr };
}

test('the package type-checks for a consumer, and a misspelt option does not', () => {
  const good = typeCheck('main.ts', USES);
  assert.equal(good.status, 0, good.output);
  const bad = typeCheck('bad.ts', MISSPELT);
  assert.notEqual(bad.status, 0);
  assert.match(bad.output, /levle/);
  assert.match(bad.output, /TS2353|does not exist in type 'MountOptions'/);
});

test('bundled by esbuild, the consumer mounts a game and <qipan-game> in Chromium', async () => {
  fs.writeFileSync(path.join(dir, 'main.ts'), USES);
  require(ESBUILD).buildSync({ absWorkingDir: dir, entryPoints: ['main.ts'], bundle: true, format: 'iife',
    platform: 'browser', outfile: 'out.js', logLevel: 'error' });
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><meta charset="utf-8"><body>' +
    '<div id="board"></div><script src="out.js"></script></body>');
  const browser = await b.launch();
  try {
    const { page, errors, requests } = await b.open(browser, 'file://' + path.join(dir, 'index.html'));
    await b.idle(page, '#board');
    assert.equal(await page.evaluate(() => typeof window.Qipan), 'undefined', 'the ES module sets no global');
    await page.waitForFunction(() => document.body.dataset.legal);
    assert.match(await page.evaluate(() => document.body.dataset.legal), /^9 \d/);
    await b.clickTarget(page, 5, '#board');
    await b.idle(page, '#board');
    // The player's move and the computer's answer.
    assert.equal((await b.state(page, '#board')).history.length, 3);
    assert.equal(await page.evaluate(() => document.body.dataset.moves), '2');
    await b.idle(page, 'qipan-game');
    assert.equal((await b.state(page, 'qipan-game')).game, 'connect4');
    assert.deepEqual(errors, []);
    assert.deepEqual(requests, []);

    // The classic script from the installed package: the global Qipan.
    const classic = require.resolve('qipan/classic', { paths: [dir] });
    fs.writeFileSync(path.join(dir, 'classic.html'), '<!doctype html><meta charset="utf-8"><body>' +
      `<qipan-game game="ponghauqi" lang="en"></qipan-game><script src="${classic}"></script></body>`);
    const c = await b.open(browser, 'file://' + path.join(dir, 'classic.html'));
    await b.idle(c.page, 'qipan-game');
    assert.deepEqual(await c.page.evaluate(() => Qipan.ready.then((q) => q.engine.list())), GAMES);
    assert.deepEqual(c.errors, []);
  } finally {
    await browser.close();
  }
});

test('node: import and require of the installed package give the engine', () => {
  const script = `import('qipan').then(async (m) => { const q = await m.ready;
    const r = require('qipan');
    console.log(m.engine.list().length, q.engine === m.engine, typeof r.mount, m.default === r); });`;
  const out = execFileSync('node', ['-e', script], { cwd: dir, encoding: 'utf8' });
  assert.equal(out.trim(), `${GAMES.length} true function true`);
});
