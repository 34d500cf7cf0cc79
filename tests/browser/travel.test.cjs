// Games that travel: a link opens the game it names in a fresh profile,
// Share gives a link (from disk, its code) that opens the same position, a forged link is
// answered on a card and leaves the saved game alone, replay steps
// through the game, and an embedded diagram takes no input.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const b = require('./browser.cjs');
const { cli } = require('../node/helpers.cjs');

let browser;
test.before(async () => { browser = await b.launch(); });
test.after(async () => { await browser.close(); });

const INDEX = b.fileUrl('web/index.html');

/* A game of `plies` moves chosen by the native AI (level 1, seeded), as
 * a link fragment, with the positions the engine replays. */
function playedGame(game, start, seed, plies) {
  let pos = cli(['new', game, ...(start ? ['--params', start] : []), ...(seed ? ['--seed', seed] : [])]).stdout;
  const actions = [];
  for (let i = 0; i < plies && /^turn|^playing/.test(cli(['status', game, pos]).stdout); i++) {
    const a = cli(['ai', game, pos, '--level', '1', '--seed', String(i + 1)]).stdout;
    actions.push(a);
    pos = cli(['apply', game, pos, a]).stdout;
  }
  const link = cli(['link', game, start, ...(seed ? ['--seed', seed] : []), ...actions]);
  assert.equal(link.code, 0, link.stderr);
  return { fragment: link.stdout, pos, actions };
}

const GAMES = [
  ['tictactoe', 'x', null, 4],
  ['gomoku', '15x15 free', null, 12],
  ['connect4', '7x6', null, 9],
  ['minesweeper', 'beginner:safe', '42', 1],
  ['ponghauqi', '', null, 5],
  ['beast', '', '17', 14],
];

/* The position on the board and its description, as the page has it. */
async function shown(page) {
  return page.evaluate(() => {
    const s = document.querySelector('#qipan').__qipan.state;
    return { game: s.game, pos: s.shown, ply: s.ply, describe: Qipan.engine.describe(s.game, s.shown) };
  });
}

async function openLinkPage(fragment, options = {}) {
  const opened = await b.open(browser, INDEX + '#' + fragment, options);
  await opened.page.waitForFunction(() => {
    const h = document.querySelector('#qipan').__qipan;
    return h && h.state && !h.state.busy;
  });
  return opened;
}

for (const [game, start, seed, plies] of GAMES) {
  test(`${game}: a link opens its game; Share gives a link that opens the same position elsewhere`, async () => {
    const made = playedGame(game, start, seed, plies);
    const first = await openLinkPage(made.fragment);
    const a = await shown(first.page);
    assert.equal(a.game, game);
    assert.equal(a.pos, made.pos, 'the link opens the position its moves lead to');
    // The address is the page's own again: a reload shows the game played.
    assert.equal(await first.page.evaluate(() => location.hash), '');
    // Share: from a page opened from disk, the card gives the game's code,
    // the link's fragment (copied where the browser allows), not an address.
    await b.inApp(first.page, '.controls button', '#qipan').filter({ hasText: '分享' }).click();
    const linkBox = b.inApp(first.page, '.share input.link');
    await linkBox.waitFor();
    const link = await linkBox.inputValue();
    assert.match(link, new RegExp('^#' + game + '/'));
    const record = await b.inApp(first.page, '.share textarea').inputValue();
    assert.ok(record.startsWith(game + ' '), record);
    // A fresh profile opens the code after the page's address at the same position, the same description.
    const second = await b.open(browser, INDEX + link);
    await b.idle(second.page);
    const c = await shown(second.page);
    if (game === 'minesweeper') {
      // A friend gets the same minefield from the same first click.
      assert.equal(c.pos, made.pos);
    } else {
      assert.equal(c.pos, a.pos);
    }
    assert.deepEqual(c.describe, a.describe);
    assert.deepEqual(first.errors, []);
    assert.deepEqual(second.errors, []);
    assert.deepEqual(first.requests.concat(second.requests), []);
    await first.context.close();
    await second.context.close();
  });
}

/* Forged, truncated and outdated links, one a game: a card says why, the
 * saved game stays as it was. */
const FORGED = [
  ['tictactoe', 'tictactoe/x/5.5'],
  ['gomoku', 'gomoku/15x15+free/h8.h99'],
  ['connect4', 'connect4/7x6/44444444'],
  ['minesweeper', 'minesweeper/beginner:safe@42/o99,99'],
  ['ponghauqi', 'ponghauqi//Z'],
  ['beast', 'beast/@17/c5c6'],
];

