#!/usr/bin/env node
// The C sources' calls: no loop of calls (or of references to functions
// and tables) between the files of src/. Where check_includes.cjs reads
// what a file includes, this reads what its object file needs: nm lists
// the symbols each object defines and those it leaves undefined, and an
// object that needs a symbol depends on the one that defines it. A loop
// (rules.c fills a table that names the AI, and the AI uses the rules)
// fails, naming the files and one symbol for each step. `make test` runs
// it on the plain build's objects; an object whose source is gone (a file
// since renamed) is left out. Usage:
//   node tools/check_calls.cjs OBJ_DIR [SRC_DIR]   (OBJ_DIR/x/y.o is SRC_DIR/x/y.c;
//                                                  default SRC_DIR: src)
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { loops } = require('./graph.cjs');

function objectFiles(dir, rel = '') {
  const out = [];
  for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...objectFiles(dir, child));
    else if (entry.name.endsWith('.o')) out.push(child);
  }
  return out.sort();
}

/* {defined, needed}: the object's global symbols, from `nm -P`. */
function symbolsOf(file) {
  const r = spawnSync('nm', ['-P', file], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`nm ${file}: ${r.stderr.trim()}`);
  const defined = [], needed = [];
  for (const line of r.stdout.split('\n')) {
    const [name, type] = line.split(' ');
    if (!type) continue;
    if (type === 'U') needed.push(name);
    else if (/^[A-Z]$/.test(type) && type !== 'N') defined.push(name);
  }
  return { defined, needed };
}

function check(objDir, srcDir) {
  const objects = objectFiles(objDir).filter((o) => fs.existsSync(path.join(srcDir, o.replace(/\.o$/, '.c'))));
  const sourceOf = (o) => o.replace(/\.o$/, '.c');
  const definer = new Map();
  const symbols = new Map();
  for (const o of objects) {
    const s = symbolsOf(path.join(objDir, o));
    symbols.set(o, s);
    for (const name of s.defined) definer.set(name, sourceOf(o));
  }
  const graph = new Map();
  const why = new Map(); // "from\tto" -> a symbol that makes the edge
  let edges = 0;
  for (const o of objects) {
    const from = sourceOf(o);
    const targets = new Set();
    for (const name of symbols.get(o).needed) {
      const to = definer.get(name);
      if (!to || to === from) continue;
      if (!targets.has(to)) why.set(`${from}\t${to}`, name);
      targets.add(to);
    }
    graph.set(from, [...targets].sort());
    edges += targets.size;
  }
  const problems = loops(graph).map((group) => {
    const steps = [];
    for (const from of group) {
      for (const to of graph.get(from)) {
        if (group.includes(to)) steps.push(`${from} -> ${to} (${why.get(`${from}\t${to}`)})`);
      }
    }
    return `call loop between ${group.join(', ')}: ${steps.join('; ')}`;
  });
  return { files: objects.length, edges, problems };
}

if (require.main === module) {
  const objDir = process.argv[2];
  if (!objDir) {
    console.error('usage: node tools/check_calls.cjs OBJ_DIR [SRC_DIR]');
    process.exit(2);
  }
  const r = check(objDir, process.argv[3] || path.join(__dirname, '..', 'src'));
  if (r.problems.length) {
    for (const p of r.problems) console.error(`check_calls: ${p}`);
    process.exit(1);
  }
  console.log(`check_calls: ${r.files} files, ${r.edges} dependencies, no loop`);
}

module.exports = { check };
