// Sound: ⚙'s switch is remembered; with it on, a move, a flip, a capture,
// a win and a loss each make their sound (the page's AudioContext is
// replaced by one that writes down the notes it is asked to play: no
// sound comes out), and nothing is made before the player has touched the
// page. Off (a page driven by automation starts off), no AudioContext.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const b = require('./browser.cjs');

let browser;
test.before(async () => { browser = await b.launch(); });
test.after(async () => { await browser.close(); });

/* An AudioContext that plays nothing and writes down each note started:
 * window.__audio = {contexts, notes: [{f, wave}]}. */
const FAKE_AUDIO = `window.__audio = { contexts: 0, notes: [] };
  class FakeParam { setValueAtTime(v) { if (this.first === undefined) this.first = v; return this; }
    exponentialRampToValueAtTime() { return this; } linearRampToValueAtTime() { return this; } }
  class FakeNode { connect(n) { return n; } disconnect() {} }
  window.AudioContext = class { constructor() { window.__audio.contexts++; this.state = 'running';
      this.currentTime = 0; this.destination = new FakeNode(); }
    createOscillator() { const o = new FakeNode(); o.type = 'sine'; o.frequency = new FakeParam();
      o.start = () => window.__audio.notes.push({ f: o.frequency.first, wave: o.type }); o.stop = () => {}; return o; }
    createGain() { const g = new FakeNode(); g.gain = new FakeParam(); return g; }
    resume() { return Promise.resolve(); } close() { return Promise.resolve(); } };`;

const audio = (page) => page.evaluate(() => window.__audio);
/** The notes played since `from` notes, once there are `n`. */
async function notesAfter(page, from, n) {
  await page.waitForFunction(([a, k]) => window.__audio.notes.length >= a + k, [from, n], { timeout: 10000 });
  return (await audio(page)).notes.slice(from);
}
const freqs = (notes) => notes.map((n) => n.f);
const rising = (fs) => fs.every((f, i) => i === 0 || f > fs[i - 1]);
const falling = (fs) => fs.every((f, i) => i === 0 || f < fs[i - 1]);

/* The page with `games` stored (the page's record, tools: storage.js) and sound on. */
async function openWith(games, lastGame, sound = true) {
  const o = await b.open(browser, b.fileUrl('web/index.html'), { init: FAKE_AUDIO });
  await o.page.evaluate(([g, last, on]) => {
    localStorage.setItem('qipan', JSON.stringify({ v: 1, lastGame: last, sound: on, games: g }));
  }, [games, lastGame, sound]);
  await o.page.reload();
  await b.idle(o.page);
  return o;
}

/* Positions from `actions` played from a new game, asked of the page's engine. */
async function positions(page, game, actions, params = null, seed = 5) {
  return page.evaluate(([g, acts, p, s]) => {
    const e = Qipan.engine, history = [e.newGame(g, p, s)];
    for (const a of acts) history.push(e.apply(g, history[history.length - 1], a));
    return history;
  }, [game, actions, params, seed]);
}

test('the sound switch in ⚙ is remembered, and off makes no AudioContext', async () => {
  const { page, errors } = await b.open(browser, b.fileUrl('web/index.html'), { init: FAKE_AUDIO, locale: 'en-US' });
  await b.idle(page);
  const box = async () => {
    await b.inApp(page, '.bar button[aria-label="Settings"]').click();
    const id = await b.inApp(page, '.form label').filter({ hasText: /^Sound$/ }).getAttribute('for');
    return b.inApp(page, `.form #${id}`);
  };
  let sound = await box();
  assert.equal(await sound.isChecked(), false, 'a page driven by automation starts silent');
  // Switched, OK, then the page again: the switch as it was left.
  for (const on of [true, false]) {
    await sound.setChecked(on);
    await b.inApp(page, '.card:has(.form) button.primary').click();
    await page.reload();
    await b.idle(page);
    sound = await box();
    assert.equal(await sound.isChecked(), on, `${on ? 'on' : 'off'}, after a reload`);
  }
  await b.inApp(page, '.card:has(.form) button:not(.primary)').click();
  // Off: a move makes nothing.
  await b.inApp(page, '.overlay .card button.primary').click();
  await b.idle(page);
  await b.clickTarget(page, 5);
  await b.idle(page);
  assert.deepEqual(await audio(page), { contexts: 0, notes: [] });
  assert.deepEqual(errors, []);
});

