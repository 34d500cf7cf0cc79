/* engine/worker.js: the AI thinks in a Web Worker so the page never freezes.
 * The worker is built from this script's own source (the engine factory
 * and makeEngine, passed to workerMain as arguments) as a Blob URL, which
 * works from file://. A worker that dies or hangs is replaced and the call
 * fails with an Error; where workers are not allowed (a strict host CSP),
 * calls run on the page. */
import { engine, loadEngine, makeEngine, qipanEngineFactory, qipanWasmBase64, wasmBytes } from './load.js';

/**
 * Runs inside the worker: the engine answers {id, method, args} messages.
 * Self-contained: everything it needs comes in as arguments.
 * @param {Function} factory emcc's engine factory
 * @param {Function} make makeEngine
 * @param {(base64: string) => Promise<ArrayBuffer|Uint8Array>} bytes wasmBytes
 * @param {string} wasm the wasm, base64
 */
function workerMain(factory, make, bytes, wasm) {
  /** @type {any} */
  let api = null;
  /** @type {any[]} */
  const queue = [];
  /** @param {{id: number, method: string, args: any[]}} msg */
  function handle(msg) {
    /** @type {{id: number, value?: any, error?: string, fatal?: boolean}} */
    const reply = { id: msg.id };
    try {
      reply.value = api[msg.method](...msg.args);
    } catch (e) {
      const err = /** @type {any} */ (e);
      reply.error = String((err && err.message) || err);
      // Anything but the engine's own refusal (a wasm trap, an abort) may
      // leave the instance broken: the page replaces this worker.
      reply.fatal = !(err && err.name === 'QipanError');
    }
    postMessage(reply);
  }
  let reviewing = 0; // the review job running; a new message of any kind stops it
  /** A game review, a ply at a time: progress after each ply; a pause
   * between plies lets a newer message (a cancel) arrive and stop it.
   * @param {{id: number, args: any[]}} msg */
  function review(msg) {
    const job = reviewing = msg.id;
    /** @param {() => any} fn */
    const guard = (fn) => {
      try {
        return fn();
      } catch (e) {
        const err = /** @type {any} */ (e);
        postMessage({ id: msg.id, error: String((err && err.message) || err), fatal: !(err && err.name === 'QipanError') });
        reviewing = 0;
        return null;
      }
    };
    const begun = guard(() => api.reviewBegin(msg.args[0], msg.args[1]));
    if (!begun) return;
    let done = 0;
    const step = () => {
      if (reviewing !== job) return;
      if (done >= begun.plies) {
        reviewing = 0;
        guard(() => postMessage({ id: msg.id, value: api.reviewResult() }));
        return;
      }
      const entry = guard(() => api.reviewStep());
      if (!entry) return;
      done++;
      postMessage({ id: msg.id, progress: { done, total: begun.plies, entry } });
      setTimeout(step, 0);
    };
    step();
  }
  /** @param {any} msg */
  function receive(msg) {
    reviewing = 0;
    if (msg.method === 'review') review(msg);
    else if (msg.method !== 'reviewCancel') handle(msg);
  }
  onmessage = (e) => {
    if (api) receive(e.data);
    else queue.push(e.data);
  };
  bytes(wasm).then((wasmBinary) => factory()({ wasmBinary })).then((/** @type {any} */ Module) => {
    api = make(Module);
    postMessage({ ready: true });
    queue.splice(0).forEach(receive);
  });
}

/** @type {string|null} */
let workerSource = null;

function workerUrl() {
  if (!workerSource) {
    workerSource = `(${workerMain})(${qipanEngineFactory}, ${makeEngine}, ${wasmBytes}, ` +
      `${JSON.stringify(qipanWasmBase64)});`;
  }
  return URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' }));
}

/**
 * @typedef {object} Pending
 * @property {(value: any) => void} resolve
 * @property {(error: Error) => void} reject
 * @property {ReturnType<typeof setTimeout>} timer
 * @property {(progress: any) => void} [onProgress] a review's news after each ply
 */

