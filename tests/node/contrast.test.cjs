// The canvases' colours: every text drawn on a board or the page around
// it at WCAG AA (4.5:1), every mark and line at 3:1, in both themes and
// both palettes (ui/draw.js contrastPairs: the colours the drawing code
// uses). draw.js is an ES module of the page: esbuild makes it CommonJS.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { pageModule } = require('./helpers.cjs');

const draw = pageModule('ui/draw.js');

test('the contrast ratio is WCAG 2\'s', () => {
  assert.equal(draw.contrast('#000000', '#ffffff').toFixed(2), '21.00');
  assert.equal(draw.contrast('#ffffff', '#ffffff'), 1);
  assert.equal(draw.contrast('#767676', '#ffffff').toFixed(2), '4.54');
  // Alpha is blended over the background first.
  assert.equal(draw.contrast('rgba(0,0,0,0)', '#f5a623'), 1);
  assert.ok(Math.abs(draw.contrast('rgba(29,29,31,.8)', '#f5a623') - 5.54) < 0.01);
});

test('the check fails the colours it replaced', () => {
  // Minesweeper's classic 8 on its grey, animal chess's orange frame on a
  // cell, connect four's column numbers on the dark page: all under AA.
  assert.ok(draw.contrast('#808080', '#c0c0c0') < 4.5);
  assert.ok(draw.contrast('#f5a623', '#f0cc92') < 3);
  assert.ok(draw.contrast('#6b5a48', draw.THEMES.dark.page) < 4.5);
});

test('every text and mark the boards draw meets WCAG AA against what it sits on', () => {
  const pairs = draw.contrastPairs();
  assert.ok(pairs.length >= 30, 'the pairs: ' + pairs.length);
  const low = pairs.filter((p) => draw.contrast(p.fg, p.bg) < p.min)
    .map((p) => `${p.what}: ${p.fg} on ${p.bg} ${draw.contrast(p.fg, p.bg).toFixed(2)} < ${p.min}`);
  assert.deepEqual(low, []);
});

test('readableOn darkens a colour on a light background, lightens it on a dark one, as little as it takes', () => {
  for (const [colour, bg] of [['#009e73', '#fffdf8'], ['#f2c417', '#ffffff'], ['#2165c9', '#1c1915'], ['#6b5a48', '#1c1915']]) {
    const c = draw.readableOn(colour, bg);
    assert.ok(draw.contrast(c, bg) >= 4.5, `${colour} on ${bg} -> ${c}`);
  }
  assert.equal(draw.readableOn('#000080', '#ffffff'), '#000080', 'a colour that reads stays');
  for (const bg of ['#237a4b', '#d62828', '#009e73', '#cc79a7', '#f4c20d', '#1c1c1e']) {
    assert.ok(draw.contrast(draw.textOn(bg), bg) >= 4.5, bg);
  }
});

test('the dark theme is dark and the light one light: the page, the graph, the holes', () => {
  const lum = (c) => draw.contrast(c, '#000000');
  for (const key of ['page', 'graphBack', 'holes']) {
    assert.ok(lum(draw.THEMES.dark[key]) < 1.6, 'dark ' + key);
    assert.ok(lum(draw.THEMES.light[key]) > 15, 'light ' + key);
  }
});
