#!/usr/bin/env node
// The C sources' shape: every #include "..." under src/ points down the
// layers, never into another game, and no chain of includes comes back to
// where it started. `make test` runs it; it exits 1 naming each offence.
//
//   base      game.h, util, rng             (the interface and its tools)
//   search    search/                       (helpers two or more games share)
//   game      games/<id>/                   (one game; never another game)
//   registry  registry.c                    (the table of games)
//   engine    engine.{h,c}                  (checked text calls)
//   record    record.{h,c}                  (links and records of games)
//   review    review.{h,c}                  (a game judged move by move)
//   match     match.{h,c}                   (AI against AI)
//   cli, wasm cli/, wasm/                   (the two front ends)
//
// A file may include its own component or a lower layer. Inside a
// component, a header and the .c of the same name are one module
// (rules.h and rules.c: "rules"), and modules include one way: rules.c
// may not include ai.h while ai.c includes rules.h. Usage:
//   node tools/check_includes.cjs [SRC_DIR]     (default: src)
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { findCycles, loops } = require('./graph.cjs');

const LAYERS = ['base', 'search', 'game', 'registry', 'engine', 'record', 'review', 'match', 'front'];

/* The component and layer of a file, from its path under src; null if it
 * belongs to no known layer (a new folder must be placed first). */
function componentOf(rel) {
  const parts = rel.split('/');
  if (parts.length === 1) {
    const stem = parts[0].replace(/\.[ch]$/, '');
    if (['game', 'util', 'rng'].includes(stem)) return { name: 'base', layer: 'base' };
    if (['registry', 'engine', 'record', 'review', 'match'].includes(stem)) return { name: stem, layer: stem };
    return null;
  }
  if (parts[0] === 'search' && parts.length === 2) return { name: 'search', layer: 'search' };
  if (parts[0] === 'games' && parts.length === 3) return { name: `games/${parts[1]}`, layer: 'game' };
  if ((parts[0] === 'cli' || parts[0] === 'wasm') && parts.length === 2) {
    return { name: parts[0], layer: 'front' };
  }
  return null;
}

function sourceFiles(dir, rel = '') {
  const out = [];
  for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...sourceFiles(dir, child));
    else if (/\.[ch]$/.test(entry.name)) out.push(child);
  }
  return out.sort();
}

/* The quoted includes of a file, resolved as the compiler does with -Isrc:
 * beside the file first, then from src. */
function includesOf(srcDir, rel, known) {
  const text = fs.readFileSync(path.join(srcDir, rel), 'utf8');
  const found = [];
  text.split('\n').forEach((line, i) => {
    const m = /^\s*#\s*include\s+"([^"]+)"/.exec(line);
    if (!m) return;
    const beside = path.posix.normalize(path.posix.join(path.posix.dirname(rel), m[1]));
    const fromRoot = path.posix.normalize(m[1]);
    const target = known.has(beside) ? beside : known.has(fromRoot) ? fromRoot : null;
    found.push({ line: i + 1, text: m[1], target });
  });
  return found;
}

const moduleOf = (file) => file.replace(/\.[ch]$/, '');

/* Loops between modules: each as its modules and the includes that close
 * it, one a step. */
function moduleLoops(graph) {
  const modules = new Map();
  const why = new Map();
  for (const [file, targets] of graph) {
    const from = moduleOf(file);
    if (!modules.has(from)) modules.set(from, []);
    for (const target of targets) {
      const to = moduleOf(target);
      if (to === from || modules.get(from).includes(to)) continue;
      modules.get(from).push(to);
      why.set(`${from}\t${to}`, `${file} includes ${path.posix.basename(target)}`);
    }
  }
  return loops(modules).map((group) => {
    const steps = [];
    for (const from of group) {
      for (const to of modules.get(from)) if (group.includes(to)) steps.push(why.get(`${from}\t${to}`));
    }
    return `include loop between ${group.join(', ')}: ${steps.join('; ')}`;
  });
}

function check(srcDir) {
  const files = sourceFiles(srcDir);
  const known = new Set(files);
  const problems = [];
  const graph = new Map();
  let edges = 0;
  for (const file of files) {
    const from = componentOf(file);
    if (!from) problems.push(`${file}: not in a known layer (see tools/check_includes.cjs)`);
    graph.set(file, []);
    for (const inc of includesOf(srcDir, file, known)) {
      const where = `${file}:${inc.line}`;
      if (!inc.target) {
        problems.push(`${where}: #include "${inc.text}" is not a file under src`);
        continue;
      }
      graph.get(file).push(inc.target);
      edges++;
      const to = componentOf(inc.target);
      if (!from || !to || from.name === to.name) continue;
      if (LAYERS.indexOf(to.layer) >= LAYERS.indexOf(from.layer)) {
        const why = from.layer === 'game' && to.layer === 'game' ? 'another game' : `a layer above or beside it (${to.name})`;
        problems.push(`${where}: includes ${inc.target}, ${why}`);
      }
    }
  }
  for (const cycle of findCycles(graph)) problems.push(`include cycle: ${cycle.join(' -> ')}`);
  if (!problems.length) problems.push(...moduleLoops(graph));
  return { files: files.length, edges, problems };
}

if (require.main === module) {
  const srcDir = process.argv[2] || path.join(__dirname, '..', 'src');
  const r = check(srcDir);
  if (r.problems.length) {
    for (const p of r.problems) console.error(`check_includes: ${p}`);
    process.exit(1);
  }
  console.log(`check_includes: ${r.files} files, ${r.edges} includes, all downward, no cycle`);
}

module.exports = { check, componentOf };
