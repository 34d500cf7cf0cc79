/* ---- storage.js: settings and the game in progress, kept in localStorage.
 * Anything unreadable (corrupt JSON, a foreign or older shape, no storage
 * at all in private mode, a full quota) falls back to defaults or to
 * memory; the page keeps working and says so once. */

var QP_STORE_VERSION = 1;

function QpStore(key) {
  this.key = key || 'qipan';
  this.memory = null; // used when localStorage is unusable
  this.notice = null; // a one-time message for the user, if any
  this.data = this.load();
}

QpStore.prototype.backend = function () {
  try {
    var ls = window.localStorage;
    var probe = this.key + ':probe';
    ls.setItem(probe, '1');
    ls.removeItem(probe);
    return ls;
  } catch (e) {
    return null;
  }
};

QpStore.prototype.load = function () {
  var ls = this.backend();
  var raw = null;
  if (!ls) {
    this.memory = {};
    return this.fresh();
  }
  try {
    raw = ls.getItem(this.key);
  } catch (e) {
    raw = null;
  }
  if (raw === null) return this.fresh();
  try {
    var data = JSON.parse(raw);
    if (data && typeof data === 'object' && data.v === QP_STORE_VERSION &&
        data.games && typeof data.games === 'object' && !Array.isArray(data.games)) {
      return data;
    }
  } catch (e) { /* fall through */ }
  this.notice = 'storageReset';
  return this.fresh();
};

QpStore.prototype.fresh = function () {
  return { v: QP_STORE_VERSION, games: {} };
};

QpStore.prototype.save = function () {
  var text = JSON.stringify(this.data);
  if (this.memory) {
    this.memory[this.key] = text;
    return;
  }
  try {
    window.localStorage.setItem(this.key, text);
  } catch (e) {
    this.memory = {}; // quota full or storage gone: carry on in memory
    this.memory[this.key] = text;
  }
};

/* Top-level values (language, last game). */
QpStore.prototype.get = function (name, fallback) {
  var v = this.data[name];
  return v === undefined ? fallback : v;
};

QpStore.prototype.set = function (name, value) {
  this.data[name] = value;
  this.save();
};

/* One game's record: {settings, mode, level, humanFirst, seed, history}. */
QpStore.prototype.game = function (id) {
  var g = this.data.games[id];
  return g && typeof g === 'object' && !Array.isArray(g) ? g : {};
};

QpStore.prototype.setGame = function (id, record) {
  this.data.games[id] = record;
  this.save();
};
