/* api.js: what the package gives, built once for both of its forms:
 * index.js publishes it as the classic script's global Qipan (and node's
 * require), module.js as the ES module's named exports. Importing it loads
 * the engine and defines <qipan-game>. */
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
export const Qipan = {
  version: '1.0.0',
  engine,
  ready: /** @type {any} */ (null),
  mount,
};
Qipan.ready = loadEngine().then(() => Qipan);
defineElement();
