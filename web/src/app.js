/* ---- app.js: the game manager and Qipan.mount.
 * One QpApp per mounted element, inside a shadow root: it owns the
 * current game (a history of POS strings, so undo is just going back), its
 * settings in storage, a worker for the AI, and the shell around the board.
 * Every rule question goes to the engine; the game module only draws the
 * engine's description and turns a press on the board into an action. */

var QP_CATALOG = ['tictactoe', 'gomoku', 'connect4', 'minesweeper', 'ponghauqi', 'beast'];
var QP_GAME_NAMES = {
  tictactoe: { zh: '井字棋', en: 'Tic-tac-toe' },
  gomoku: { zh: '五子棋', en: 'Gomoku' },
  connect4: { zh: '四子棋', en: 'Connect Four' },
  minesweeper: { zh: '扫雷', en: 'Minesweeper' },
  ponghauqi: { zh: '区字棋', en: "Pong Hau K'i" },
  beast: { zh: '斗兽棋', en: 'Animal Chess' }
};
var qpGameModules = {};

/* Game modules (web/src/games/*.js) call this; see tictactoe.js for the
 * fields a module provides. */
function qpRegisterGame(mod) { qpGameModules[mod.id] = mod; }

function qpRandomSeed() { return 1 + Math.floor(Math.random() * 2147483646); }

function QpApp(host, options) {
  this.host = host;
  this.opts = options || {};
  this.page = !!this.opts.page;
  this.store = new QpStore(this.opts.storageKey ||
    (this.page ? 'qipan' : 'qipan:embed:' + (this.opts.game || 'any')));
  this.worker = new QpWorker({ timeoutMs: Number(this.opts.aiTimeoutMs) || 20000 });
  this.failures = 0; // AI calls failed in a row
  this.token = 0; // bumps whenever an answer in flight must be ignored
  this.busy = null; // 'thinking' | 'animating' | null
  this.ui = { hover: null, cursor: null, hint: null, selected: null, anim: null };
  this.timers = [];
  this.intervals = []; // a game module's clocks, stopped when the game changes
  this.listeners = {};
  this.resultShownFor = null;
  this.lang = this.opts.lang || this.store.get('lang') || qpDetectLang(navigator);
  this.palette = this.opts.palette || this.store.get('palette') || 'normal';
  this.root = host.shadowRoot || host.attachShadow({ mode: 'open' });
  this.root.innerHTML = '';
  this.root.appendChild(qpEl('style', { text: QP_CSS }));
  this.shell = qpEl('div', { class: 'qp' + (this.page ? ' page' : ''), lang: this.lang });
  this.root.appendChild(this.shell);
  // Whether the user has touched this game yet (then dialogs take focus).
  this.engaged = this.page;
  var self0 = this;
  this.shell.addEventListener('pointerdown', function () { self0.engaged = true; });
  this.shell.addEventListener('keydown', function () { self0.engaged = true; });
  this.shell.appendChild(qpEl('div', { class: 'status', text: QP_TEXTS[this.lang].engineLoading }));
}

QpApp.prototype.t = function (key, vars) {
  return qpTranslator(this.lang, this.mod && this.mod.texts)(key, vars);
};

QpApp.prototype.available = function () {
  var built = Qipan.engine.list();
  return QP_CATALOG.filter(function (id) {
    return qpGameModules[id] && built.indexOf(id) >= 0;
  });
};

QpApp.prototype.start = function () {
  var self = this;
  return Qipan.ready.then(function () {
    if (self.destroyed) return;
    var games = self.available();
    var want = self.opts.game || self.store.get('lastGame');
    if (games.indexOf(want) < 0) want = games[0];
    if (self.opts.game && games.indexOf(self.opts.game) < 0) {
      throw new Error('unknown or unavailable game: ' + self.opts.game);
    }
    self.build();
    self.selectGame(want);
    if (self.store.notice) {
      self.toast(self.t(self.store.notice), 3000);
      self.store.notice = null;
    }
  });
};

/* ---- the shell */

