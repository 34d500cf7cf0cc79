/* ---- epilogue.js: publish the one global. */
if (typeof module === 'object' && module && module.exports) {
  module.exports = Qipan;
} else {
  var qpRoot = typeof globalThis !== 'undefined' ? globalThis : window;
  if (!qpRoot.Qipan) qpRoot.Qipan = Qipan;
}
})();
