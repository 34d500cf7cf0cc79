/* ---- ui.js: the shell's pieces: styles, elements, toasts, dialogs and the
 * canvas board (sizing, drawing on a dirty flag, pointer/keyboard input).
 * Nothing here knows a rule: the board reports "this point, this button". */

var QP_CSS = [
  // all:initial keeps the host page's inherited styles out of the game.
  ':host{all:initial;display:block;contain:content;font:15px/1.4 system-ui,-apple-system,',
  '"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif;color:#2b2118;text-align:left}',
  ':host([hidden]){display:none}',
  '*{box-sizing:border-box}',
  '.qp{position:relative;max-width:760px;margin:0 auto;padding:10px 12px 14px;',
  'background:#f6f1e7;border-radius:14px}',
  '.qp.page{min-height:100vh;border-radius:0;max-width:none}',
  '.qp.page>.inner{max-width:760px;margin:0 auto}',
  '.bar{display:flex;align-items:center;gap:8px;margin-bottom:6px}',
  '.brand{font-weight:700;font-size:20px;letter-spacing:1px;color:#8c3b1f;flex:1;white-space:nowrap}',
  '.brand small{font-weight:400;font-size:13px;color:#7a6a58;margin-left:6px}',
  'button{font:inherit;color:inherit;background:#fffdf8;border:1px solid #cdbba3;border-radius:9px;',
  'padding:6px 12px;cursor:pointer;min-height:36px}',
  'button:hover:not(:disabled){background:#fff3e3;border-color:#b5542d}',
  'button:disabled{opacity:.45;cursor:default}',
  'button:focus-visible,select:focus-visible,canvas:focus-visible,input:focus-visible',
  '{outline:3px solid #2f6fd6;outline-offset:2px}',
  'button.primary{background:#b5542d;border-color:#b5542d;color:#fff}',
  'button.primary:hover:not(:disabled){background:#9c4423}',
  '.icon{min-width:38px;padding:6px 9px}',
  '.picker{display:flex;gap:6px;overflow-x:auto;padding:2px 2px 8px;scrollbar-width:thin}',
  '.picker button{flex:0 0 auto;display:flex;flex-direction:column;align-items:center;',
  'padding:5px 11px;line-height:1.2}',
  '.picker button[aria-pressed=true]{background:#b5542d;color:#fff;border-color:#b5542d}',
  '.picker small{font-size:11px;opacity:.8}',
  '.status{display:flex;align-items:center;justify-content:center;gap:8px;min-height:30px;',
  'font-weight:600;text-align:center}',
  '.status .dot{width:10px;height:10px;border-radius:50%;display:inline-block;',
  'border:1px solid rgba(0,0,0,.35)}',
  '.thinking::after{content:"";display:inline-block;width:1.2em;text-align:left;',
  'animation:qpdots 1.2s steps(4,end) infinite}',
  '@keyframes qpdots{0%{content:""}25%{content:"."}50%{content:".."}75%{content:"..."}}',
  '.stage{position:relative;margin:4px auto 8px;touch-action:manipulation;user-select:none;',
  '-webkit-user-select:none;-webkit-touch-callout:none}',
  '.stage canvas{display:block;width:100%;height:100%;border-radius:10px;cursor:pointer;',
  '-webkit-tap-highlight-color:transparent}',
  '.controls{display:flex;flex-wrap:wrap;gap:8px;justify-content:center}',
  '.extra{display:flex;flex-wrap:wrap;gap:10px;justify-content:center;margin-top:8px;',
  'font-size:14px;color:#5b4b3a}',
  '.extra button[aria-pressed=true]{background:#2b2118;color:#fff;border-color:#2b2118}',
  '.toast{position:absolute;left:50%;bottom:14px;transform:translateX(-50%);',
  'background:rgba(43,33,24,.88);color:#fff;padding:7px 16px;border-radius:18px;',
  'pointer-events:none;opacity:0;transition:opacity .2s;white-space:nowrap;z-index:5}',
  '.toast.show{opacity:1}',
  '.overlay{position:absolute;inset:0;display:flex;align-items:center;justify-content:center;',
  'background:rgba(43,33,24,.35);border-radius:10px;z-index:4;padding:10px}',
  '.overlay.full{position:fixed;border-radius:0;z-index:20}',
  '.card{background:#fffdf8;border-radius:14px;padding:18px 20px;min-width:240px;',
  'max-width:100%;max-height:100%;overflow:auto;box-shadow:0 10px 30px rgba(0,0,0,.25);',
  'text-align:center}',
  '.card h2{margin:0 0 8px;font-size:21px}',
  '.card p{margin:6px 0 12px;color:#5b4b3a}',
  '.card .row{display:flex;gap:8px;justify-content:center;flex-wrap:wrap;margin:8px 0}',
  '.card .choice[aria-pressed=true]{background:#2b2118;color:#fff;border-color:#2b2118}',
  '.form{display:grid;grid-template-columns:auto 1fr;gap:10px 12px;align-items:center;',
  'text-align:left;margin:10px 0 14px}',
  '.form label{font-weight:600}',
  'select,input{font:inherit;padding:5px 8px;border:1px solid #cdbba3;border-radius:8px;',
  'background:#fff;min-height:34px;min-width:0}',
  'input[type=color]{padding:2px;width:56px}',
  '.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);',
  'white-space:nowrap}',
  '@media (max-width:480px){.qp{padding:6px 6px 10px}.brand small{display:none}',
  'button{padding:6px 9px}}',
  '@media (prefers-reduced-motion:reduce){.toast{transition:none}.thinking::after{animation:none;',
  'content:"…"}}',
  '@media (prefers-contrast:more){.qp{background:#fff;color:#000}button,select,input',
  '{border:2px solid #000;background:#fff;color:#000}button.primary{background:#000;color:#fff}',
  '.picker button[aria-pressed=true]{background:#000;border-color:#000}.card p{color:#000}',
  '.extra{color:#000}}',
  '@media (forced-colors:active){button{border:1px solid ButtonText}}'
].join('\n');