QpApp.prototype.build = function () {
  var self = this;
  var t = this.t.bind(this);
  var shell = this.shell;
  shell.innerHTML = '';
  shell.setAttribute('lang', this.lang);
  var inner = qpEl('div', { class: 'inner' });
  shell.appendChild(inner);
  var showPicker = this.opts.picker !== undefined ? this.opts.picker : !this.opts.game;
  this.langButton = qpEl('button', { class: 'icon', 'aria-label': t('language'),
    onclick: function () { self.setLang(self.lang === 'zh' ? 'en' : 'zh'); } },
    [this.lang === 'zh' ? 'EN' : '中']);
  this.settingsButton = qpEl('button', { class: 'icon', 'aria-label': t('settings'),
    title: t('settings'), onclick: function () { self.openSettings(); } }, ['⚙']);
  this.titleNode = qpEl('div', { class: 'brand' });
  inner.appendChild(qpEl('div', { class: 'bar' }, [this.titleNode, this.langButton,
    this.settingsButton]));
  if (showPicker) {
    var games = this.available();
    this.picker = qpEl('div', { class: 'picker', role: 'toolbar', 'aria-label': t('games') },
      QP_CATALOG.map(function (id) {
        var ready = games.indexOf(id) >= 0;
        return qpEl('button', {
          'data-game': id, 'aria-pressed': 'false', disabled: !ready,
          onclick: function () { self.selectGame(id); }
        }, [QP_GAME_NAMES[id][self.lang], ready ? null : qpEl('small', { text: t('comingSoon') })]);
      }));
    inner.appendChild(this.picker);
  }
  this.statusNode = qpEl('div', { class: 'status', 'aria-live': 'polite' });
  inner.appendChild(this.statusNode);
  this.stage = qpEl('div', { class: 'stage' });
  inner.appendChild(qpEl('div', { class: 'stage-wrap' }, [this.stage]));
  this.announcer = qpEl('div', { class: 'sr', 'aria-live': 'assertive' });
  inner.appendChild(this.announcer);
  this.undoButton = qpEl('button', { onclick: function () { self.undo(); } }, [t('undo')]);
  this.hintButton = qpEl('button', { onclick: function () { self.hint(); } }, [t('hint')]);
  this.restartButton = qpEl('button', { onclick: function () { self.restart(); } }, [t('restart')]);
  this.controls = qpEl('div', { class: 'controls' }, [this.undoButton, this.hintButton,
    this.restartButton]);
  inner.appendChild(this.controls);
  this.infoNode = qpEl('div', { class: 'extra info' });
  inner.appendChild(this.infoNode);
  this.extra = qpEl('div', { class: 'extra' });
  inner.appendChild(this.extra);
  this.toaster = new QpToast(this.stage);
  this.board = new QpBoard(this.stage, {
    aspect: function (avail) { return self.mod && self.view ? self.mod.aspect(self.view, self.settings(), avail) : 1; },
    minWidth: function (avail) {
      return self.mod && self.view && self.mod.minWidth ? self.mod.minWidth(self.view, self.settings(), avail) : 0;
    },
    draw: function (ctx, w, h) { self.draw(ctx, w, h); },
    animating: function () { return !!self.ui.anim || !!self.ui.hint || self.busy === 'thinking' || !!(self.mod && self.mod.animating && self.mod.animating(self.view, self.ui)); },
    point: function (x, y, kind, extra) { self.onPoint(x, y, kind, extra); },
    key: function (e) { self.onKey(e); }
  });
};

QpApp.prototype.setLang = function (lang) {
  this.lang = lang;
  this.store.set('lang', lang);
  if (this.board) this.board.destroy();
  this.toaster && this.toaster.stop();
  this.build();
  this.selectGame(this.gameId, true);
};

QpApp.prototype.toast = function (text, ms) { if (this.toaster) this.toaster.show(text, ms); };

QpApp.prototype.announce = function (text) {
  if (this.announcer) this.announcer.textContent = text;
};

/* ---- one game's record */

QpApp.prototype.settings = function () { return this.rec ? this.rec.settings : {}; };

QpApp.prototype.defaults = function (mod, info) {
  var settings = {};
  (mod.settings || []).forEach(function (s) { settings[s.key] = s.default; });
  var o = this.opts;
  return {
    settings: settings,
    mode: o.mode === 'pvp' || o.mode === 'ai' ? o.mode : 'ai',
    level: Math.min(info.maxLevel, Math.max(1, Number(o.level) || mod.defaultLevel || info.defaultLevel)),
    humanFirst: o.first !== 'ai',
    seed: qpRandomSeed(),
    history: [],
    started: false,
    extra: {} // the module's own records (best times...), checked by the module
  };
};

/* Keeps only what is well-formed in a stored record; the engine checks
 * every stored position before it is used. */
QpApp.prototype.loadRecord = function (mod, info) {
  var rec = this.defaults(mod, info);
  var saved = this.store.game(mod.id);
  var engine = Qipan.engine;
  if (saved.settings && typeof saved.settings === 'object') {
    (mod.settings || []).forEach(function (s) {
      var v = saved.settings[s.key];
      if (qpSettingValid(s, v)) rec.settings[s.key] = v;
    });
  }
  if (saved.mode === 'ai' || saved.mode === 'pvp') rec.mode = saved.mode;
  if (saved.level >= 1 && saved.level <= info.maxLevel && saved.level % 1 === 0) rec.level = saved.level;
  if (typeof saved.humanFirst === 'boolean') rec.humanFirst = saved.humanFirst;
  if (saved.seed >= 1 && saved.seed < 2147483647 && saved.seed % 1 === 0) rec.seed = saved.seed;
  if (saved.extra && typeof saved.extra === 'object' && !Array.isArray(saved.extra)) rec.extra = saved.extra;
  if (Array.isArray(saved.history) && saved.history.length && saved.history.length < 5000) {
    try {
      saved.history.forEach(function (pos) { engine.status(mod.id, pos); });
      rec.history = saved.history.slice();
      rec.started = saved.started !== false;
    } catch (e) {
      this.store.notice = 'storageReset';
    }
  }
  // An embedding host's explicit mode wins over what was stored.
  if ((this.opts.mode === 'ai' || this.opts.mode === 'pvp') && !this.page) rec.mode = this.opts.mode;
  return rec;
};

