/* ---- games/tictactoe.js: 井字棋 on the page (seed 004).
 *
 * A game module gives the shell (app.js) these fields:
 *   id, texts {zh, en}, levelNames {zh: [...], en: [...]}
 *   settings: [{key, type: select|checkbox|color|range, label {zh,en},
 *              options, default, restart, hidden}]    kept per game
 *   params(settings, rec) -> the engine's params for a new game
 *   startOverlay(api, done) / applyStart(choice, rec)  optional start screen
 *   aspect(view, settings, avail) -> board height / width (avail: the
 *                                 width available, px)
 *   minWidth(view, settings, avail) -> px    optional: the board keeps this
 *                                 width on a short window (the page scrolls)
 *   draw(ctx, w, h, view, ui)     view: engine.describe(); ui: hover, cursor,
 *                                 hint (+ hintInfo: the AI's info), selected,
 *                                 anim {from, to, action, t},
 *                                 legal, settings, humanTurn, now, t()
 *   hit(view, w, h, x, y) -> a target id (or null)
 *   targets(view, w, h) -> [{id, col, row, x, y}]: what the keyboard
 *                                 cursor visits (col/row) and where it is
 *   act(target, view, ui, extra) -> {action} | {select} | {toast} | null
 *   onButton(target, api, extra) -> true when the target is a button drawn
 *                                 on the board (a restart face): any state
 *   refusal(message, t, api) -> the toast for an action the engine refused
 *   animation(before, after, action, settings) -> {duration} | null
 *   sideName(side, t), sideColor(side, settings), actionText(action, view, t),
 *   hintText(info, view, t), onRefresh(api), extraControls(node, api)
 *   aiNote(info, api): after the computer's move, what the engine said of
 *                                 it (aiInfo: note, score, nodes)
 * The module knows how to draw, not the rules: legality comes from the
 * engine (ui.legal, engine errors). */