/* el('button', {class: 'x', onclick: f}, ['text', child]) */
function qpEl(tag, attrs, children) {
  var node = document.createElement(tag);
  if (attrs) {
    Object.keys(attrs).forEach(function (k) {
      var v = attrs[k];
      if (v === undefined || v === null || v === false) return;
      if (k.slice(0, 2) === 'on') node.addEventListener(k.slice(2), v);
      else if (k === 'text') node.textContent = v;
      else node.setAttribute(k, v === true ? '' : v);
    });
  }
  (children || []).forEach(function (c) {
    if (c !== null && c !== undefined) node.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
  });
  return node;
}

/* A short message over the board. */
function QpToast(parent) {
  this.node = qpEl('div', { class: 'toast', role: 'status' });
  parent.appendChild(this.node);
  this.timer = null;
}
QpToast.prototype.show = function (text, ms) {
  var node = this.node;
  node.textContent = text;
  node.classList.add('show');
  clearTimeout(this.timer);
  this.timer = setTimeout(function () { node.classList.remove('show'); }, ms || 1600);
};
QpToast.prototype.stop = function () { clearTimeout(this.timer); };

/* A modal card over `parent`: {title, text, body: Node, buttons: [{label,
 * primary, onclick}]}. Returns a handle with close(). */
function qpDialog(parent, spec) {
  var buttons = (spec.buttons || []).map(function (b) {
    return qpEl('button', {
      class: b.primary ? 'primary' : null,
      onclick: function () { handle.close(); if (b.onclick) b.onclick(); }
    }, [b.label]);
  });
  var card = qpEl('div', { class: 'card', role: 'dialog', 'aria-modal': 'true',
    'aria-label': spec.title || '' }, [
    spec.title ? qpEl('h2', { text: spec.title }) : null,
    spec.text ? qpEl('p', { text: spec.text }) : null,
    spec.body || null,
    buttons.length ? qpEl('div', { class: 'row' }, buttons) : null
  ]);
  var overlay = qpEl('div', { class: 'overlay' + (spec.full ? ' full' : '') }, [card]);
  overlay.addEventListener('keydown', function (e) {
    if (e.key === 'Escape' && spec.dismissable !== false) { e.stopPropagation(); handle.close(); }
  });
  parent.appendChild(overlay);
  var handle = {
    node: overlay,
    closed: false,
    close: function () {
      if (handle.closed) return;
      handle.closed = true;
      overlay.remove();
      if (spec.onclose) spec.onclose();
    }
  };
  // Focus moves into the dialog only when asked: an embedded game that
  // opens must not steal the host page's focus or scroll it.
  var focus = card.querySelector('button.primary') || card.querySelector('button, select, input');
  if (focus && spec.focus !== false) setTimeout(function () { focus.focus({ preventScroll: true }); }, 0);
  return handle;
}