QpApp.prototype.save = function () {
  if (!this.rec) return;
  this.store.setGame(this.gameId, this.rec);
};

QpApp.prototype.stopIntervals = function () {
  this.intervals.forEach(clearInterval);
  this.intervals = [];
};

QpApp.prototype.selectGame = function (id, keepState) {
  var self = this;
  this.cancelThinking();
  this.stopIntervals();
  this.closeDialogs();
  this.gameId = id;
  this.mod = qpGameModules[id];
  this.info = Qipan.engine.info(id);
  if (!keepState || !this.rec) this.rec = this.loadRecord(this.mod, this.info);
  if (this.page) this.store.set('lastGame', id);
  this.ui = { hover: null, cursor: null, hint: null, selected: null, anim: null };
  this.resultShownFor = null;
  this.titleNode.textContent = '';
  this.titleNode.appendChild(document.createTextNode(this.t('appName')));
  this.titleNode.appendChild(qpEl('small', { text: QP_GAME_NAMES[id][this.lang] }));
  if (this.picker) {
    Array.prototype.forEach.call(this.picker.children, function (b) {
      b.setAttribute('aria-pressed', String(b.getAttribute('data-game') === id));
    });
  }
  this.board.canvas.setAttribute('aria-label', QP_GAME_NAMES[id][this.lang] + ' — ' + this.t('board'));
  this.extra.innerHTML = '';
  this.infoNode.textContent = '';
  if (this.mod.extraControls) this.mod.extraControls(this.extra, this.api());
  if (!this.rec.history.length) {
    this.newGame();
    return;
  }
  this.refresh();
  if (!this.rec.started && this.mod.startOverlay) this.showStartOverlay();
  else self.maybeAiMove();
};

QpApp.prototype.newGame = function () {
  this.cancelThinking();
  this.closeDialogs();
  var rec = this.rec;
  rec.seed = qpRandomSeed();
  var params = this.mod.params ? this.mod.params(rec.settings, rec) : '';
  rec.history = [Qipan.engine.newGame(this.gameId, params, rec.seed)];
  rec.started = !this.mod.startOverlay;
  // A host that says who starts (mount option `first`) skips the start screen.
  if (!rec.started && this.opts.first && this.mod.startFromOptions) {
    this.mod.applyStart(this.mod.startFromOptions(this.opts), rec);
    params = this.mod.params ? this.mod.params(rec.settings, rec) : '';
    rec.history = [Qipan.engine.newGame(this.gameId, params, rec.seed)];
    rec.started = true;
  }
  this.ui.hint = null;
  this.ui.selected = null;
  this.resultShownFor = null;
  this.refresh();
  this.emit('newgame', { game: this.gameId });
  if (!rec.started) this.showStartOverlay();
  else this.maybeAiMove();
};

QpApp.prototype.restart = function () { this.newGame(); };

QpApp.prototype.showStartOverlay = function () {
  var self = this;
  this.dialog = this.mod.startOverlay(this.api(), function (choice) {
    self.dialog = null;
    if (choice) self.mod.applyStart(choice, self.rec);
    var params = self.mod.params ? self.mod.params(self.rec.settings, self.rec) : '';
    self.rec.history = [Qipan.engine.newGame(self.gameId, params, self.rec.seed)];
    self.rec.started = true;
    self.refresh();
    self.maybeAiMove();
  });
};

QpApp.prototype.pos = function () { return this.rec.history[this.rec.history.length - 1]; };
QpApp.prototype.ply = function () { return this.rec.history.length - 1; };

QpApp.prototype.isOver = function () {
  return !/^(turn|playing)/.test(this.status);
};

/* Whose ply is it? Every game alternates one action a turn. */
QpApp.prototype.isHumanPly = function (ply) {
  if (this.rec.mode === 'pvp' || this.info.players === 1) return true;
  return (ply % 2 === 0) === this.rec.humanFirst;
};

QpApp.prototype.humanTurn = function () { return !this.isOver() && this.isHumanPly(this.ply()); };

/* The side letter the human plays (vs computer), found from the plies. */
QpApp.prototype.humanSide = function () {
  var h = this.rec.history, sides = this.info.sides;
  for (var i = 0; i < h.length; i++) {
    var st = Qipan.engine.status(this.gameId, h[i]);
    if (st.indexOf('turn ') === 0 && st.charAt(5) !== '?') {
      var side = st.charAt(5);
      return this.isHumanPly(i) ? side : sides.charAt(1 - sides.indexOf(side));
    }
  }
  return sides.charAt(this.rec.humanFirst ? 0 : 1);
};

