#!/usr/bin/env node
// No source file of ours over 800 lines: a longer one holds more than one
// part and is split where a part has its own state. Generated tables and
// the built bundle are not read by people and are left out. `make test`
// runs it on the files git tracks. Usage:
//   node tools/check_lengths.cjs [ROOT]   (default: the repository)
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const MAX_LINES = 800;
const SOURCE = /\.(c|h|js|cjs|mjs|ts|py|sh)$/;
const GENERATED = new Set(['src/games/connect4/book_data.c', 'src/games/gomoku/eval_table.c',
  'src/games/gomoku/nnue_weights.c',
  'web/qipan.js']);

function trackedSources(root) {
  const out = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' });
  return out.split('\0').filter((f) => SOURCE.test(f) && !GENERATED.has(f) &&
    fs.existsSync(path.join(root, f)));
}

function lineCount(file) {
  const text = fs.readFileSync(file, 'utf8');
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

function check(root) {
  const files = trackedSources(root);
  const problems = [];
  for (const f of files) {
    const n = lineCount(path.join(root, f));
    if (n > MAX_LINES) problems.push(`${f}: ${n} lines (at most ${MAX_LINES}: split it where a part has its own state)`);
  }
  return { files: files.length, problems };
}

if (require.main === module) {
  const root = process.argv[2] || path.join(__dirname, '..');
  const r = check(root);
  if (r.problems.length) {
    for (const p of r.problems) console.error(`check_lengths: ${p}`);
    process.exit(1);
  }
  console.log(`check_lengths: ${r.files} source files, none over ${MAX_LINES} lines`);
}

module.exports = { check, MAX_LINES };
