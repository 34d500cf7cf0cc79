// docs/adding-a-game.md stays complete: the games come from one place
// (src/registry.c, tests/node/games.cjs), and every list, name, count and
// file that the guide's tables name holds every game; a file that lists
// every game and is not in a table fails too, so a new list cannot be
// missed by the guide. A list of reviews holds the games whose table has
// judge() (the guide's "with `judge`"). What the page knows of a game is
// its module's fields: a game the engine can judge has the `review` the
// guide says.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { root } = require('./helpers.cjs');
const { registryGames } = require('./games.cjs');

const GUIDE = 'docs/adding-a-game.md';
const games = registryGames();
const ids = games.map((g) => g.id);
const read = (rel) => fs.readFileSync(path.join(root, rel), 'utf8');

/* The rows of the guide's table under a heading: each row's cells. */
function table(heading) {
  const text = read(GUIDE);
  const at = text.indexOf('\n## ' + heading + '\n');
  assert.notEqual(at, -1, `${GUIDE} has no section "${heading}"`);
  const body = text.slice(at + 1).split('\n## ')[0];
  const rows = body.split('\n').filter((l) => l.startsWith('|')).slice(2);
  assert.ok(rows.length > 0, `${GUIDE}, "${heading}": no rows`);
  return rows.map((l) => l.split('|').slice(1, -1).map((c) => c.trim()));
}

/* What a cell holds in backticks. */
const ticked = (cell) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);

/* The text of the list that starts at `anchor` (which must occur once): the
 * anchor's line if its brackets close there, else down to the line that
 * closes it (the first one indented no deeper). No anchor: the whole text.
 * In Markdown, the headings and the table rows. */
function region(file, text, anchor) {
  if (file.endsWith('.md')) return text.split('\n').filter((l) => /^(#|\|)/.test(l)).join('\n');
  if (!anchor) return text;
  const at = text.indexOf(anchor);
  assert.ok(at !== -1 && text.indexOf(anchor, at + 1) === -1, `${file}: "${anchor}" must occur once`);
  const lines = text.slice(text.lastIndexOf('\n', at) + 1).split('\n');
  const indent = (l) => /^\s*/.exec(l)[0].length;
  const depth = (l) => (l.match(/[[{(]/g) || []).length - (l.match(/[\]})]/g) || []).length;
  if (depth(lines[0]) <= 0) return lines[0];
  const end = lines.findIndex((l, i) => i > 0 && l.trim() && indent(l) <= indent(lines[0]));
  return lines.slice(0, end === -1 ? lines.length : end + 1).join('\n');
}

/* The games a list holds: ids as words, or C's qp_<id> (in Markdown, in
 * backticks). */
function gamesIn(file, text) {
  const word = (id) => file.endsWith('.md') ? new RegExp('`' + id + '`') :
    new RegExp(`(?<!\\w)(?:qp_)?${id}(?!\\w)`);
  return ids.filter((id) => word(id).test(text));
}

/* The games a row of "Every list of the games" wants: every game, or
 * where its third column says "with `judge`", those the engine reviews. */
const wanted = (row, of) => of.filter((g) => g.judge || !/with `judge`/.test(row[2])).map((g) => g.id);

/* What a row of "Every list of the games" misses: [] when complete; a game
 * it should not hold is named "(not expected)". `of`: the games. */
function missing(row, text, of = games) {
  const [where, list] = row;
  const [file] = ticked(where);
  const found = gamesIn(file, region(file, text, ticked(list)[0]));
  const expected = wanted(row, of);
  return expected.filter((id) => !found.includes(id))
    .concat(found.filter((id) => !expected.includes(id)).map((id) => id + ' (not expected)'));
}

test('the games come from src/registry.c', () => {
  assert.ok(ids.length >= 6 && new Set(ids).size === ids.length, ids.join(' '));
  const players = games.map((g) => g.players);
  assert.ok(players.includes(1) && players.includes(2), players.join(' '));
});

test('every list the guide names holds every game', () => {
  const lacking = table('Every list of the games').map((row) => {
    const [file] = ticked(row[0]);
    const lacks = missing(row, read(file));
    return lacks.length ? `${file} ${row[1]}: ${lacks.join(', ')}` : '';
  }).filter(Boolean);
  assert.deepEqual(lacking, [], `add the missing games to these lists (${GUIDE}, "Every list of the games")`);
});

test('a list that misses a game is caught', () => {
  const rows = table('Every list of the games');
  const catalog = rows.find((r) => r[0] === '`web/src/games/catalog.js`' && r[1].includes('CATALOG'));
  const text = read('web/src/games/catalog.js');
  const last = ids[ids.length - 1];
  const without = text.replace(/export const CATALOG = \[[^\]]*\]/, (list) => list.replace(`'${last}'`, ''));
  assert.notEqual(without, text);
  assert.deepEqual(missing(catalog, without), [last]);
  const registry = rows.find((r) => r[0] === '`src/registry.c`');
  const unregistered = read('src/registry.c').replace(`&qp_${last},`, '');
  assert.deepEqual(missing(registry, unregistered), [last]);
  // Were a reviewed game without judge(), a list of reviews that holds it
  // would name it, and a list of every game would still want it.
  const reviewed = games.filter((g) => g.judge).at(-1).id;
  const unjudged = games.map((g) => g.id === reviewed ? { ...g, judge: false } : g);
  const reviews = rows.find((r) => r[0] === '`tests/node/review.test.cjs`');
  assert.deepEqual(missing(reviews, read('tests/node/review.test.cjs'), unjudged), [reviewed + ' (not expected)']);
  const noReviewed = text.replace(/export const CATALOG = \[[^\]]*\]/, (list) => list.replace(`'${reviewed}'`, ''));
  assert.deepEqual(missing(catalog, noReviewed, unjudged), [reviewed]);
});