QpApp.prototype.refresh = function () {
  var engine = Qipan.engine;
  var pos = this.pos();
  this.view = engine.describe(this.gameId, pos);
  this.status = this.view.status;
  this.legal = this.isOver() ? [] : engine.legal(this.gameId, pos);
  this.board.resize();
  this.updateStatus();
  this.undoButton.disabled = this.rec.history.length < 2;
  this.hintButton.disabled = !this.humanTurn();
  this.save();
  this.board.invalidate();
  if (this.mod.onRefresh) this.mod.onRefresh(this.api());
  if (this.isOver() && this.resultShownFor !== pos && !this.busy) {
    this.resultShownFor = pos;
    this.showResult();
  }
};

QpApp.prototype.sideName = function (side) {
  return this.mod.sideName ? this.mod.sideName(side, this.t.bind(this), this.view) : side;
};

QpApp.prototype.updateStatus = function () {
  var node = this.statusNode, t = this.t.bind(this);
  node.innerHTML = '';
  node.classList.toggle('thinking', this.busy === 'thinking');
  var text;
  if (this.busy === 'thinking') {
    text = t('thinking');
  } else if (!this.rec.started) {
    text = t('newGame');
  } else if (this.isOver()) {
    text = this.resultTitle();
  } else if (this.info.players === 1) {
    text = this.mod.statusText ? this.mod.statusText(this.view, t) : '';
  } else {
    var side = this.status.charAt(5);
    var color = this.mod.sideColor &&
      this.mod.sideColor(side, this.settings(), this.view, qpPalette(this.palette));
    if (color) node.appendChild(qpEl('span', { class: 'dot', style: 'background:' + color }));
    text = this.rec.mode === 'ai' && this.humanTurn() ? t('yourTurn') +
      (side !== '?' ? ' (' + this.sideName(side) + ')' : '') :
      t('turnOf', { side: side === '?' ? '' : this.sideName(side) });
  }
  node.appendChild(document.createTextNode(text));
};

QpApp.prototype.resultTitle = function () {
  var t = this.t.bind(this), st = this.status;
  if (st === 'won') return t('youWin');
  if (st === 'lost') return t('youLose');
  if (st === 'draw') return t('draw');
  var winner = st.charAt(4);
  if (this.rec.mode === 'ai') return winner === this.humanSide() ? t('youWin') : t('youLose');
  return t('sideWins', { side: this.sideName(winner) });
};

QpApp.prototype.showResult = function () {
  var self = this, t = this.t.bind(this);
  var reason = this.view.reason ? t('reason_' + this.view.reason) : '';
  var title = this.resultTitle();
  this.announce(title + (reason ? ' — ' + reason : ''));
  this.emit('end', { game: this.gameId, status: this.status, reason: this.view.reason });
  var delay = this.mod.resultDelay === undefined ? 350 : this.mod.resultDelay;
  this.later(function () {
    if (self.isOver() && self.resultShownFor === self.pos() && !self.dialog) {
      self.dialog = qpDialog(self.stage, {
        title: title, text: reason, focus: self.engaged,
        body: self.mod.resultBody ? self.mod.resultBody(self.api()) : null,
        buttons: [
          { label: t('viewBoard') },
          { label: t('playAgain'), primary: true, onclick: function () { self.newGame(); } }
        ],
        onclose: function () { self.dialog = null; }
      });
    }
  }, delay);
};

QpApp.prototype.closeDialogs = function () {
  if (this.dialog) this.dialog.close();
  this.dialog = null;
  if (this.settingsDialog) this.settingsDialog.close();
  this.settingsDialog = null;
  // A module's own cards (statistics...) belong to the game they were opened on.
  (this.moduleDialogs || []).forEach(function (d) { d.close(); });
  this.moduleDialogs = [];
};

QpApp.prototype.later = function (fn, ms) {
  var self = this;
  var id = setTimeout(function () {
    self.timers = self.timers.filter(function (x) { return x !== id; });
    if (!self.destroyed) fn();
  }, ms);
  this.timers.push(id);
};

/* ---- playing */

/* Applies an action (already chosen as legal by the engine's list or the
 * AI), animates it if the module wants, then lets the AI answer. */
QpApp.prototype.play = function (action, byAi) {
  var engine = Qipan.engine, self = this;
  var before = this.view;
  var pos;
  try {
    pos = engine.apply(this.gameId, this.pos(), action);
  } catch (e) {
    this.toast(this.mod.refusal ? this.mod.refusal(e.message, this.t.bind(this), this.api()) : e.message);
    return false;
  }
  var ply = this.ply();
  this.rec.history.push(pos);
  this.ui.hint = null;
  this.ui.selected = null;
  var who = this.rec.mode === 'ai' && this.info.players === 2 ? (byAi ? this.t('computer') : this.t('you')) : '';
  var moveText = this.mod.actionText ? this.mod.actionText(action, before, this.t.bind(this)) : action;
  this.announce(who ? this.t('moveMade', { who: who, move: moveText }) : moveText);
  this.emit('move', { game: this.gameId, action: action, ply: ply, pos: pos });
  var after = engine.describe(this.gameId, pos);
  var anim = this.mod.animation ? this.mod.animation(before, after, action, this.settings()) : null;
  if (anim && anim.duration > 0) {
    this.busy = 'animating';
    this.ui.anim = { action: action, from: before, to: after, start: performance.now(),
      duration: anim.duration, spec: anim };
    this.view = after; // the board draws the move in flight from ui.anim
    this.board.invalidate();
    var token = this.token;
    this.later(function () {
      if (token !== self.token) return;
      self.ui.anim = null;
      self.busy = null;
      self.refresh();
      self.maybeAiMove();
    }, anim.duration);
  } else {
    this.refresh();
    this.maybeAiMove();
  }
  return true;
};