test('a forged link for every game: a card says why, the saved game stays', async () => {
  for (const [game, fragment] of FORGED) {
    // A game in progress, saved, then the forged link in the same profile.
    const { page, context, errors } = await b.open(browser, INDEX);
    await b.idle(page);
    const before = await page.evaluate(() => localStorage.getItem('qipan'));
    await page.goto(INDEX + '#' + fragment);
    await b.idle(page);
    const card = b.inApp(page, '.overlay .card').filter({ hasText: '打不开' });
    await card.waitFor({ timeout: 5000 });
    assert.match(await card.innerText(), /打不开/, game);
    // The reason in the player's words: which move, or a damaged link.
    if (game === 'gomoku') assert.match(await card.innerText(), /第 2 步 h99 走不了/);
    assert.doesNotMatch(await card.innerText(), /[a-z]{4,} [a-z]{3,}/, game + ': no English in the Chinese card');
    assert.equal(await page.evaluate(() => localStorage.getItem('qipan')), before, game);
    assert.deepEqual(errors, [], game);
    await context.close();
  }
  // Junk of every kind, on a page with a game in progress.
  const { page, context, errors } = await b.open(browser, INDEX);
  await b.idle(page);
  await b.clickTarget(page, '5');
  await b.idle(page);
  const played = (await b.state(page)).history;
  for (const junk of ['nogame/x', 'gomoku/15x15+free/h8.', 'gomoku/15x15+fre', '%zz', 'beast/=??', 'x'.repeat(5000)]) {
    await page.evaluate((h) => { location.hash = h; }, junk);
    const card = b.inApp(page, '.overlay .card').filter({ hasText: '打不开' });
    await card.waitFor({ timeout: 5000 });
    await card.locator('button.primary').click();
  }
  assert.deepEqual((await b.state(page)).history, played, 'the game in progress is untouched');
  assert.deepEqual(errors, []);
  await context.close();
});

test('replay steps through every ply; play on from here branches', async () => {
  const made = playedGame('connect4', '7x6', null, 10);
  const positions = JSON.parse(cli(['open', made.fragment]).stdout).positions;
  const { page, context, errors } = await openLinkPage(made.fragment, { viewport: { width: 1280, height: 900 } });
  const items = b.inApp(page, 'ol.moves li');
  assert.equal(await items.count(), 10);
  assert.equal(await items.first().innerText(), '1' + made.actions[0]);
  await b.inApp(page, '.replay-row button').first().click(); // ⏮
  for (let ply = 0; ply <= 10; ply++) {
    const s = await b.state(page);
    assert.equal(s.shown, positions[ply], 'ply ' + ply);
    if (ply === 3) await b.screenshot(page, 'travel-replay-desktop');
    if (ply < 10) await page.keyboard.press('ArrowRight');
  }
  assert.equal((await b.state(page)).replay, null, 'the last ply is the game again');
  // A press on a move views it; the board takes no move meanwhile.
  await items.nth(3).click();
  assert.equal((await b.state(page)).shown, positions[4]);
  await b.clickTarget(page, '1');
  assert.equal((await b.state(page)).history.length, 11, 'no move while replaying');
  await b.inApp(page, '.replay-row .branch').click();
  const s = await b.state(page);
  assert.deepEqual(s.history, positions.slice(0, 5));
  assert.equal(s.replay, null);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a finished game offers the replay; a record pasted into Share opens', async () => {
  // Tic-tac-toe to a win for x in the link: the result offers the replay.
  const { page, context, errors } = await openLinkPage('tictactoe/x/1.4.2.5');
  await b.clickTarget(page, '3');
  await b.idle(page);
  assert.match(await b.resultText(page), /回放/);
  await b.resultButton(page, '回放');
  assert.equal((await b.state(page)).replay, 0);
  // Paste a record into the Share card's box and open it.
  await b.inApp(page, '.controls button').filter({ hasText: '分享' }).click();
  await b.inApp(page, '.share textarea').fill('gomoku 15x15 free | h8 i9 j10');
  await b.inApp(page, '.overlay .card button').filter({ hasText: '打开' }).click();
  await b.idle(page);
  const s = await b.state(page);
  assert.equal(s.game, 'gomoku');
  assert.equal(s.pos, '15x15 free 7,7 8,6 9,5');
  // A pasted record that does not open keeps the card, saying why.
  await b.inApp(page, '.controls button').filter({ hasText: '分享' }).click();
  await b.inApp(page, '.share textarea').fill('gomoku 15x15 free | h8 h8');
  await b.inApp(page, '.overlay .card button').filter({ hasText: '打开' }).click();
  assert.match(await b.inApp(page, '.share .problem').innerText(), /打不开/);
  assert.equal((await b.state(page)).pos, s.pos);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the Share card: a late refusal to copy leaves the player typing in the record box', async () => {
  // The browser says no to the clipboard only after the player has begun typing.
  const init = () => {
    navigator.clipboard.writeText = () => new Promise((resolve, reject) => {
      setTimeout(() => reject(new Error('not allowed')), 400);
    });
  };
  const { page, context, errors } = await openLinkPage('tictactoe/x/1.4', { init });
  await b.inApp(page, '.controls button').filter({ hasText: '分享' }).click();
  const box = b.inApp(page, '.share textarea');
  await box.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('gomoku 15x15 free');
  assert.ok(await b.until(async () => /Ctrl\+C/.test(await b.inApp(page, '.share .note[aria-live]').innerText())),
    'the refusal is told');
  await page.keyboard.type(' | h8 i9');
  assert.equal(await box.inputValue(), 'gomoku 15x15 free | h8 i9');
  await b.inApp(page, '.overlay .card button').filter({ hasText: '打开' }).click();
  await b.idle(page);
  assert.equal((await b.state(page)).pos, '15x15 free 7,7 8,6');
  assert.deepEqual(errors, []);
  await context.close();
});