/** A client for one worker: call(method, args) returns a Promise. */
export class AiWorker {
  /** @param {{timeoutMs?: number}} [options] */
  constructor(options) {
    this.timeoutMs = (options && options.timeoutMs) || 20000;
    /** @type {Record<number, Pending>} */
    this.pending = {};
    this.nextId = 1;
    /** @type {Worker|null} */
    this.worker = null;
    this.inline = false;
    this.restarts = 0;
  }

  start() {
    let url;
    try {
      url = workerUrl();
      this.worker = new Worker(url);
    } catch {
      this.inline = true; // no workers here: think on the page instead
      return;
    }
    const worker = this.worker;
    worker.onmessage = (e) => {
      const msg = e.data;
      if (msg.ready) {
        URL.revokeObjectURL(url);
        return;
      }
      const p = this.pending[msg.id];
      if (!p) return;
      if (msg.progress) {
        this.restartTimer(msg.id);
        if (p.onProgress) p.onProgress(msg.progress);
        return;
      }
      delete this.pending[msg.id];
      clearTimeout(p.timer);
      if ('error' in msg) {
        p.reject(new Error(msg.error));
        if (msg.fatal) this.fail(new Error('the AI worker failed: ' + msg.error));
      } else {
        p.resolve(msg.value);
      }
    };
    worker.onerror = (e) => {
      if (e && e.preventDefault) e.preventDefault();
      this.fail(new Error('the AI worker stopped: ' + ((e && e.message) || 'unknown error')));
    };
  }

  /** Rejects everything in flight and replaces the worker.
   * @param {Error} error */
  fail(error) {
    const pending = this.pending;
    this.pending = {};
    for (const p of Object.values(pending)) {
      clearTimeout(p.timer);
      p.reject(error);
    }
    this.stop();
    this.restarts++;
  }

  /** @param {string} method an engine method @param {any[]} args @returns {Promise<any>} */
  call(method, args) {
    if (!this.worker && !this.inline) this.start();
    if (this.inline) {
      return loadEngine()
        .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
        .then(() => /** @type {any} */ (engine)[method](...args));
    }
    const id = this.nextId++;
    const worker = /** @type {Worker} */ (this.worker);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.fail(new Error('the AI took too long and was restarted'));
      }, this.timeoutMs);
      this.pending[id] = { resolve, reject, timer };
      worker.postMessage({ id, method, args });
    });
  }

  /** A ply that answers in time gives the next one the whole time again.
   * @param {number} id */
  restartTimer(id) {
    const p = this.pending[id];
    clearTimeout(p.timer);
    p.timer = setTimeout(() => this.fail(new Error('the review took too long and was restarted')), this.timeoutMs);
  }

  /** Reviews a game (a link or record) in the worker, a ply at a time;
   * onProgress hears of each ply. Never on the page: where workers are not
   * allowed, it refuses.
   * @param {string} text @param {number|null} level @param {(progress: any) => void} onProgress
   * @returns {Promise<any>} the review's JSON */
  review(text, level, onProgress) {
    if (!this.worker && !this.inline) this.start();
    if (this.inline) return Promise.reject(new Error('no worker'));
    const id = this.nextId++;
    const worker = /** @type {Worker} */ (this.worker);
    return new Promise((resolve, reject) => {
      this.pending[id] = { resolve, reject, onProgress, timer: setTimeout(() => {}, 0) };
      this.restartTimer(id);
      worker.postMessage({ id, method: 'review', args: [text, level] });
    });
  }

  /** Stops a review in flight; its promise fails with 'cancelled'. */
  cancelReview() {
    const ids = Object.keys(this.pending);
    if (!ids.length || !this.worker) return;
    this.worker.postMessage({ method: 'reviewCancel' });
    for (const id of ids) {
      const p = this.pending[Number(id)];
      delete this.pending[Number(id)];
      clearTimeout(p.timer);
      p.reject(new Error('cancelled'));
    }
  }

  /** Drops the answer of everything in flight (a newer question wins). */
  cancel() {
    if (Object.keys(this.pending).length) this.fail(new Error('cancelled'));
  }

  stop() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
  }
}
