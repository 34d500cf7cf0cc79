// A dependency graph's cycles, for tools/check_includes.cjs (C includes),
// tools/check_calls.cjs (C calls) and tools/check_imports.cjs (the page's
// ES modules).
'use strict';

/* Every cycle of `graph` (Map: node -> [nodes it depends on]) that a
 * depth-first walk closes, each once, as the list of nodes along it, its
 * first node again at the end. Empty exactly when the graph has no cycle. */
function findCycles(graph) {
  const state = new Map(); // 1 on the stack, 2 done
  const stack = [];
  const cycles = [];
  const visit = (node) => {
    state.set(node, 1);
    stack.push(node);
    for (const next of graph.get(node) || []) {
      if (state.get(next) === 1) cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 2);
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

/* The groups of nodes that all reach one another (Tarjan's strongly
 * connected components) with more than one node, each sorted: a loop of
 * dependencies, however many cycles run through it. */
function loops(graph) {
  let counter = 0;
  const index = new Map(), low = new Map(), onStack = new Set(), stack = [], found = [];
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) || []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), index.get(next)));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group = [];
    let top;
    do {
      top = stack.pop();
      onStack.delete(top);
      group.push(top);
    } while (top !== node);
    if (group.length > 1) found.push(group.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found.sort((a, b) => a[0].localeCompare(b[0]));
}

module.exports = { findCycles, loops };
