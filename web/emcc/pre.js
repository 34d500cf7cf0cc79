/* emcc's engine factory as an ES module (make writes build/engine-factory.js:
 * this, emcc's output, then post.js). The factory's whole source, wasm
 * inlined, is what the AI's worker is started from (web/src/engine/worker.js). */
export function qipanEngineFactory() {
  // Keep emcc's module loader from touching the host page's module systems.
  var define, exports, module;