QpApp.prototype.aiSeed = function () { return (this.rec.seed + this.ply() * 7919) % 2147483647; };

QpApp.prototype.maybeAiMove = function () {
  var self = this;
  if (this.busy || this.isOver() || this.humanTurn() || !this.rec.started) return;
  this.busy = 'thinking';
  this.updateStatus();
  this.hintButton.disabled = true;
  this.board.invalidate();
  var token = ++this.token;
  var pos = this.pos();
  var started = performance.now();
  // Modules that comment on the computer's move get the engine's words too.
  var withInfo = !!this.mod.aiNote;
  this.worker.call(withInfo ? 'aiInfo' : 'ai', [this.gameId, pos, { level: this.rec.level, seed: this.aiSeed() }])
    .then(function (answer) {
      if (token !== self.token || self.destroyed) return;
      var action = withInfo ? answer.action : answer;
      self.failures = 0;
      // A move that comes back instantly still shows the thinking state briefly.
      var wait = Math.max(0, (self.mod.minThinkMs || 250) - (performance.now() - started));
      self.later(function () {
        if (token !== self.token) return;
        self.busy = null;
        self.play(action, true);
        if (withInfo) self.mod.aiNote(answer, self.api());
      }, wait);
    }, function (err) {
      if (token !== self.token || self.destroyed) return;
      self.busy = null;
      self.updateStatus();
      if (err.message === 'cancelled') return;
      // The worker was replaced: go on from the same position, a few times.
      if (++self.failures <= 3) {
        self.toast(self.t('aiRestarted'), 2500);
        self.later(function () { self.maybeAiMove(); }, 600);
      } else {
        self.toast(self.t('engineError', { msg: err.message }), 5000);
        self.statusNode.textContent = self.t('engineError', { msg: err.message });
      }
    });
};

QpApp.prototype.cancelThinking = function () {
  this.token++;
  this.failures = 0;
  if (this.busy === 'thinking') this.worker.cancel();
  this.busy = null;
  this.ui.anim = null;
};

QpApp.prototype.undo = function () {
  var h = this.rec.history;
  if (h.length < 2) { this.toast(this.t('nothingToUndo')); return; }
  this.cancelThinking();
  this.closeDialogs();
  h.pop();
  // Against the computer, go back to the human's previous turn.
  while (h.length > 1 && !this.isHumanPly(h.length - 1)) h.pop();
  this.ui.hint = null;
  this.ui.selected = null;
  this.resultShownFor = null;
  this.refresh();
  this.maybeAiMove();
};

QpApp.prototype.hint = function () {
  var self = this;
  if (!this.humanTurn() || this.busy) return;
  var token = this.token;
  // One-player games whose level is a setting (soloLevels) hint at that level.
  var level = this.mod.soloLevels ? this.rec.level : this.mod.hintLevel || this.info.maxLevel;
  this.hintButton.disabled = true;
  this.worker.call('aiInfo', [this.gameId, this.pos(), { level: level, seed: this.aiSeed() }])
    .then(function (info) {
      if (token !== self.token || self.destroyed) return;
      self.hintButton.disabled = !self.humanTurn();
      self.ui.hint = info.action;
      self.ui.hintInfo = info;
      var text = self.mod.hintText ? self.mod.hintText(info, self.view, self.t.bind(self)) :
        self.t('hintIs', { move: self.mod.actionText ? self.mod.actionText(info.action, self.view, self.t.bind(self)) : info.action });
      self.toast(text, 2600);
      self.announce(text);
      self.board.invalidate();
    }, function () {
      if (token === self.token) self.hintButton.disabled = !self.humanTurn();
    });
};

/* A press on the board: the module says what it means here. */
QpApp.prototype.press = function (target, extra) {
  var t = this.t.bind(this);
  if (target === null || target === undefined) return;
  // A button the module draws on the board (a restart face) works in any state.
  if (this.mod.onButton && this.mod.onButton(target, this.api(), extra || {})) return;
  if (this.busy === 'animating') return; // clicks during a move are ignored
  if (this.busy === 'thinking') { this.toast(t('waitAi')); return; }
  if (this.isOver() || !this.rec.started) return;
  if (!this.humanTurn()) { this.toast(t('notYourTurn')); return; }
  var res = this.mod.act(target, this.view, this.uiState(), extra || {});
  if (!res) return;
  if (res.toast) this.toast(t(res.toast));
  if ('select' in res) { this.ui.selected = res.select; this.board.invalidate(); }
  if (res.action) this.play(res.action, false);
};

