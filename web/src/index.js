/* Qipan (棋盘): six grid board games, rules and AIs in C compiled to wasm.
 * The entry of the page's one script (make bundles web/src into
 * web/qipan.js with esbuild): it defines one global, Qipan, or in node
 * returns it from require(). */
import { Qipan } from './api.js';

// The bundle's wrapper (tools/bundle.cjs) publishes it: node's
// module.exports, or the global Qipan.
qipanPublish(Qipan);
