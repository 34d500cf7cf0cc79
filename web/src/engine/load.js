/* engine/load.js: the page's engine. Qipan.engine answers once the wasm
 * is loaded (Qipan.ready); before that every call throws a clear Error. */
import { qipanEngineFactory, qipanWasmBase64 } from 'qipan-engine-factory';
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

/**
 * The wasm's bytes from its base64 text: fetch() of a data: URI decodes
 * natively; Buffer in node; atob where a host's CSP refuses data: fetches.
 * Self-contained: the AI's worker gets its source.
 * @param {string} base64 @returns {Promise<ArrayBuffer|Uint8Array>}
 */
export function wasmBytes(base64) {
  const nodeBuffer = /** @type {any} */ (globalThis).Buffer;
  if (typeof nodeBuffer === 'function') return Promise.resolve(new Uint8Array(nodeBuffer.from(base64, 'base64')));
  const decode = () => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return fetch('data:application/octet-stream;base64,' + base64).then((r) => r.arrayBuffer()).catch(decode);
}

/** Instantiates the wasm engine once; resolves when `engine` answers.
 * @returns {Promise<void>} */
export function loadEngine() {
  if (!loading) {
    loading = wasmBytes(qipanWasmBase64)
      .then((wasmBinary) => qipanEngineFactory()({ wasmBinary }))
      .then((/** @type {any} */ Module) => {
        Object.assign(engine, makeEngine(Module));
      });
  }
  return loading;
}

export { qipanEngineFactory, qipanWasmBase64, makeEngine };