/* A dialog asking for whole numbers from lo to hi (a custom board size):
 * spec {title, prefix (of the inputs' ids), fields: [{name, label, value}],
 * lo, hi, note, ok(values), cancel()}. A value out of range cancels and
 * shows the note. api: a game module's api(). */
function qpNumbersDialog(api, spec) {
  var form = [];
  var inputs = spec.fields.map(function (f) {
    var input = qpEl('input', { type: 'number', id: spec.prefix + f.name, min: spec.lo, max: spec.hi,
      step: 1, value: f.value, inputmode: 'numeric' });
    form.push(qpEl('label', { for: spec.prefix + f.name, text: f.label }), input);
    return input;
  });
  function read(input) {
    var v = Number(input.value);
    return v % 1 === 0 && v >= spec.lo && v <= spec.hi ? v : null;
  }
  return api.dialog({
    title: spec.title,
    body: qpEl('div', {}, [qpEl('div', { class: 'form' }, form), qpEl('p', { text: spec.note })]),
    buttons: [
      { label: api.t('cancel'), onclick: spec.cancel },
      { label: api.t('ok'), primary: true, onclick: function () {
        var values = inputs.map(read);
        if (values.indexOf(null) >= 0) {
          if (spec.cancel) spec.cancel();
          api.toast(spec.note, 2600);
          return;
        }
        spec.ok(values);
      } }
    ]
  });
}

/* The two hidden settings that qpSetBoardSize writes: rows and cols, each
 * from side[0] to side[1], a change starting a new game. */
function qpBoardSizeSettings(side, rows, cols) {
  var one = function (key, value, zh, en) {
    return { key: key, type: 'range', hidden: true, min: side[0], max: side[1], default: value, restart: true,
      label: { zh: zh, en: en } };
  };
  return [one('rows', rows, '行数', 'Rows'), one('cols', cols, '列数', 'Columns')];
}

/* Boards sized by two settings, rows and cols (gomoku, connect four): a
 * new game at that size. */
function qpSetBoardSize(api, rows, cols) {
  api.setSetting('rows', rows);
  api.setSetting('cols', cols);
  api.newGame();
}

/* The custom 规格 dialog of those boards: spec {prefix, lo, hi, rows, cols
 * (the current size), cancel()}; texts customTitle, customNote, rows and
 * cols come from the module. */
function qpBoardSizeDialog(api, spec) {
  var t = api.t;
  return qpNumbersDialog(api, {
    title: t('customTitle'), prefix: spec.prefix, lo: spec.lo, hi: spec.hi,
    note: t('customNote', { lo: spec.lo, hi: spec.hi }),
    fields: [{ name: 'rows', label: t('rows'), value: spec.rows }, { name: 'cols', label: t('cols'), value: spec.cols }],
    cancel: spec.cancel,
    ok: function (v) { qpSetBoardSize(api, v[0], v[1]); }
  });
}

/* The canvas board. `h` gives: aspect(avail) (height / width when at most
 * avail px wide), minWidth(avail) (optional: the width under which the board
 * does not shrink to fit the window's height; the page scrolls instead),
 * draw(ctx, w, h), animating() (keep drawing), point(x, y, kind, extra) for
 * input: kind is 'hover', 'leave', 'press'; extra.secondary for right click
 * / long press, extra.both for left+right together or the middle button.
 * key(event) for the keyboard. */
