#!/usr/bin/env node
// The page's owners (web/src): every piece of state has one writer.
//   - No module of app/ but app.js writes a field of the App (an
//     assignment, ++ or delete through `app.` or `this.app.`): the others
//     ask it, or the part that owns the state, through its methods.
//   - No file but app/saved-game.js writes the game's record (`rec.`):
//     SavedGame keeps its positions, moves and settings in step.
//   - app/ names no game: what it needs to know of one is a field of the
//     game's module (app/registry.js GameModule); the ids are those of
//     games/catalog.js.
// Comments are left out (esbuild reprints each file without them or its spaces), so that
// they may still speak of a game. Exits 1 and names each offence.
//   node tools/check_owners.cjs [ROOT]   (default: the repository)
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const ASSIGN = String.raw`\s*(?:[-+*/%&|^]|\*\*|<<|>>>?|&&|\|\||\?\?)?=(?!=)`;
const CHAIN = String.raw`(?:\s*(?:\?\.|\.)\s*[A-Za-z_$][\w$]*|\[[^\]]*\])+`;
// `app.x = ...`, `this.app.x.y += ...`, `app.x++`, `--app.x`, `delete app.x`.
const APP_WRITE = new RegExp(String.raw`(?<![\w$.])(?:this\.)?app${CHAIN}(?:${ASSIGN}|\s*(?:\+\+|--))|` +
  String.raw`(?:\+\+|--|\bdelete\s+)(?:this\.)?app${CHAIN}`, 'g');
// The same through any chain with a `rec` link: `rec.seed = `, `app.rec.settings[k] = `,
// and the record's lists changed in place.
const REC = String.raw`(?<![\w$])(?:[A-Za-z_$][\w$]*\s*\.\s*)*rec(?:${CHAIN})`;
const REC_WRITE = new RegExp(String.raw`${REC}(?:${ASSIGN}|\s*(?:\+\+|--))|(?:\+\+|--|\bdelete\s+)${REC}|` +
  String.raw`${REC.replace('(?:' + CHAIN + ')', '')}\s*\.\s*(?:history|moves|settings|extra)\s*\.\s*` +
  String.raw`(?:push|pop|shift|unshift|splice|sort|reverse|fill|copyWithin)\s*\(`, 'g');

/** A file's code without its comments (esbuild's reprint).
 * @param {string} file @param {string} text */
function code(file, text) {
  const esbuild = require('esbuild');
  return esbuild.transformSync(text, { loader: 'js', format: 'esm', sourcefile: file, minifyWhitespace: true,
    legalComments: 'none' }).code;
}

/** The games' ids: the catalogue's literal. @param {string} catalog the text of games/catalog.js */
function gameIds(catalog) {
  const found = /export const CATALOG = (\[[^\]]*\]);/.exec(catalog);
  if (!found) throw new Error('games/catalog.js: no CATALOG literal');
  return JSON.parse(found[1].replace(/'/g, '"'));
}

const lines = (matches) => matches.map((m) => m[0].replace(/\s+/g, ' ').trim());

/** The offences in `files` ({name: its path under web/src, text}).
 * @param {{name: string, text: string}[]} files @param {string[]} ids @returns {string[]} */
function check(files, ids) {
  const problems = [];
  const named = new RegExp(String.raw`\b(?:${ids.map((id) => id.replace(/[^\w]/g, '')).join('|')})\b`, 'g');
  for (const { name, text } of files) {
    const body = code(name, text);
    const inApp = name.startsWith('app/');
    if (inApp && name !== 'app/app.js') {
      for (const w of lines([...body.matchAll(APP_WRITE)])) problems.push(`${name}: writes the App's field: ${w}`);
    }
    if (name !== 'app/saved-game.js') {
      for (const w of lines([...body.matchAll(REC_WRITE)])) {
        problems.push(`${name}: writes the record (only app/saved-game.js does): ${w}`);
      }
    }
    if (inApp) {
      for (const id of new Set(lines([...body.matchAll(named)]))) {
        problems.push(`${name}: names the game '${id}' (make it a field of the game's module)`);
      }
    }
  }
  return problems;
}

/** Every module of the page under `src`. @param {string} src */
function pageFiles(src) {
  const out = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.js')) {
        out.push({ name: path.relative(src, full).split(path.sep).join('/'), text: fs.readFileSync(full, 'utf8') });
      }
    }
  };
  walk(src);
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

if (require.main === module) {
  const root = process.argv[2] || path.join(__dirname, '..');
  const src = path.join(root, 'web', 'src');
  const files = pageFiles(src);
  const problems = check(files, gameIds(fs.readFileSync(path.join(src, 'games', 'catalog.js'), 'utf8')));
  for (const p of problems) console.error(`check_owners: ${p}`);
  if (problems.length) process.exit(1);
  console.log(`check_owners: ${files.length} modules: only app.js writes the App, only saved-game.js the record; ` +
    'app/ names no game');
}

module.exports = { check, gameIds, pageFiles };
