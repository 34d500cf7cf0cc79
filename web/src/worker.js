/* ---- worker.js: the AI thinks in a Web Worker so the page never freezes.
 * The worker is built from this script's own source (engine factory and
 * makeEngine) as a Blob URL, which works from file://. A worker that
 * dies or hangs is replaced and the call fails with an Error; where
 * workers are not allowed (a strict host CSP), calls run on the page. */

/* Runs inside the worker. */
function qpWorkerMain() {
  var engine = null;
  var queue = [];
  function handle(msg) {
    var reply = { id: msg.id };
    try {
      reply.value = engine[msg.method].apply(null, msg.args);
    } catch (e) {
      reply.error = String(e && e.message || e);
      // Anything but the engine's own refusal (a wasm trap, an abort) may
      // leave the instance broken: the page replaces this worker.
      reply.fatal = !(e && e.name === 'QipanError');
    }
    postMessage(reply);
  }
  onmessage = function (e) {
    if (engine) handle(e.data); else queue.push(e.data);
  };
  qipanEngineFactory()({}).then(function (Module) {
    engine = makeEngine(Module);
    postMessage({ ready: true });
    queue.splice(0).forEach(handle);
  });
}

var qpWorkerSource = null;

function qpWorkerUrl() {
  if (!qpWorkerSource) {
    qpWorkerSource = [
      qipanEngineFactory.toString(),
      makeEngine.toString(),
      '(' + qpWorkerMain.toString() + ')();'
    ].join('\n');
  }
  return URL.createObjectURL(new Blob([qpWorkerSource], { type: 'text/javascript' }));
}

/* A client for one worker: call(method, args) returns a Promise. */
function QpWorker(options) {
  this.timeoutMs = (options && options.timeoutMs) || 20000;
  this.pending = {};
  this.nextId = 1;
  this.worker = null;
  this.inline = false;
  this.restarts = 0;
}

QpWorker.prototype.start = function () {
  var self = this;
  var url;
  try {
    url = qpWorkerUrl();
    this.worker = new Worker(url);
  } catch (e) {
    this.inline = true; // no workers here: think on the page instead
    return;
  }
  this.worker.onmessage = function (e) {
    var msg = e.data;
    if (msg.ready) { URL.revokeObjectURL(url); return; }
    var p = self.pending[msg.id];
    if (!p) return;
    delete self.pending[msg.id];
    clearTimeout(p.timer);
    if ('error' in msg) {
      p.reject(new Error(msg.error));
      if (msg.fatal) self.fail(new Error('the AI worker failed: ' + msg.error));
    } else {
      p.resolve(msg.value);
    }
  };
  this.worker.onerror = function (e) {
    if (e && e.preventDefault) e.preventDefault();
    self.fail(new Error('the AI worker stopped: ' + (e && e.message || 'unknown error')));
  };
};

/* Rejects everything in flight and replaces the worker. */
QpWorker.prototype.fail = function (error) {
  var pending = this.pending;
  this.pending = {};
  Object.keys(pending).forEach(function (id) {
    clearTimeout(pending[id].timer);
    pending[id].reject(error);
  });
  this.stop();
  this.restarts++;
};

QpWorker.prototype.call = function (method, args) {
  var self = this;
  if (!this.worker && !this.inline) this.start();
  if (this.inline) {
    return qpLoadEngine().then(function () {
      return new Promise(function (resolve) { setTimeout(resolve, 0); });
    }).then(function () { return Qipan.engine[method].apply(null, args); });
  }
  var id = this.nextId++;
  return new Promise(function (resolve, reject) {
    var timer = setTimeout(function () {
      self.fail(new Error('the AI took too long and was restarted'));
    }, self.timeoutMs);
    self.pending[id] = { resolve: resolve, reject: reject, timer: timer };
    self.worker.postMessage({ id: id, method: method, args: args });
  });
};

/* Drops the answer of everything in flight (a newer question wins). */
QpWorker.prototype.cancel = function () {
  if (Object.keys(this.pending).length) this.fail(new Error('cancelled'));
};

QpWorker.prototype.stop = function () {
  if (this.worker) this.worker.terminate();
  this.worker = null;
};
