// A dependency graph's cycles, for tools/check_includes.cjs (C includes)
// and tools/check_imports.cjs (the page's ES modules).
'use strict';

/* Every cycle of `graph` (Map: node -> [nodes it depends on]), each once,
 * as the list of nodes along it, its first node again at the end. */
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

module.exports = { findCycles };
