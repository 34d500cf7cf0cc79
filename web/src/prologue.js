/* Qipan (棋盘) — six grid board games, rules and AIs in C compiled to wasm.
 * This one file holds the engine (wasm inlined) and the page's UI; it
 * defines one global, Qipan. The engine's code sits in a factory function
 * so that a Web Worker can be started from its source (a Blob URL worker
 * works from file://). Built by `make` from web/src; do not edit. */
(function () {
function qipanEngineFactory() {
  // Keep emcc's module loader from touching the host page's module systems.
  var define, exports, module;
