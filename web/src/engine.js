  return QipanEngine;
}

/* ---- engine.js: Qipan.engine, the CLI's contract in JavaScript.
 * Every call goes through qp_wasm_call, the same checked C functions as
 * the CLI; a bad input throws an Error carrying the CLI's message. */

var QP_TEXT_MAX = 65536;

/* Builds the engine API over a loaded wasm module. Self-contained (no
 * outside names) because the worker gets it as source text. */
function makeEngine(Module) {
  function text(value, what, optional) {
    if (value === undefined || value === null || value === '') {
      if (optional) return null;
      throw new Error('missing ' + what);
    }
    if (typeof value === 'number' && isFinite(value)) value = String(value);
    if (typeof value !== 'string') throw new Error(what + ' must be a string');
    if (value.length > 65536) throw new Error(what + ' is too long (over 65536 characters)');
    var bad = /[^\x20-\x7e]/.exec(value);
    if (bad) {
      throw new Error(what + ' has a character that is not printable ASCII (code ' +
        bad[0].charCodeAt(0) + ' at ' + (bad.index + 1) + ')');
    }
    return value;
  }
  function call(cmd, game, a, b, c) {
    var out = Module.ccall('qp_wasm_call', 'string',
      ['string', 'string', 'string', 'string', 'string'], [cmd, game, a, b, c]);
    if (out.charAt(0) !== '0') {
      var err = new Error(out.slice(1));
      err.name = 'QipanError';
      throw err;
    }
    return out.slice(1);
  }
  function aiOptions(opts) {
    opts = opts || {};
    if (typeof opts !== 'object') throw new Error('AI options must be an object');
    return [text(opts.level, 'level', true), text(opts.seed, 'seed', true)];
  }
  function aiInfo(game, pos, opts) {
    var o = aiOptions(opts);
    var out = call('ai', text(game, 'game id'), text(pos, 'position'), o[0], o[1]);
    var tab = out.indexOf('\t');
    var info = JSON.parse(out.slice(tab + 1));
    info.action = out.slice(0, tab);
    return info;
  }
  return {
    list: function () { return call('list', null, null, null, null).split(' '); },
    info: function (game) { return JSON.parse(call('info', text(game, 'game id'))); },
    newGame: function (game, params, seed) {
      return call('new', text(game, 'game id'), text(params, 'params', true),
        text(seed, 'seed', true));
    },
    legal: function (game, pos) {
      var out = call('legal', text(game, 'game id'), text(pos, 'position'));
      return out ? out.split('\n') : [];
    },
    apply: function (game, pos, action) {
      var actions = Array.isArray(action) ? action : [action];
      pos = text(pos, 'position');
      game = text(game, 'game id');
      // All or nothing: a failure part-way leaves the caller's POS as it was.
      for (var i = 0; i < actions.length; i++) {
        pos = call('apply', game, pos, text(actions[i], 'action'));
      }
      return pos;
    },
    status: function (game, pos) {
      return call('status', text(game, 'game id'), text(pos, 'position'));
    },
    show: function (game, pos) {
      return call('show', text(game, 'game id'), text(pos, 'position'));
    },
    describe: function (game, pos) {
      return JSON.parse(call('describe', text(game, 'game id'), text(pos, 'position')));
    },
    ai: function (game, pos, opts) { return aiInfo(game, pos, opts).action; },
    aiInfo: aiInfo,
    analyze: function (game, pos, opts) {
      var o = aiOptions(opts);
      return JSON.parse(call('analyze', text(game, 'game id'), text(pos, 'position'), o[0], o[1]));
    }
  };
}

var Qipan = { version: '1.0.0' };
var qpEngineReady = null;

function qpNotLoaded() {
  throw new Error('the Qipan engine is still loading: wait for Qipan.ready');
}

Qipan.engine = {};
['list', 'info', 'newGame', 'legal', 'apply', 'status', 'show', 'describe', 'ai', 'aiInfo',
  'analyze'].forEach(function (name) { Qipan.engine[name] = qpNotLoaded; });

/* Instantiates the wasm engine once; Qipan.ready resolves with Qipan. */
function qpLoadEngine() {
  if (!qpEngineReady) {
    qpEngineReady = qipanEngineFactory()({}).then(function (Module) {
      var api = makeEngine(Module);
      Object.keys(api).forEach(function (name) { Qipan.engine[name] = api[name]; });
      return Qipan;
    });
  }
  return qpEngineReady;
}
Qipan.ready = qpLoadEngine();
