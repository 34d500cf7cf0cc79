/* Qipan (棋盘): six grid board games, rules and AIs in C compiled to wasm.
 * The entry of the page's one script (make bundles web/src into
 * web/qipan.js with esbuild): it defines one global, Qipan, or in node
 * returns it from require(). */
import { mount, defineElement } from './app/mount.js';
import { engine, loadEngine } from './engine/load.js';
import './games/index.js';

/**
 * The one global.
 * @typedef {object} QipanApi
 * @property {string} version
 * @property {import('./engine/api.js').QipanEngine} engine the CLI's contract (answers once ready)
 * @property {Promise<QipanApi>} ready resolves once the engine is loaded
 * @property {typeof mount} mount draws a game inside an element
 */

/** @type {QipanApi} */
const Qipan = {
  version: '1.0.0',
  engine,
  ready: /** @type {any} */ (null),
  mount,
};
Qipan.ready = loadEngine().then(() => Qipan);
defineElement();

// The bundle's wrapper (tools/bundle.cjs) publishes it: node's
// module.exports, or the global Qipan.
qipanPublish(Qipan);