QpApp.prototype.uiState = function () {
  var ui = this.ui;
  return {
    hover: ui.hover, cursor: ui.cursor, hint: ui.hint, hintInfo: ui.hint ? ui.hintInfo : null,
    selected: ui.selected, anim: ui.anim,
    legal: this.legal, settings: this.settings(), lang: this.lang, t: this.t.bind(this),
    humanTurn: this.humanTurn() && !this.busy, thinking: this.busy === 'thinking',
    over: this.isOver(), now: performance.now(), mode: this.rec.mode, ply: this.ply(),
    colors: qpPalette(this.palette), contrast: qpPrefersContrast()
  };
};

QpApp.prototype.draw = function (ctx, w, h) {
  if (!this.view) return;
  var ui = this.uiState();
  if (ui.anim) ui.anim.t = qpEase((ui.now - ui.anim.start) / ui.anim.duration);
  this.mod.draw(ctx, w, h, this.view, ui);
};

QpApp.prototype.onPoint = function (x, y, kind, extra) {
  if (!this.view) return;
  var target = x === null ? null : this.mod.hit(this.view, this.board.width, this.board.height, x, y);
  if (kind === 'press') {
    this.ui.cursor = null;
    this.press(target, extra);
    return;
  }
  if (target !== this.ui.hover) {
    this.ui.hover = target;
    this.board.invalidate();
  }
};

QpApp.prototype.onKey = function (e) {
  var key = e.key;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  var lower = key.length === 1 ? key.toLowerCase() : key;
  if (lower === 'u') { this.undo(); e.preventDefault(); return; }
  if (lower === 'h') { this.hint(); e.preventDefault(); return; }
  if (lower === 'n') { this.restart(); e.preventDefault(); return; }
  var targets = this.mod.targets(this.view, this.board.width, this.board.height);
  if (!targets.length) return;
  var cur = null;
  for (var i = 0; i < targets.length; i++) if (targets[i].id === this.ui.cursor) cur = targets[i];
  var moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  if (moves[key]) {
    e.preventDefault();
    if (!cur) { cur = targets[Math.floor(targets.length / 2)]; }
    else if (cur.nav && cur.nav[key]) {
      // Boards that are not grids say where each arrow leads.
      cur = targets.filter(function (tg) { return tg.id === cur.nav[key]; })[0] || cur;
    } else {
      var d = moves[key], best = null, bestScore = Infinity;
      targets.forEach(function (tg) {
        var dx = tg.col - cur.col, dy = tg.row - cur.row;
        var along = dx * d[0] + dy * d[1];
        if (along <= 0) return;
        var across = Math.abs(dx * d[1]) + Math.abs(dy * d[0]);
        var score = along + across * 2.5;
        if (score < bestScore) { bestScore = score; best = tg; }
      });
      if (best) cur = best;
    }
    this.ui.cursor = cur.id;
    this.board.invalidate();
    return;
  }
  if (key === 'Enter' || key === ' ' || lower === 'f') {
    e.preventDefault();
    if (cur) this.press(cur.id, { secondary: lower === 'f', keyboard: true });
  }
};

/* What a game module may use: its controls, overlays, settings. */
QpApp.prototype.api = function () {
  var self = this;
  return {
    t: this.t.bind(this),
    lang: this.lang,
    stage: this.stage,
    rec: this.rec,
    info: this.info,
    engine: Qipan.engine,
    view: function () { return self.view; },
    pos: function () { return self.pos(); },
    settings: function () { return self.settings(); },
    setSetting: function (key, value) {
      self.rec.settings[key] = value;
      self.save();
      self.board.resize();
      self.board.invalidate();
    },
    dialog: function (spec) {
      if (spec.focus === undefined) spec.focus = self.engaged;
      var d = qpDialog(self.stage, spec);
      self.moduleDialogs = (self.moduleDialogs || []).filter(function (x) { return !x.closed; });
      self.moduleDialogs.push(d);
      return d;
    },
    toast: function (text, ms) { self.toast(text, ms); },
    newGame: function () { self.newGame(); },
    play: function (action) { return self.play(action, false); },
    invalidate: function () { self.board.invalidate(); },
    setInfo: function (text) { self.infoNode.textContent = text; },
    /* A repeating timer that stops when the game changes or unmounts. */
    interval: function (fn, ms) {
      var id = setInterval(function () { if (!self.destroyed) fn(); }, ms);
      self.intervals.push(id);
      return id;
    },
    /* Asks the worker (e.g. 'analyze', 'aiInfo') about the current
     * position; the answer is dropped if the position changed meanwhile. */
    ask: function (method, opts) {
      var token = self.token, pos = self.pos();
      return self.worker.call(method, [self.gameId, pos, opts || {}]).then(function (value) {
        if (token !== self.token || pos !== self.pos()) throw new Error('stale');
        return value;
      });
    },
    /* Lets the computer make the human's next move (auto-play, one step). */
    playAi: function (level) {
      if (!self.humanTurn() || self.busy) return Promise.resolve(false);
      self.busy = 'thinking';
      self.updateStatus();
      var token = ++self.token;
      return self.worker.call('ai', [self.gameId, self.pos(),
        { level: level || self.info.maxLevel, seed: self.aiSeed() }]).then(function (action) {
        if (token !== self.token) return false;
        self.busy = null;
        return self.play(action, false);
      }, function () {
        if (token === self.token) { self.busy = null; self.updateStatus(); }
        return false;
      });
    },
    busy: function () { return self.busy; },
    /* The module's own stored values (best times, statistics): whatever
     * comes back from storage may be stale or foreign, so check it. */
    getExtra: function (key) { return self.rec.extra[key]; },
    setExtra: function (key, value) { self.rec.extra[key] = value; self.save(); }
  };
};

