/* engine/load.js: the page's engine. Qipan.engine answers once the wasm
 * is loaded (Qipan.ready); before that every call throws a clear Error. */
import { qipanEngineFactory } from 'qipan-engine-factory';
import { makeEngine } from './api.js';

/** @typedef {import('./api.js').QipanEngine} QipanEngine */

const METHODS = ['list', 'info', 'newGame', 'legal', 'apply', 'move', 'status', 'show', 'describe', 'ai',
  'aiInfo', 'analyze', 'link', 'record', 'open', 'review', 'reviewBegin', 'reviewStep', 'reviewResult'];

function notLoaded() {
  throw new Error('the Qipan engine is still loading: wait for Qipan.ready');
}

/** The one engine of the page, filled in when the wasm has loaded.
 * @type {QipanEngine} */
export const engine = /** @type {any} */ (Object.fromEntries(METHODS.map((name) => [name, notLoaded])));

/** @type {Promise<void>|null} */
let loading = null;

/** Instantiates the wasm engine once; resolves when `engine` answers.
 * @returns {Promise<void>} */
export function loadEngine() {
  if (!loading) {
    loading = qipanEngineFactory()({}).then((/** @type {any} */ Module) => {
      Object.assign(engine, makeEngine(Module));
    });
  }
  return loading;
}

export { qipanEngineFactory, makeEngine };