test('tic-tac-toe: a move sounds, and so does a win between two players and a loss to the computer', async () => {
  const { page, errors } = await openWith({}, 'tictactoe');
  const pvp = { mode: 'pvp', level: 3, humanFirst: true, seed: 5, started: true, settings: { side: 'x', first: 'x' },
    history: await positions(page, 'tictactoe', ['1', '4', '2', '5']) };
  await page.evaluate((g) => {
    localStorage.setItem('qipan', JSON.stringify({ v: 1, lastGame: 'tictactoe', sound: true, games: { tictactoe: g } }));
  }, pvp);
  await page.reload();
  await b.idle(page);
  assert.equal((await audio(page)).contexts, 0, 'nothing made before the player touches the page');
  await b.clickTarget(page, 3); // X completes the top row
  await b.idle(page);
  const won = await notesAfter(page, 0, 5);
  assert.equal(won.length, 5, JSON.stringify(won));
  assert.ok(rising(freqs(won.slice(1))), `a win rises: ${freqs(won)}`);
  // The won game goes to My games, and the page then marks it kept in its
  // record: wait for that write, or it could land after the next game's.
  await page.waitForFunction(() => (JSON.parse(localStorage.getItem('qipan')).games.tictactoe || {}).kept);

  // Against the computer, at a fork: X blocks one line, O wins on the other.
  const ai = { ...pvp, mode: 'ai', history: await positions(page, 'tictactoe', ['5', '1', '6', '2', '8', '4']) };
  await page.evaluate((g) => {
    localStorage.setItem('qipan', JSON.stringify({ v: 1, lastGame: 'tictactoe', sound: true, games: { tictactoe: g } }));
  }, ai);
  await page.reload();
  await b.idle(page);
  await b.clickTarget(page, 3);
  await b.idle(page);
  assert.match((await b.state(page)).status, /^win o/);
  const lost = await notesAfter(page, 0, 6);
  assert.equal(lost.length, 6, `my move, the computer's, its win: ${JSON.stringify(lost)}`);
  assert.deepEqual([lost[0].f, lost[1].f], [won[0].f, won[0].f], 'two moves, one note each, alike');
  assert.ok(falling(freqs(lost.slice(2))), `a loss falls: ${freqs(lost)}`);
  assert.deepEqual(errors, []);
});

test('dark chess: a flip and a capture each have their sound', async () => {
  const { page, errors } = await openWith({}, 'tictactoe');
  // Seeded random plies until the side to move can take a piece.
  const found = await page.evaluate(() => {
    const e = Qipan.engine, history = [e.newGame('beast', null, 5)];
    let r = 11;
    for (let i = 0; i < 400; i++) {
      const pos = history[history.length - 1], legal = e.legal('beast', pos);
      // A capture after which a piece is still face down.
      const take = legal.find((a) => {
        const next = e.apply('beast', pos, a);
        return (e.describe('beast', next).last || {}).kind === 'capture' && e.legal('beast', next).some((f) => f.length === 2);
      });
      if (take) return { history, take };
      r = (r * 1103515245 + 12345) % 2147483648;
      history.push(e.apply('beast', pos, legal[r % legal.length]));
    }
    return null;
  });
  assert.ok(found, 'a capture came up');
  await page.evaluate((h) => {
    localStorage.setItem('qipan', JSON.stringify({ v: 1, lastGame: 'beast', sound: true, games: { beast: {
      mode: 'pvp', level: 1, humanFirst: true, seed: 5, started: true, history: h, extra: { rulesSeen: true } } } }));
  }, found.history);
  await page.reload();
  await b.idle(page);
  await b.clickTarget(page, found.take.slice(0, 2));
  await b.clickTarget(page, found.take.slice(-2));
  await b.idle(page);
  assert.equal((await b.state(page)).ply, found.history.length, 'the capture was played');
  const capture = await notesAfter(page, 0, 3);
  assert.equal(capture.length, 3, JSON.stringify(capture));
  assert.ok(capture[0].f < 300, `a capture starts low: ${freqs(capture)}`);
  // A flip: two notes, rising.
  const flip = (await b.legal(page)).find((a) => a.length === 2);
  await b.clickTarget(page, flip);
  await b.idle(page);
  const notes = await notesAfter(page, 3, 2);
  assert.equal(notes.length, 2, JSON.stringify(notes));
  assert.ok(rising(freqs(notes)), `a flip rises: ${freqs(notes)}`);
  assert.deepEqual(errors, []);
});