test('embedded: a readonly diagram takes no input; a puzzle plays against the engine', async () => {
  for (const [size, name] of [[{ width: 1280, height: 900 }, 'desktop'], [{ width: 390, height: 844 }, 'phone']]) {
    const { page, context, errors, requests } = await b.open(browser, b.fileUrl('web/examples/positions.html'),
      { viewport: size, hasTouch: name === 'phone', isMobile: name === 'phone', locale: 'en-US' });
    await b.idle(page, '#diagram');
    await b.idle(page, '#puzzle');
    const diagram = await b.state(page, '#diagram');
    assert.equal(diagram.pos, '7x6 44453');
    await b.clickTarget(page, '1', '#diagram');
    await page.waitForTimeout(300);
    assert.equal((await b.state(page, '#diagram')).pos, '7x6 44453', 'a diagram takes no move');
    assert.equal(await b.inApp(page, '.side', '#diagram').isVisible(), false, 'no controls on a diagram');
    // The puzzle: the reader plays Black's winning point, the engine answers.
    const puzzle = await b.state(page, '#puzzle');
    await b.clickTarget(page, '8,7', '#puzzle', name === 'phone' ? {} : {});
    if (name === 'phone') await b.clickTarget(page, '8,7', '#puzzle'); // a small board asks for a second tap
    await page.waitForFunction(() => document.querySelector('#puzzle').__qipan.state.ply === 2, null,
      { timeout: 20000 });
    const after = await b.state(page, '#puzzle');
    assert.equal(after.history[0], puzzle.pos);
    await page.locator('#puzzle').scrollIntoViewIfNeeded();
    await b.screenshot(page, 'travel-puzzle-' + name);
    assert.deepEqual(errors, []);
    assert.deepEqual(requests, []);
    await context.close();
  }
});

test('screenshots: the Share card and the move list, desktop and phone, both languages', async () => {
  const made = playedGame('gomoku', '15x15 free', null, 14);
  for (const [size, name] of [[{ width: 1280, height: 900 }, 'desktop'], [{ width: 390, height: 844 }, 'phone']]) {
    for (const lang of ['zh', 'en']) {
      const { page, context, errors } = await openLinkPage(made.fragment,
        { viewport: size, hasTouch: name === 'phone', isMobile: name === 'phone', locale: lang === 'en' ? 'en-US' : 'zh-CN' });
      await b.inApp(page, 'ol.moves li').nth(8).click();
      await b.inApp(page, 'ol.moves').scrollIntoViewIfNeeded();
      await b.screenshot(page, `travel-moves-${name}-${lang}`);
      await b.inApp(page, '.controls button').nth(3).click();
      await b.inApp(page, '.share input.link').waitFor();
      await b.screenshot(page, `travel-share-${name}-${lang}`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  }
});

test('the one-file page (dist/qipan.html) opens a link too', async () => {
  const { page, context, errors, requests } = await b.open(browser, b.fileUrl('dist/qipan.html') + '#connect4/7x6/4453');
  await page.waitForFunction(() => {
    const h = document.querySelector('#qipan').__qipan;
    return h && h.state && !h.state.busy;
  });
  assert.equal((await b.state(page)).pos, '7x6 4453');
  assert.deepEqual(errors, []);
  assert.deepEqual(requests, []);
  await context.close();
});