(function () {
  function ink(side, colors) { return side === 'x' ? colors.red : colors.blue; }

  function geometry(w, h) {
    var size = Math.min(w, h);
    var pad = size * 0.08;
    var cell = (size - 2 * pad) / 3;
    return { x0: (w - 3 * cell) / 2, y0: (h - 3 * cell) / 2, cell: cell };
  }

  function centre(g, i) {
    return [g.x0 + (i % 3 + 0.5) * g.cell, g.y0 + (Math.floor(i / 3) + 0.5) * g.cell];
  }

  function drawMark(ctx, g, i, side, alpha, grow, colors) {
    var c = centre(g, i), r = g.cell * 0.3 * (grow === undefined ? 1 : grow);
    ctx.save();
    ctx.globalAlpha = alpha;
    ctx.lineCap = 'round';
    ctx.lineWidth = g.cell * 0.1;
    ctx.strokeStyle = ink(side, colors);
    ctx.beginPath();
    if (side === 'x') {
      ctx.moveTo(c[0] - r, c[1] - r); ctx.lineTo(c[0] + r, c[1] + r);
      ctx.moveTo(c[0] + r, c[1] - r); ctx.lineTo(c[0] - r, c[1] + r);
    } else {
      ctx.arc(c[0], c[1], r, 0, Math.PI * 2);
    }
    ctx.stroke();
    ctx.restore();
  }

  function draw(ctx, w, h, view, ui) {
    var g = geometry(w, h);
    ctx.fillStyle = '#fbf6ec';
    qpRoundRect(ctx, 0, 0, w, h, 10);
    ctx.fill();
    // The # of four lines, as drawn on paper.
    ctx.strokeStyle = ui.contrast ? '#000' : '#5b4b3a';
    ctx.lineCap = 'round';
    ctx.lineWidth = Math.max(3, g.cell * (ui.contrast ? 0.06 : 0.045));
    ctx.beginPath();
    for (var k = 1; k < 3; k++) {
      ctx.moveTo(g.x0 + k * g.cell, g.y0 + g.cell * 0.06);
      ctx.lineTo(g.x0 + k * g.cell, g.y0 + 3 * g.cell - g.cell * 0.06);
      ctx.moveTo(g.x0 + g.cell * 0.06, g.y0 + k * g.cell);
      ctx.lineTo(g.x0 + 3 * g.cell - g.cell * 0.06, g.y0 + k * g.cell);
    }
    ctx.stroke();
    var fresh = ui.anim ? Number(ui.anim.action) - 1 : -1;
    for (var i = 0; i < 9; i++) {
      var c = view.cells.charAt(i);
      if (c === '.') continue;
      drawMark(ctx, g, i, c, 1, i === fresh ? 0.4 + 0.6 * ui.anim.t : 1, ui.colors);
    }
    var hover = ui.hover !== null && ui.hover !== undefined ? Number(ui.hover) - 1 : -1;
    if (ui.humanTurn && hover >= 0 && view.cells.charAt(hover) === '.') {
      drawMark(ctx, g, hover, view.turn, 0.25, 1, ui.colors);
    }
    if (ui.hint) {
      var hc = centre(g, Number(ui.hint) - 1);
      qpRing(ctx, hc[0], hc[1], g.cell * 0.4, ui.colors.orange, ui.now);
    }
    if (ui.cursor) {
      var cc = centre(g, Number(ui.cursor) - 1);
      ctx.save();
      ctx.strokeStyle = ui.colors.cursor;
      ctx.lineWidth = 3;
      ctx.strokeRect(cc[0] - g.cell * 0.46, cc[1] - g.cell * 0.46, g.cell * 0.92, g.cell * 0.92);
      ctx.restore();
    }
    if (view.line.length === 3 && !ui.anim) {
      var a = centre(g, view.line[0]), b = centre(g, view.line[2]);
      var dx = (b[0] - a[0]) * 0.18, dy = (b[1] - a[1]) * 0.18;
      ctx.save();
      ctx.strokeStyle = 'rgba(43,33,24,.75)';
      ctx.lineWidth = g.cell * 0.07;
      ctx.lineCap = 'round';
      ctx.beginPath();
      ctx.moveTo(a[0] - dx, a[1] - dy);
      ctx.lineTo(b[0] + dx, b[1] + dy);
      ctx.stroke();
      ctx.restore();
    }
  }

  function hit(view, w, h, x, y) {
    var g = geometry(w, h);
    var col = Math.floor((x - g.x0) / g.cell), row = Math.floor((y - g.y0) / g.cell);
    if (col < 0 || col > 2 || row < 0 || row > 2) return null;
    return String(row * 3 + col + 1);
  }

  /* The article's start screen: pick your side, then who moves first. */
  function startOverlay(api, done) {
    var t = api.t, rec = api.rec;
    var choice = { side: rec.settings.side || 'x', first: rec.settings.first || 'x' };
    var vsAi = rec.mode === 'ai';
    function group(label, key, options) {
      var buttons = options.map(function (o) {
        return qpEl('button', {
          class: 'choice', 'aria-pressed': String(choice[key] === o.value), 'data-value': o.value,
          onclick: function () {
            choice[key] = o.value;
            buttons.forEach(function (b) {
              b.setAttribute('aria-pressed', String(b.getAttribute('data-value') === o.value));
            });
          }
        }, [o.label]);
      });
      return qpEl('div', {}, [qpEl('p', { text: label }), qpEl('div', { class: 'row' }, buttons)]);
    }
    var body = qpEl('div', {}, [
      vsAi ? group(t('chooseSide'), 'side', [{ value: 'x', label: 'X' }, { value: 'o', label: 'O' }]) : null,
      group(t('chooseFirst'), 'first', [{ value: 'x', label: t('xFirst') }, { value: 'o', label: t('oFirst') }])
    ]);
    return api.dialog({
      title: t('title'), body: body, dismissable: false,
      buttons: [{ label: t('start'), primary: true, onclick: function () { done(choice); } }]
    });
  }

  qpRegisterGame({
    id: 'tictactoe',
    texts: {
      zh: { title: '井字棋', chooseSide: '选择你的棋子', chooseFirst: '谁先走', xFirst: 'X 先',
        oFirst: 'O 先', start: '开始游戏', taken: '这里已经有棋子了', row: '第{r}行第{c}列',
        hintWin: '提示：{move}，{n}步内必胜', hintDraw: '提示：{move}，稳守和棋',
        hintLose: '提示：{move}，尽量拖延', reason_line: '三子连成一线' },
      en: { title: 'Tic-tac-toe', chooseSide: 'Choose your mark', chooseFirst: 'Who moves first',
        xFirst: 'X first', oFirst: 'O first', start: 'Start', taken: 'That square is taken',
        row: 'row {r}, column {c}', hintWin: 'Hint: {move}, wins within {n} moves',
        hintDraw: 'Hint: {move}, holds the draw', hintLose: 'Hint: {move}, holds out longest',
        reason_line: 'three in a row' }
    },
    levelNames: { zh: ['随机', '规则', '完美'], en: ['Random', 'Rules', 'Perfect'] },
    defaultLevel: 3,
    settings: [
      { key: 'side', type: 'select', hidden: true, default: 'x',
        options: [{ value: 'x', label: 'X' }, { value: 'o', label: 'O' }], label: { zh: '', en: '' } },
      { key: 'first', type: 'select', hidden: true, default: 'x',
        options: [{ value: 'x', label: 'X' }, { value: 'o', label: 'O' }], label: { zh: '', en: '' } }
    ],
    params: function (settings) { return settings.first; },
    startOverlay: startOverlay,
    startFromOptions: function (opts) { return { side: opts.first === 'ai' ? 'o' : 'x', first: 'x' }; },
    applyStart: function (choice, rec) {
      rec.settings.side = choice.side;
      rec.settings.first = choice.first;
      rec.humanFirst = rec.mode === 'pvp' || choice.side === choice.first;
    },
    aspect: function () { return 1; },
    draw: draw,
    hit: hit,
    targets: function (view, w, h) {
      var out = [], g = geometry(w, h);
      for (var i = 0; i < 9; i++) {
        var c = centre(g, i);
        out.push({ id: String(i + 1), col: i % 3, row: Math.floor(i / 3), x: c[0], y: c[1] });
      }
      return out;
    },
    act: function (target, view, ui) {
      return ui.legal.indexOf(target) >= 0 ? { action: target } : { toast: 'taken' };
    },
    animation: function () { return { duration: 160 }; },
    sideName: function (side) { return side.toUpperCase(); },
    sideColor: function (side, settings, view, colors) { return ink(side, colors); },
    actionText: function (action, view, t) {
      var i = Number(action) - 1;
      return t('row', { r: Math.floor(i / 3) + 1, c: i % 3 + 1 });
    },
    hintText: function (info, view, t) {
      var move = this.actionText(info.action, view, t);
      if (info.score > 0) return t('hintWin', { move: move, n: Math.ceil((10 - info.score) / 2) });
      if (info.score < 0) return t('hintLose', { move: move });
      return t('hintDraw', { move: move });
    }
  });
})();