function QpBoard(stage, h) {
  var self = this;
  this.stage = stage;
  this.h = h;
  this.canvas = qpEl('canvas', { tabindex: '0', role: 'application' });
  stage.appendChild(this.canvas);
  this.ctx = this.canvas.getContext('2d');
  this.dirty = true;
  this.frame = 0;
  this.width = 0;
  this.height = 0;
  this.press = null;
  this.listeners = [];
  this.on(this.canvas, 'pointermove', function (e) {
    // A second button pressed during a press comes as a move (chorded buttons).
    if (self.press && (e.buttons & 3) === 3) self.press.both = true;
    if (self.press && Math.hypot(e.clientX - self.press.x, e.clientY - self.press.y) > 10) {
      clearTimeout(self.press.timer);
      self.press.moved = true;
    }
    self.emit(e, 'hover');
  });
  this.on(this.canvas, 'pointerleave', function () { h.point(null, null, 'leave', {}); });
  this.on(this.canvas, 'pointerdown', function (e) {
    if (e.button !== 0 && e.button !== 2) return;
    var press = { x: e.clientX, y: e.clientY, button: e.button, moved: false, long: false,
      buttons: e.buttons, touch: e.pointerType === 'touch' };
    if (press.touch) {
      press.timer = setTimeout(function () {
        press.long = true;
        if (navigator.vibrate) navigator.vibrate(25);
        self.emit(e, 'press', { secondary: true, long: true });
      }, 450);
    }
    self.press = press;
  });
  this.on(this.canvas, 'pointerup', function (e) {
    var p = self.press;
    self.press = null;
    if (!p) return;
    clearTimeout(p.timer);
    if (p.long || p.moved && p.touch) return;
    // Left and right pressed together (or the middle button) means "chord".
    var both = p.both || (p.buttons & 3) === 3 || (e.buttons & 3) !== 0;
    self.emit(e, 'press', { secondary: p.button === 2, both: both });
  });
  this.on(this.canvas, 'pointercancel', function () {
    if (self.press) clearTimeout(self.press.timer);
    self.press = null;
  });
  this.on(this.canvas, 'auxclick', function (e) {
    if (e.button === 1) { e.preventDefault(); self.emit(e, 'press', { both: true }); }
  });
  this.on(this.canvas, 'contextmenu', function (e) { e.preventDefault(); });
  this.on(this.canvas, 'keydown', function (e) { h.key(e); });
  if (typeof ResizeObserver !== 'undefined') {
    this.resizer = new ResizeObserver(function () { self.resize(); });
    this.resizer.observe(stage.parentNode);
  }
  this.on(window, 'resize', function () { self.resize(); });
  this.resize();
}

QpBoard.prototype.on = function (target, type, fn) {
  target.addEventListener(type, fn);
  this.listeners.push([target, type, fn]);
};

QpBoard.prototype.emit = function (e, kind, extra) {
  var r = this.canvas.getBoundingClientRect();
  if (!r.width) return;
  var x = (e.clientX - r.left) * this.width / r.width;
  var y = (e.clientY - r.top) * this.height / r.height;
  this.h.point(x, y, kind, extra || {});
};

/* Fits the board to the width available and to the window's height. */
QpBoard.prototype.resize = function () {
  var parent = this.stage.parentNode;
  if (!parent) return;
  var avail = parent.clientWidth || 320;
  var aspect = this.h.aspect(Math.min(avail, 720));
  var maxH = Math.max(240, (window.innerHeight || 800) * 0.72);
  var least = this.h.minWidth ? this.h.minWidth(Math.min(avail, 720)) : 0;
  var w = Math.min(avail, 720, Math.max(least, maxH / aspect));
  w = Math.max(200, Math.floor(w));
  var hgt = Math.round(w * aspect);
  if (w === this.width && hgt === this.height) return;
  var dpr = Math.min(window.devicePixelRatio || 1, 3);
  this.width = w;
  this.height = hgt;
  this.stage.style.width = w + 'px';
  this.stage.style.height = hgt + 'px';
  this.canvas.width = Math.round(w * dpr);
  this.canvas.height = Math.round(hgt * dpr);
  this.ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  this.invalidate();
};

QpBoard.prototype.invalidate = function () {
  var self = this;
  this.dirty = true;
  if (this.frame || this.destroyed) return;
  this.frame = requestAnimationFrame(function () {
    self.frame = 0;
    if (!self.dirty || self.destroyed) return;
    self.dirty = false;
    self.ctx.clearRect(0, 0, self.width, self.height);
    self.h.draw(self.ctx, self.width, self.height);
    if (!self.drawn) {
      self.drawn = true;
      if (typeof performance !== 'undefined' && performance.mark) performance.mark('qipan-first-frame');
    }
    if (self.h.animating()) self.invalidate();
  });
};