/* ---- settings */

function qpSettingValid(s, v) {
  if (s.type === 'select') return s.options.some(function (o) { return o.value === v; });
  if (s.type === 'checkbox') return typeof v === 'boolean';
  if (s.type === 'color') return typeof v === 'string' && /^#[0-9a-f]{6}$/i.test(v);
  if (s.type === 'range') return typeof v === 'number' && v >= s.min && v <= s.max;
  return false;
}

QpApp.prototype.openSettings = function () {
  var self = this, t = this.t.bind(this), lang = this.lang, rec = this.rec, mod = this.mod;
  if (this.settingsDialog) return;
  var fields = [];
  function select(label, options, value) {
    var node = qpEl('select', {}, options.map(function (o) {
      return qpEl('option', { value: String(o.value), selected: String(o.value) === String(value) }, [o.label]);
    }));
    var id = 'qp-set-' + fields.length;
    node.id = id;
    fields.push(qpEl('label', { for: id, text: label }), node);
    return node;
  }
  var mode = this.info.players === 2 ?
    select(t('mode'), [{ value: 'ai', label: t('modeAi') }, { value: 'pvp', label: t('modePvp') }], rec.mode) : null;
  var levels = [];
  for (var l = 1; l <= this.info.maxLevel; l++) {
    var name = mod.levelNames && mod.levelNames[lang] && mod.levelNames[lang][l - 1];
    levels.push({ value: l, label: t('levelN', { n: l }) + (name ? ' · ' + name : '') });
  }
  var level = this.info.players === 2 || mod.soloLevels ? select(t('level'), levels, rec.level) : null;
  var first = this.info.players === 2 && !mod.startOverlay ?
    select(t('first'), [{ value: 'human', label: t('humanFirst') }, { value: 'ai', label: t('aiFirst') }],
      rec.humanFirst ? 'human' : 'ai') : null;
  var own = (mod.settings || []).filter(function (s) { return !s.hidden; }).map(function (s) {
    var label = s.label[lang] || s.label.zh, node, id = 'qp-set-' + fields.length;
    var value = rec.settings[s.key];
    if (s.type === 'select') {
      return { s: s, node: select(label, s.options.map(function (o) {
        return { value: o.value, label: typeof o.label === 'string' ? o.label : o.label[lang] };
      }), value) };
    }
    if (s.type === 'checkbox') node = qpEl('input', { type: 'checkbox', checked: !!value, id: id });
    else if (s.type === 'color') node = qpEl('input', { type: 'color', value: value, id: id });
    else node = qpEl('input', { type: 'range', min: s.min, max: s.max, step: s.step || 1, value: value, id: id });
    fields.push(qpEl('label', { for: id, text: label }), node);
    return { s: s, node: node };
  });
  var palette = select(t('palette'), [{ value: 'normal', label: t('paletteNormal') },
    { value: 'cb', label: t('paletteCb') }], this.palette);
  var language = select(t('language'), [{ value: 'zh', label: '中文' }, { value: 'en', label: 'English' }], lang);
  this.settingsDialog = qpDialog(this.shell, {
    title: t('settings') + ' · ' + QP_GAME_NAMES[this.gameId][lang],
    body: qpEl('div', { class: 'form' }, fields),
    buttons: [
      { label: t('cancel') },
      { label: t('ok'), primary: true, onclick: function () {
        var restart = false;
        if (mode && mode.value !== rec.mode) { rec.mode = mode.value; restart = true; }
        if (level) rec.level = Number(level.value);
        if (first && (first.value === 'human') !== rec.humanFirst) {
          rec.humanFirst = first.value === 'human';
          restart = true;
        }
        own.forEach(function (f) {
          var s = f.s, v;
          if (s.type === 'select') {
            v = s.options.filter(function (o) { return String(o.value) === f.node.value; })[0].value;
          } else if (s.type === 'checkbox') v = f.node.checked;
          else if (s.type === 'range') v = Number(f.node.value);
          else v = f.node.value;
          if (v !== rec.settings[s.key]) {
            rec.settings[s.key] = v;
            if (s.restart) restart = true;
          }
        });
        self.save();
        if (palette.value !== self.palette) {
          self.palette = palette.value;
          self.store.set('palette', self.palette);
          self.board.invalidate();
        }
        if (language.value !== self.lang) {
          self.setLang(language.value);
          if (restart) self.newGame();
          return;
        }
        if (restart) self.newGame(); else { self.refresh(); self.maybeAiMove(); }
      } }
    ],
    onclose: function () { self.settingsDialog = null; }
  });
};

