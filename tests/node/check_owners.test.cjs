// tools/check_owners.cjs: the page's state has one writer each. No module
// of app/ but app.js writes a field of the App, no file but
// app/saved-game.js writes the record, and app/ names no game; the page
// passes, and each offence fails the check, named.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { root } = require('./helpers.cjs');

const tool = path.join(root, 'tools', 'check_owners.cjs');
const { check } = require(tool);
const IDS = ['tictactoe', 'gomoku', 'minesweeper', 'beast'];

/** The offences in one file. */
const offences = (name, text) => check([{ name, text }], IDS);

test('the page keeps its owners', () => {
  const r = spawnSync(process.execPath, [tool], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /only app\.js writes the App, only saved-game\.js the record; app\/ names no game/);
});

test('a module of app/ that writes a field of the App fails, whatever the assignment', () => {
  for (const line of ['app.replay = null;', 'this.app.ui.hint = action;', 'app.parts.moves = box;',
    'app.count += 1;', 'app.count++;', '--app.count;', 'delete app.onHash;', 'app.cards[0] = card;',
    'app.view = view;']) {
    const found = offences('app/travel.js', `export function f(app, action, box, card, view) {\n  ${line}\n}\n`);
    assert.equal(found.length, 1, line);
    assert.match(found[0], /^app\/travel\.js: writes the App's field: /, line);
  }
});

test('reading the App, comparing its fields or calling its parts is no offence; app.js writes its own', () => {
  const text = `export function f(app, other) {
    const shown = app.replay === null ? app.game.ply() : app.replay;
    if (app.game.replay !== null && shown >= 0) app.game.mark({ cursor: null });
    other.replay = shown;
    app.shell.toast(String(app.count == 1));
    return app.game.viewPly(shown);
  }\n`;
  assert.deepEqual(offences('app/replay.js', text), []);
  assert.deepEqual(offences('app/app.js', 'export class App { f(app) { this.replay = null; app.replay = 1; } }\n'), []);
});

test('a write to the record anywhere but app/saved-game.js fails', () => {
  for (const [name, line] of [['games/beast.js', 'rec.humanFirst = true;'],
    ['games/tictactoe.js', 'api.rec.settings.first = "x";'], ['app/settings.js', 'app.game.rec.level = 3;'],
    ['app/game-model.js', 'this.rec.history.push(pos);'], ['app/links.js', 'delete rec.moves;'],
    ['games/gomoku.js', 'rec.extra[key] = 1;']]) {
    const found = offences(name, `export function f(rec, api, app, pos, key) {\n  ${line}\n}\n`)
      .filter((p) => /record/.test(p));
    assert.equal(found.length, 1, name + ': ' + line);
    assert.match(found[0], new RegExp(`^${name.replace('.', '\\.')}: writes the record`), line);
  }
  assert.deepEqual(offences('app/saved-game.js', 'export function f(rec) { rec.humanFirst = true; }\n'), []);
  assert.deepEqual(offences('games/beast.js',
    'export function f(rec) { return { humanFirst: rec.mode === "pvp" || rec.humanFirst !== false }; }\n'), []);
});

test('app/ naming a game fails, in code or a string; a comment may, and so may games/', () => {
  const found = offences('app/review.js', `// A lost minesweeper game is reviewed too.
    export function canReview(app) {
      if (app.game.gameId === 'minesweeper') return true;
      return ["gomoku", \`beast\`].includes(app.game.gameId);
    }\n`);
  assert.deepEqual(found.map((p) => p.replace(/ \(.*/, '')), ["app/review.js: names the game 'minesweeper'",
    "app/review.js: names the game 'gomoku'", "app/review.js: names the game 'beast'"]);
  assert.deepEqual(offences('games/catalog.js', "export const CATALOG = ['tictactoe', 'gomoku'];\n"), []);
  // A word that contains an id is not the id.
  assert.deepEqual(offences('app/words.js', 'export const beastly = 1, gomokus = 2;\n'), []);
});

test('the command fails on a page that breaks its owners, naming each offence', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qp-owners-'));
  const src = path.join(dir, 'web', 'src');
  fs.mkdirSync(path.join(src, 'app'), { recursive: true });
  fs.mkdirSync(path.join(src, 'games'));
  fs.writeFileSync(path.join(src, 'games', 'catalog.js'), "export const CATALOG = ['tictactoe', 'beast'];\n");
  fs.writeFileSync(path.join(src, 'app', 'share.js'),
    "export function f(app) { if (app.game.gameId === 'beast') app.moduleDialogs = []; }\n");
  const r = spawnSync(process.execPath, [tool, dir], { encoding: 'utf8' });
  assert.equal(r.status, 1, r.stdout + r.stderr);
  assert.match(r.stderr, /check_owners: app\/share\.js: writes the App's field: app\.moduleDialogs=/);
  assert.match(r.stderr, /check_owners: app\/share\.js: names the game 'beast'/);
});
