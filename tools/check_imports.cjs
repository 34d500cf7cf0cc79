#!/usr/bin/env node
// The page's module graph, from esbuild's metafile (build/meta.json, written
// by tools/bundle.cjs): prints which module imports which, writes it as a
// Graphviz file (build/modules.dot), and exits 1 on an import cycle.
//   node tools/check_imports.cjs [META_JSON]
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { findCycles } = require('./graph.cjs');

const PREFIX = 'web/src/';

/* {module: [modules it imports]} for the page's own modules. */
function graphOf(meta) {
  const graph = new Map();
  for (const [file, input] of Object.entries(meta.inputs)) {
    if (!file.startsWith(PREFIX)) continue;
    const deps = input.imports.map((i) => i.path).filter((p) => p.startsWith(PREFIX));
    graph.set(file.slice(PREFIX.length), deps.map((p) => p.slice(PREFIX.length)));
  }
  return graph;
}

function dot(graph) {
  const lines = ['digraph qipan_page {', '  rankdir=LR; node [shape=box, fontname="sans-serif"];'];
  for (const [file, deps] of [...graph].sort()) {
    for (const dep of deps) lines.push(`  "${file}" -> "${dep}";`);
  }
  lines.push('}');
  return lines.join('\n') + '\n';
}

if (require.main === module) {
  const metaFile = process.argv[2] || path.join(__dirname, '..', 'build', 'meta.json');
  const graph = graphOf(JSON.parse(fs.readFileSync(metaFile, 'utf8')));
  fs.writeFileSync(path.join(path.dirname(metaFile), 'modules.dot'), dot(graph));
  if (process.env.QIPAN_SHOW_GRAPH) {
    for (const [file, deps] of [...graph].sort()) console.log(`${file} -> ${deps.join(', ') || '-'}`);
  }
  const cycles = findCycles(graph);
  if (cycles.length) {
    for (const c of cycles) console.error(`check_imports: import cycle: ${c.join(' -> ')}`);
    process.exit(1);
  }
  const arrows = [...graph.values()].reduce((n, d) => n + d.length, 0);
  console.log(`check_imports: ${graph.size} modules, ${arrows} imports, no cycle (graph: build/modules.dot)`);
}

module.exports = { graphOf };
