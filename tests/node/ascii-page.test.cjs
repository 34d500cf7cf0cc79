// tools/ascii-page.cjs: dist/qipan.html and the site's page are written in
// ASCII alone, and read back as the same words and the same scripts.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const vm = require('node:vm');
const { asciiPage } = require('../../tools/ascii-page.cjs');

const SCRIPT = "globalThis.out = ['棋盘', `${'井字棋'}!`, /[一-龥]+/u.exec('x中文y')[0], '🀄'.length, '\\n'];";
const PAGE = `<!doctype html><html lang="zh"><head><meta charset="utf-8"><title>棋盘 Qipan</title>
<style>body{margin:0}</style></head><body><p title="悔棋">Qipan — 棋盘 🀄</p>
<script>${SCRIPT}</script><script type="qipan/later">globalThis.later = '四子棋';</script></body></html>`;

/** The text of each script element, in order. @param {string} html */
const scripts = (html) => Array.from(html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g), (m) => m[1]);

/** The markup's character references read back (what the HTML parser does). @param {string} html */
const readBack = (html) => html.replace(/&#x([0-9a-f]+);/g, (m, hex) => String.fromCodePoint(parseInt(hex, 16)));

test('every byte is ASCII, and the markup reads back as it was', () => {
  const ascii = asciiPage(PAGE);
  assert.equal(Buffer.from(ascii, 'utf8').findIndex((byte) => byte > 127), -1);
  const markup = (html) => html.replace(/<script[^>]*>[\s\S]*?<\/script>/g, '<script></script>');
  assert.equal(readBack(markup(ascii)), markup(PAGE));
  assert.match(ascii, /<title>&#x68cb;&#x76d8; Qipan<\/title>/);
  assert.match(ascii, /&#x1f004;/, 'a character beyond 16 bits is one reference, not two halves');
});

test('the scripts compute the same values as before', () => {
  const before = scripts(PAGE), after = scripts(asciiPage(PAGE));
  assert.equal(after.length, 2);
  for (let i = 0; i < before.length; i++) {
    const [a, b] = [before[i], after[i]].map((code) => {
      const context = {};
      vm.runInNewContext(code, context);
      return JSON.stringify(context);
    });
    assert.equal(b, a);
  }
  assert.notEqual(after[0], before[0]);
});

test('refused: what an escape would change', () => {
  assert.throws(() => asciiPage('<style>p::before{content:"棋"}</style>'), /<style>/);
  assert.throws(() => asciiPage("<script>x = '\\棋';</script>"), /backslash/);
});