/* The review a game's module (its text) declares: 'moves', 'loss', or null. */
function reviewOf(module) {
  const m = /\breview: \{\s*kind: '(\w+)'/.exec(module);
  return m ? m[1] : null;
}

/* The review the guide asks of a game: judged moves for a two-player game
 * with judge(), a lost game's last move for a one-player one, else none. */
const reviewWanted = (g) => g.judge ? (g.players === 2 ? 'moves' : 'loss') : null;

test("a game the engine judges is reviewed on the page (the module's review field)", () => {
  assert.match(read(GUIDE), /`review: \{kind: 'moves'\}`/, `${GUIDE} no longer says which review a game has`);
  for (const g of games) {
    const file = `web/src/games/${g.id}.js`;
    assert.equal(reviewOf(read(file)), reviewWanted(g), `${file}: its review field (${GUIDE}, "2. The page")`);
  }
  // A module that forgets its review is caught.
  const judged = games.find((g) => g.players === 2 && g.judge);
  const forgot = read(`web/src/games/${judged.id}.js`).replace(/\breview: \{[^}]*\},?/, '');
  assert.equal(reviewOf(forgot), null);
  assert.notEqual(reviewWanted(judged), null);
});

/* The lines of a file that list every game within a few lines: a list. */
function listsEveryGame(text) {
  const lines = text.split('\n');
  const WINDOW = 12;
  for (let i = 0; i < lines.length; i++) {
    const near = lines.slice(i, i + WINDOW).join('\n');
    if (ids.every((id) => new RegExp(`(?<!\\w)${id}(?!\\w)`).test(near))) return i + 1;
  }
  return 0;
}

test('every file that lists every game is in the guide', () => {
  const named = new Set(table('Every list of the games').map((r) => ticked(r[0])[0]));
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0')
    .filter((f) => f && !f.endsWith('.md') && !/^(tests\/data|bench\/records|tests\/fuzz\/regressions)\//.test(f) &&
      f !== 'package-lock.json' && fs.existsSync(path.join(root, f)));
  const unnamed = [];
  for (const f of files) {
    const line = listsEveryGame(read(f));
    if (line && !named.has(f)) unnamed.push(`${f}:${line}`);
  }
  assert.deepEqual(unnamed, [], `these list every game: add them to ${GUIDE}, "Every list of the games"`);
});

test('a list of every game in a file is found', () => {
  assert.ok(listsEveryGame(`const x = [\n${ids.map((id) => `  '${id}',`).join('\n')}\n];\n`));
  assert.equal(listsEveryGame(`const x = ['${ids.slice(1).join("', '")}'];\n`), 0);
});

test("every game's names are where the guide says", () => {
  const names = read('web/src/games/catalog.js');
  for (const [where] of table('Where the games are named')) {
    const [file] = ticked(where);
    const text = read(file).replace(/\\'/g, "'").toLowerCase(); // as the JS string says it
    for (const id of ids) {
      const m = new RegExp(`${id}: \\{ zh: '([^']+)', en: (['"])(.+?)\\2 \\}`).exec(names);
      assert.ok(m, `GAME_NAMES has no names for ${id}`);
      assert.ok(text.includes(m[1]), `${file}: ${id}'s Chinese name ${m[1]}`);
      assert.ok(text.includes(m[3].toLowerCase()), `${file}: ${id}'s English name ${m[3]}`);
    }
  }
});

const ENGLISH = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten',
  'eleven', 'twelve'];
const CHINESE = ['零', '一', '两', '三', '四', '五', '六', '七', '八', '九', '十', '十一', '十二'];

test('the number of games is written right where the guide says', () => {
  const en = ENGLISH[ids.length], zh = CHINESE[ids.length] + '种';
  for (const [where, words] of table('Where the number of games is written')) {
    const [file] = ticked(where);
    const text = read(file);
    for (const w of ticked(words)) {
      const ascii = /^[\x20-\x7e]+$/.test(w);
      assert.equal(ascii ? w.toLowerCase() : w, ascii ? en : zh, `${GUIDE}: ${file} should say ${en} games`);
      const said = ascii ? new RegExp(`\\b${w}\\b`, 'i') : new RegExp(w);
      assert.match(text, said, `${file} no longer says "${w}"`);
    }
  }
});

test('every game has the files the guide names', () => {
  for (const [cell] of table('Files every game has')) {
    const [pattern] = ticked(cell);
    for (const id of ids) {
      const file = pattern.replaceAll('<id>', id);
      assert.ok(fs.existsSync(path.join(root, file)), `${file} (${GUIDE}, "Files every game has")`);
    }
  }
});
