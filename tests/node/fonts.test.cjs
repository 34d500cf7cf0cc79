// The page's Chinese face (ui/draw.js cjkFaces): each system names its own
// faces and no other's, since every name the browser does not find costs
// it a lookup on the way to the first frame.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { pageModule } = require('./helpers.cjs');

const { cjkFaces } = pageModule('ui/draw.js');

const AGENTS = {
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  android: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeos: 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

test('each system names its own Chinese faces, and only those', () => {
  assert.equal(cjkFaces(AGENTS.mac), '"PingFang SC"');
  assert.equal(cjkFaces(AGENTS.iphone), '"PingFang SC"');
  assert.equal(cjkFaces(AGENTS.windows), '"Microsoft YaHei"');
  assert.equal(cjkFaces(AGENTS.android), '"Noto Sans CJK SC"');
  assert.equal(cjkFaces(AGENTS.linux), '"Noto Sans CJK SC","WenQuanYi Micro Hei"');
  assert.equal(cjkFaces(AGENTS.chromeos), '"Noto Sans CJK SC","WenQuanYi Micro Hei"');
});

test('a system it does not know gets every face', () => {
  for (const agent of ['', 'Node.js/22', 'SomeBrowser/1.0 (FreeBSD)']) {
    assert.equal(cjkFaces(agent), '"PingFang SC","Microsoft YaHei","Noto Sans CJK SC","WenQuanYi Micro Hei"');
  }
});