/* ---- events and teardown */

QpApp.prototype.on = function (type, fn) {
  (this.listeners[type] = this.listeners[type] || []).push(fn);
};

QpApp.prototype.emit = function (type, detail) {
  (this.listeners[type] || []).slice().forEach(function (fn) {
    try { fn(detail); } catch (e) { setTimeout(function () { throw e; }, 0); }
  });
  if (this.host.dispatchEvent && typeof CustomEvent === 'function') {
    this.host.dispatchEvent(new CustomEvent('qipan-' + type, { detail: detail }));
  }
};

QpApp.prototype.destroy = function () {
  if (this.destroyed) return;
  this.destroyed = true;
  this.token++;
  this.worker.stop();
  this.stopIntervals();
  this.timers.forEach(clearTimeout);
  this.timers = [];
  if (this.toaster) this.toaster.stop();
  if (this.board) this.board.destroy();
  this.root.innerHTML = '';
  this.listeners = {};
};

/* ---- the public entry points */

/* Qipan.mount(element, {game, mode: 'ai'|'pvp', level, lang: 'zh'|'en',
 * first: 'human'|'ai', page, picker, storageKey, aiTimeoutMs}) → {ready, destroy(),
 * newGame(), on(type, fn)}. Events: 'move', 'end', 'newgame'. */
Qipan.mount = function (element, options) {
  if (!element || typeof element.attachShadow !== 'function') {
    throw new Error('Qipan.mount needs an element that can host a shadow root');
  }
  if (element.__qipan) element.__qipan.destroy();
  var app = new QpApp(element, options);
  var handle = {
    ready: app.start().then(function () { return handle; }, function (e) {
      app.shell.textContent = '';
      app.shell.appendChild(qpEl('div', { class: 'status', text: QP_TEXTS[app.lang].engineError.replace('{msg}', e.message) }));
      throw e;
    }),
    destroy: function () {
      app.destroy();
      if (element.__qipan === handle) element.__qipan = null;
    },
    newGame: function () { if (app.rec) app.newGame(); },
    on: function (type, fn) { app.on(type, fn); return handle; },
    /* Where a target (a cell, a point) is on the page, for tests and
     * automation: {x, y} in client pixels, or null. */
    targetPoint: function (id) {
      if (!app.view) return null;
      var r = app.board.canvas.getBoundingClientRect();
      var found = app.mod.targets(app.view, app.board.width, app.board.height)
        .filter(function (tg) { return tg.id === String(id); })[0];
      return found ? { x: r.left + found.x * r.width / app.board.width,
        y: r.top + found.y * r.height / app.board.height } : null;
    },
    get state() {
      return app.rec ? { game: app.gameId, pos: app.pos(), status: app.status, busy: app.busy,
        mode: app.rec.mode, level: app.rec.level, ply: app.ply(),
        history: app.rec.history.slice(), started: app.rec.started,
        restarts: app.worker.restarts, cursor: app.ui.cursor, selected: app.ui.selected } : null;
    }
  };
  element.__qipan = handle;
  return handle;
};

if (typeof customElements !== 'undefined' && typeof HTMLElement !== 'undefined' &&
    !customElements.get('qipan-game')) {
  var QipanGameElement = function () {
    return Reflect.construct(HTMLElement, [], QipanGameElement);
  };
  QipanGameElement.prototype = Object.create(HTMLElement.prototype);
  QipanGameElement.prototype.constructor = QipanGameElement;
  Object.setPrototypeOf(QipanGameElement, HTMLElement);
  QipanGameElement.prototype.connectedCallback = function () {
    var el = this;
    var opts = {};
    ['game', 'mode', 'level', 'lang', 'first'].forEach(function (a) {
      if (el.hasAttribute(a)) opts[a] = el.getAttribute(a);
    });
    if (el.hasAttribute('storage-key')) opts.storageKey = el.getAttribute('storage-key');
    if (el.hasAttribute('picker')) opts.picker = el.getAttribute('picker') !== 'false';
    el.qipan = Qipan.mount(el, opts);
    el.qipan.ready.catch(function () { /* the error is shown in the element */ });
  };
  QipanGameElement.prototype.disconnectedCallback = function () {
    if (this.qipan) this.qipan.destroy();
    this.qipan = null;
  };
  customElements.define('qipan-game', QipanGameElement);
}