QpBoard.prototype.destroy = function () {
  this.destroyed = true;
  if (this.frame) cancelAnimationFrame(this.frame);
  if (this.press) clearTimeout(this.press.timer);
  if (this.resizer) this.resizer.disconnect();
  this.listeners.forEach(function (l) { l[0].removeEventListener(l[1], l[2]); });
  this.listeners = [];
};

/* Drawing helpers the game modules share. */
function qpRoundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

/* A stone with a soft highlight, in any colour. */
function qpStone(ctx, x, y, r, color, alpha) {
  ctx.save();
  ctx.globalAlpha = alpha === undefined ? 1 : alpha;
  ctx.shadowColor = 'rgba(0,0,0,.35)';
  ctx.shadowBlur = r * 0.25;
  ctx.shadowOffsetY = r * 0.08;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = color;
  ctx.fill();
  ctx.shadowColor = 'transparent';
  var g = ctx.createRadialGradient(x - r * 0.35, y - r * 0.4, r * 0.1, x, y, r);
  g.addColorStop(0, 'rgba(255,255,255,.55)');
  g.addColorStop(0.5, 'rgba(255,255,255,0)');
  g.addColorStop(1, 'rgba(0,0,0,.18)');
  ctx.fillStyle = g;
  ctx.fill();
  ctx.lineWidth = Math.max(1, r * 0.06);
  ctx.strokeStyle = 'rgba(0,0,0,.45)';
  ctx.stroke();
  ctx.restore();
}

/* An arrow from a piece of radius r (its centre `from`) to a point `to`:
 * the hint's move. */
function qpArrow(ctx, from, to, r, color) {
  var dx = to[0] - from[0], dy = to[1] - from[1], len = Math.hypot(dx, dy);
  var ux = dx / len, uy = dy / len;
  var a = [from[0] + ux * r * 1.4, from[1] + uy * r * 1.4], b = [to[0] - ux * r * 0.5, to[1] - uy * r * 0.5];
  ctx.save();
  ctx.strokeStyle = ctx.fillStyle = color;
  ctx.lineWidth = r * 0.16;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(a[0], a[1]);
  ctx.lineTo(b[0] - ux * r * 0.4, b[1] - uy * r * 0.4);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(b[0], b[1]);
  ctx.lineTo(b[0] - ux * r * 0.6 - uy * r * 0.4, b[1] - uy * r * 0.6 + ux * r * 0.4);
  ctx.lineTo(b[0] - ux * r * 0.6 + uy * r * 0.4, b[1] - uy * r * 0.6 - ux * r * 0.4);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}

/* A pulsing ring: the hint and the keyboard cursor. */
function qpRing(ctx, x, y, r, color, t) {
  ctx.save();
  ctx.lineWidth = Math.max(2, r * 0.12);
  ctx.strokeStyle = color;
  ctx.globalAlpha = t === undefined ? 1 : 0.55 + 0.45 * Math.sin(t / 160);
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.stroke();
  ctx.restore();
}

function qpEase(t) { return t < 0 ? 0 : t > 1 ? 1 : t; }

/* Colours the boards share. The colour-blind safe palette (Okabe & Ito)
 * keeps red/blue and red/yellow pairs apart for every common kind of
 * colour blindness; high contrast strengthens lines and outlines. */
var QP_PALETTES = {
  normal: { red: '#c0392b', blue: '#2165c9', yellow: '#f2c417', green: '#2e8b57',
    orange: '#f5a623', ink: '#2b2118', hint: '#1565c0', cursor: '#2f6fd6', danger: '#d62828' },
  cb: { red: '#d55e00', blue: '#0072b2', yellow: '#f0e442', green: '#009e73',
    orange: '#e69f00', ink: '#000000', hint: '#56b4e9', cursor: '#0072b2', danger: '#cc79a7' }
};

function qpPalette(name) { return QP_PALETTES[name] || QP_PALETTES.normal; }

function qpPrefersContrast() {
  return typeof matchMedia === 'function' && matchMedia('(prefers-contrast: more)').matches;
}
