// The page as a player sees it (issue 38): a finished game's result hides
// no control and leaves the board in view; the keyboard's focus goes to the
// board after Start, New game or a card, and a board that takes it shows
// its cursor and plays on Enter; a first visit starts each game at a level
// a newcomer can beat, the strongest one step away and named so; the size
// list shows the size asked for while the player is asked, and the size in
// play if they keep the game; Share from a page opened from disk offers no
// file:// address. On a desktop (1280x900) and a phone (390x844, touch), in
// Chinese and English.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const b = require('./browser.cjs');

let browser;
test.before(async () => { browser = await b.launch(); });
test.after(async () => { await browser.close(); });

const DEVICES = {
  desktop: { viewport: { width: 1280, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 },
};
const LOCALES = { zh: 'zh-CN', en: 'en-US' };
const INDEX = b.fileUrl('web/index.html');

// A finished game of each game, as a link (the result shows, unsaid).
const FINISHED = {
  tictactoe: 'tictactoe/x/5.1.9.2.8.3',
  gomoku: 'gomoku/15x15+free/h8.a15.i8.a14.j8.a13.k8.a12.l8',
  connect4: 'connect4/7x6/1212121',
  minesweeper: 'minesweeper/9x9%2F10@2/o0,0.o5,2.o6,1.o6,0.o7,0.o7,1.o6,2.o7,2.o8,2.o0,3.o5,3.o6,3.o7,3.o8,0.o0,4.o1,4.o0,5.o7,5.o8,7',
  ponghauqi: 'ponghauqi//B.A.C.B.A.C.D.A.B',
  beast: 'beast/=cT..%2FT...%2F....%2F....%2F....%2F....%2F....%2F...C+r+0/d1d2',
};
const NEW_GAME = { zh: '开始新局', en: 'New game' };
const REVIEW = { zh: '复盘', en: 'Review' };
const REPLAY = { zh: '回放', en: 'Replay' };

/* Whether the element's centre, brought into view, is the element itself
 * (or inside it): nothing covers it. */
async function uncovered(locator) {
  await locator.scrollIntoViewIfNeeded();
  return locator.evaluate((node) => {
    const r = node.getBoundingClientRect(), root = node.getRootNode();
    const top = root.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!top && (top === node || node.contains(top));
  });
}

for (const [device, options] of Object.entries(DEVICES)) {
  for (const [lang, locale] of Object.entries(LOCALES)) {
    test(`a finished game's result hides nothing, every game, ${device}, ${lang}`, async () => {
      for (const [game, link] of Object.entries(FINISHED)) {
        const { page, errors, context } = await b.open(browser, INDEX + '#' + link, { ...options, locale });
        await b.idle(page);
        const text = await b.resultText(page);
        const status = await b.inApp(page, '.status').innerText();
        const title = text.split('\n')[0];
        assert.ok(status.startsWith(title), `${game}: the status line says the result: "${status}" / "${title}"`);
        const buttons = await b.inApp(page, '.result-box button').allInnerTexts();
        assert.ok(buttons.includes(NEW_GAME[lang]) && buttons.includes(REVIEW[lang]), `${game}: ${buttons}`);
        if (game !== 'minesweeper') assert.ok(buttons.includes(REPLAY[lang]), `${game}: ${buttons}`);
        assert.equal(await b.inApp(page, '.overlay').count(), 0, `${game}: no card over the game`);
        // Undo, Hint, Restart, Share, and everything of the side panel: none covered.
        for (const sel of ['.controls button:visible:not(.read-position)', '.result-box button', '.side .extra button:visible',
          '.side .replay-row button:visible']) {
          const all = b.inApp(page, sel);
          for (let i = 0; i < await all.count(); i++) {
            assert.ok(await uncovered(all.nth(i)), `${game}: ${sel} "${await all.nth(i).innerText()}" is covered`);
          }
        }
        assert.ok(await uncovered(b.inApp(page, 'canvas[role=application]')), `${game}: the board is covered`);
        if (game === 'tictactoe' || game === 'minesweeper') await b.screenshot(page, `page38/result-${game}-${device}-${lang}`);
        assert.deepEqual(errors, [], game);
        await context.close();
      }
    });
  }
}

test('a game that ends while played says its result once, in the status line and the side panel', async () => {
  const { page, errors } = await b.open(browser, INDEX + '#tictactoe/x/5.1.9.2.8', { locale: 'en-US' });
  await b.idle(page);
  const ends = [];
  await page.evaluate(() => { window.__ends = 0; document.querySelector('#qipan').__qipan.on('end', () => window.__ends++); });
  await b.clickTarget(page, '3');
  await b.idle(page);
  assert.match(await b.resultText(page), /^You win!\s+three in a row/);
  assert.equal(await b.inApp(page, '.status').innerText(), 'You win! — three in a row');
  // Replay keeps the result beside the board; back at the end it is not said again.
  await b.resultButton(page, 'Replay');
  await b.idle(page);
  assert.equal((await b.state(page)).replay, 0);
  assert.equal(await b.inApp(page, '.result-box').isVisible(), true);
  await b.inApp(page, '.replay-row button').nth(3).click();
  await b.idle(page);
  ends.push(await page.evaluate(() => window.__ends));
  assert.deepEqual(ends, [1]);
  // New game: the result goes, the board has the focus.
  await b.resultButton(page, 'New game');
  await b.idle(page);
  assert.equal(await b.inApp(page, '.result-box').count(), 0);
  assert.deepEqual(errors, []);
});

// What the clipboard was given (the page's own clipboard may refuse a page from disk).
const CLIPBOARD = `window.__copied = [];
  Object.defineProperty(navigator, 'clipboard', { configurable: true,
    value: { writeText: (text) => { window.__copied.push(text); return Promise.resolve(); } } });`;

const FROM_DISK = {
  zh: { note: /^这个页面是从本机的文件打开的，它的地址朋友打不开。请把下面的棋局代码（或棋谱）发给朋友：任何一份棋盘都能打开它/,
    label: '棋局代码', copy: '复制代码', copied: '代码已复制，粘贴给朋友就行。' },
  en: { note: /^This page was opened from a file on this device, so a friend cannot open its address\. Send them this game code \(or the record\) instead: any copy of Qipan opens it/,
    label: 'Game code', copy: 'Copy code', copied: 'Code copied: paste it to your friend.' },
};

/* The Share card's link box, its words and everything it offers, read at once. */
async function shareCard(page) {
  await b.inApp(page, '.share input.link').waitFor();
  return page.evaluate(() => {
    const root = document.querySelector('#qipan').shadowRoot, card = root.querySelector('.share').closest('.card');
    const box = card.querySelector('input.link');
    return { link: box.value, label: box.getAttribute('aria-label'), record: card.querySelector('textarea').value,
      text: card.innerText, note: (card.querySelector('.from-disk') || {}).textContent || '',
      copy: card.querySelector('.link-row button').textContent, copied: window.__copied.slice() };
  });
}

for (const [device, options] of Object.entries(DEVICES)) {
  for (const [lang, locale] of Object.entries(LOCALES)) {
    test(`Share from a page opened from disk offers no file:// address, ${device}, ${lang}`, async () => {
      const { page, errors, context } = await b.open(browser, INDEX + '#tictactoe/x/5.1', { ...options, locale, init: CLIPBOARD });
      await b.idle(page);
      await b.inApp(page, '.controls button').nth(3).click();
      const card = await shareCard(page);
      assert.equal(card.link, '#tictactoe/x/5.1', 'the code any copy of Qipan opens');
      assert.doesNotMatch(card.text + card.link + card.record + card.copied.join(' '), /file:/);
      assert.match(card.note, FROM_DISK[lang].note);
      assert.equal(card.label, FROM_DISK[lang].label);
      assert.equal(card.copy, FROM_DISK[lang].copy);
      assert.ok(await b.until(async () => (await shareCard(page)).copied.length === 1));
      assert.deepEqual((await shareCard(page)).copied, ['#tictactoe/x/5.1']);
      assert.equal(await b.inApp(page, '.share .note[aria-live]').textContent(), FROM_DISK[lang].copied);
      await b.screenshot(page, `page38/share-from-disk-${device}-${lang}`);
      // The code opens the game, after any copy's address, or pasted into Share.
      const other = await b.open(browser, INDEX + card.link, options);
      await b.idle(other.page);
      assert.equal((await b.state(other.page)).pos, (await b.state(page)).pos);
      await other.context.close();
      // The review's Share: the code of the game in its review.
      const reviewed = await b.open(browser, INDEX + '#tictactoe/x/5.1.9.2.8.3/review', { ...options, locale, init: CLIPBOARD });
      await b.idle(reviewed.page);
      await b.inApp(reviewed.page, 'button.review-share:not([hidden])').click({ timeout: 20000 });
      assert.equal((await shareCard(reviewed.page)).link, '#tictactoe/x/5.1.9.2.8.3/review');
      assert.deepEqual(reviewed.errors, []);
      await reviewed.context.close();
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}

test('Share from disk links to the hosted copy where the build names one (QIPAN_SITE)', async () => {
  const fs = require('node:fs'), path = require('node:path'), { execFileSync } = require('node:child_process');
  const dir = path.join(b.root, 'build', 'test-hosted');
  fs.mkdirSync(dir, { recursive: true });
  execFileSync(process.execPath, ['tools/bundle.cjs', 'build/test-hosted/qipan.js'],
    { cwd: b.root, env: { ...process.env, QIPAN_SITE: 'https://qipan.example/play/' }, stdio: 'ignore' });
  for (const f of ['index.html', 'qipan-first.js']) fs.copyFileSync(path.join(b.root, 'web', f), path.join(dir, f));
  for (const [lang, locale] of Object.entries(LOCALES)) {
    const { page, errors, context } = await b.open(browser, 'file://' + path.join(dir, 'index.html') + '#tictactoe/x/5.1',
      { locale, init: CLIPBOARD });
    await b.idle(page);
    await b.inApp(page, '.controls button').nth(3).click();
    const card = await shareCard(page);
    assert.equal(card.link, 'https://qipan.example/play/#tictactoe/x/5.1');
    assert.doesNotMatch(card.text + card.link, /file:/);
    assert.match(card.note, lang === 'en' ? /this link opens the game in Qipan on the web\.$/ : /这个链接打开的是网上的棋盘。$/);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

const { focused, tabTo } = b;

const onBoard = (f) => !!f && f.role === 'application';

for (const [lang, locale] of Object.entries(LOCALES)) {
  test(`the keyboard: Start, New game and a card leave the focus on the board, which shows its cursor and plays on Enter (${lang})`, async () => {
    const { page, errors } = await b.open(browser, INDEX, { ...DEVICES.desktop, locale });
    await b.idle(page);
    // The start card has the focus: Enter starts, and the board has the focus, its cursor in the centre.
    assert.match((await focused(page)).text, lang === 'zh' ? /开始游戏/ : /Start/);
    await page.keyboard.press('Enter');
    await b.idle(page);
    assert.ok(onBoard(await focused(page)), 'the board has the focus after Start: ' + JSON.stringify(await focused(page)));
    assert.equal((await b.state(page)).cursor, '5', 'the cursor shows at once, in the centre');
    await b.screenshot(page, `page38/focus-after-start-desktop-${lang}`);
    // Enter on the just-focused board plays there.
    await page.keyboard.press('Enter');
    await b.idle(page);
    const s = await b.state(page);
    assert.equal(s.history[1], '....x.... o', 'X played the centre');
    // Restart (a new game): the start card, then the board again.
    await tabTo(page, (f) => f.text === (lang === 'zh' ? '重新开始' : 'Restart'));
    await page.keyboard.press('Enter');
    await b.inApp(page, '.overlay .card').waitFor();
    await page.keyboard.press('Enter');
    await b.idle(page);
    assert.ok(onBoard(await focused(page)), 'the board has the focus after a new game');
    // Gomoku has no start card: New game leaves the focus on the board, its cursor on the centre.
    await b.inApp(page, '.picker button[data-game=gomoku]').click();
    await b.idle(page);
    await tabTo(page, (f) => f.text === (lang === 'zh' ? '重新开始' : 'Restart'));
    await page.keyboard.press('Enter');
    await b.idle(page);
    assert.ok(onBoard(await focused(page)), 'the board has the focus after Restart');
    assert.equal((await b.state(page)).cursor, '7,7');
    await page.keyboard.press('Enter');
    await b.idle(page);
    assert.equal((await b.state(page)).history[1].split(' ').slice(2).join(' '), '7,7', 'Enter played h8');
    assert.deepEqual(errors, []);
  });
}

test('a card that no control opened gives the focus back to the board; a board Tab reaches shows its cursor on the last move', async () => {
  // A link that does not open: its card has the focus; OK, and the board has it.
  const { page, errors } = await b.open(browser, INDEX, { ...DEVICES.desktop, locale: 'en-US' });
  await b.idle(page);
  await b.inApp(page, '.picker button[data-game=gomoku]').click();
  await b.idle(page);
  // The focus nowhere (the tab pressed would have it back), then the link.
  await page.evaluate(() => {
    document.querySelector('#qipan').shadowRoot.activeElement.blur();
    location.hash = '#gomoku/15x15+free/h8.h99';
  });
  const card = b.inApp(page, '.overlay .card').filter({ hasText: 'does not open' });
  await card.waitFor();
  assert.ok(await b.until(async () => ((await focused(page)) || {}).text === 'OK'), 'the card has the focus');
  await page.keyboard.press('Enter');
  assert.ok(onBoard(await focused(page)), 'the board has the focus: ' + JSON.stringify(await focused(page)));
  // A game with moves: a board reached by Tab shows its cursor on the last move at once.
  const linked = await b.open(browser, INDEX + '#gomoku/15x15+free/h8.a15', { ...DEVICES.desktop, locale: 'en-US' });
  await b.idle(linked.page);
  await tabTo(linked.page, onBoard);
  assert.equal((await b.state(linked.page)).cursor, '0,0', 'the cursor on a15, the last move');
  assert.deepEqual(errors, []);
  assert.deepEqual(linked.errors, []);
});

test('on a phone, a tap on Start leaves the focus on the board', async () => {
  for (const locale of Object.values(LOCALES)) {
    const { page, errors, context } = await b.open(browser, INDEX, { ...DEVICES.phone, locale });
    await b.idle(page);
    await b.inApp(page, '.overlay .card button.primary').tap();
    await b.idle(page);
    assert.ok(onBoard(await focused(page)), 'the board has the focus after Start');
    assert.equal((await b.state(page)).cursor, null, 'no keyboard cursor drawn for a finger');
    assert.deepEqual(errors, []);
    await context.close();
  }
});

// A first visit's level of each two-player game: one a newcomer can beat.
const FIRST_LEVELS = {
  tictactoe: [2, 3, { zh: '中等', en: 'Medium' }, { zh: '大师（最强）', en: 'Master (strongest)' }],
  gomoku: [2, 4, { zh: '简单', en: 'Easy' }, { zh: '大师（最强）', en: 'Master (strongest)' }],
  connect4: [2, 4, { zh: '简单', en: 'Easy' }, { zh: '大师（最强）', en: 'Master (strongest)' }],
  ponghauqi: [1, 2, { zh: '入门', en: 'Beginner' }, { zh: '大师（最强）', en: 'Master (strongest)' }],
  beast: [2, 3, { zh: '中等', en: 'Medium' }, { zh: '困难（最强）', en: 'Hard (strongest)' }],
};

for (const [device, options] of Object.entries(DEVICES)) {
  for (const [lang, locale] of Object.entries(LOCALES)) {
    test(`a first visit plays each game at a level a newcomer can beat, the strongest one choice away, ${device}, ${lang}`, async () => {
      const { page, errors, context } = await b.open(browser, INDEX, { ...options, locale });
      await b.idle(page);
      for (const [game, [first, max, firstName, maxName]] of Object.entries(FIRST_LEVELS)) {
        await b.inApp(page, `.picker button[data-game=${game}]`).click();
        await b.idle(page);
        const s = await b.state(page);
        assert.equal(s.level, first, `${game}: a first visit's level`);
        const select = b.inApp(page, '.level-row select');
        assert.ok(await select.isVisible(), `${game}: the level list beside the controls`);
        const names = await select.locator('option').allInnerTexts();
        assert.equal(names.length, max);
        assert.equal(names[first - 1], firstName[lang]);
        assert.equal(names[max - 1], maxName[lang], `${game}: the strongest named so`);
        assert.equal(names.filter((n) => /最强|strongest/.test(n)).length, 1);
        assert.equal(await select.inputValue(), String(first));
        if (game === 'tictactoe') await b.screenshot(page, `page38/levels-${device}-${lang}`);
        // One choice: the strongest, the game in play kept.
        await select.selectOption(String(max));
        const t = await b.state(page);
        assert.equal(t.level, max, `${game}: the strongest in one choice`);
        assert.deepEqual(t.history, s.history, `${game}: the game goes on`);
        assert.equal(await b.inApp(page, '.overlay .card').filter({ hasText: /新的一局|new game/i }).count(), 0);
      }
      await page.reload();
      await b.idle(page);
      assert.equal((await b.state(page)).level, FIRST_LEVELS.beast[1], 'the level chosen is kept');
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}

/* The size list's shown text. */
const shownSize = (select) => select.evaluate((s) => s.options[s.selectedIndex].text);

test('the size list shows the size asked for while the player is asked, and the size in play if they keep the game', async () => {
  for (const [lang, locale] of Object.entries(LOCALES)) {
    const keep = lang === 'zh' ? '继续这一局' : 'Keep playing';
    const { page, errors, context } = await b.open(browser, INDEX, { ...DEVICES.desktop, locale });
    await b.idle(page);
    await b.inApp(page, '.picker button[data-game=gomoku]').click();
    await b.idle(page);
    const size = b.inApp(page, '#gomoku-size');
    // The strongest thinks a while: its move comes in while the player is asked.
    await b.inApp(page, '.level-row select').selectOption('4');
    await b.clickTarget(page, '7,7');
    await size.selectOption('19x19');
    const card = b.inApp(page, '.overlay .card');
    await card.waitFor();
    assert.equal(await shownSize(size), '19 × 19', 'the new size, before the player confirms');
    await b.until(async () => (await b.state(page)).ply === 2, 20000);
    assert.equal((await b.state(page)).ply, 2, 'the computer answered meanwhile');
    assert.equal(await shownSize(size), '19 × 19', 'still the size asked for');
    await b.screenshot(page, `page38/size-asked-desktop-${lang}`);
    await card.locator('button').filter({ hasText: keep }).click();
    assert.equal(await shownSize(size), '15 × 15', 'kept: the size in play');
    // A custom size: shown while asked; kept, the size in play again.
    await size.selectOption('pick');
    await b.inApp(page, '#gomoku-rows').fill('11');
    await b.inApp(page, '#gomoku-cols').fill('12');
    await b.inApp(page, '.overlay .card button.primary').click();
    await card.filter({ hasText: lang === 'zh' ? '开始新的一局' : 'Start a new game' }).waitFor();
    assert.equal(await shownSize(size), '11 × 12');
    await card.locator('button').filter({ hasText: keep }).click();
    assert.equal(await shownSize(size), '15 × 15');
    // Agreed: the new size, in play.
    await size.selectOption('13x13');
    await b.confirmNewGame(page);
    assert.equal((await b.state(page)).pos.split(' ')[0], '13x13');
    assert.equal(await shownSize(size), '13 × 13');
    // Minesweeper: a custom size in play is named in the list; Expert asked, then kept.
    await b.inApp(page, '.picker button[data-game=minesweeper]').click();
    await b.idle(page);
    const ms = b.inApp(page, '.extra select').first();
    await ms.selectOption('custom');
    await b.inApp(page, '#ms-w').fill('20');
    await b.inApp(page, '#ms-h').fill('10');
    await b.inApp(page, '#ms-m').fill('30');
    await b.inApp(page, '.overlay .card button.primary').click();
    await b.idle(page);
    const custom = lang === 'zh' ? '自定义 20×10 · 30' : 'Custom 20×10 · 30';
    assert.equal(await shownSize(ms), custom, 'the custom size in play, named');
    await b.clickTarget(page, '0');
    await b.idle(page);
    await ms.selectOption('expert');
    await card.waitFor();
    assert.match(await shownSize(ms), lang === 'zh' ? /^高级 30×16/ : /^Expert 30×16/);
    await card.locator('button').filter({ hasText: keep }).click();
    assert.equal(await shownSize(ms), custom);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

// Every text a canvas draws, with its font (window.__drawn).
const DRAWN = `window.__drawn = [];
  (function () { const fill = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (text, x, y, w) {
      window.__drawn.push({ text: String(text), font: this.font });
      return fill.call(this, text, x, y, w);
    }; })();`;

test('words a player reads: tic-tac-toe names squares as seen, the mines\' odds carry %, gomoku\'s coordinates readable on a phone', async () => {
  for (const [lang, locale] of Object.entries(LOCALES)) {
    // Tic-tac-toe's hint names the square as the player sees it.
    const { page, errors, context } = await b.open(browser, INDEX, { ...DEVICES.desktop, locale });
    await b.idle(page);
    await b.inApp(page, '.overlay .card button.primary').click();
    await b.idle(page);
    await b.inApp(page, '.controls button').nth(1).click();
    const hint = await b.toastText(page);
    assert.match(hint, lang === 'zh' ? /^提示：(左上角|上边中间|右上角|左边中间|正中间|右边中间|左下角|下边中间|右下角)，/ :
      /^Hint: (top left|top middle|top right|middle left|centre|middle right|bottom left|bottom middle|bottom right), /);
    assert.doesNotMatch(hint, /\d/, 'no square number the board does not show');
    assert.deepEqual(errors, []);
    await context.close();
  }
  // The mines' odds, drawn with their sign.
  const mines = await b.open(browser, INDEX, { ...DEVICES.desktop, init: DRAWN });
  await b.idle(mines.page);
  await b.inApp(mines.page, '.picker button[data-game=minesweeper]').click();
  await b.idle(mines.page);
  await b.clickTarget(mines.page, '40');
  await b.idle(mines.page);
  await mines.page.evaluate(() => { window.__drawn.length = 0; });
  await b.inApp(mines.page, '.extra button.ms-probs').click();
  assert.ok(await b.until(() => mines.page.evaluate(() => window.__drawn.some((d) => /^\d+%$/.test(d.text))), 10000),
    'odds drawn with %');
  const bare = await mines.page.evaluate(() => window.__drawn.filter((d) => /^\d{2,3}$/.test(d.text)).map((d) => d.text));
  assert.deepEqual(bare, [], 'no bare two- or three-digit odds');
  await b.screenshot(mines.page, 'page38/mine-odds-desktop-zh');
  assert.deepEqual(mines.errors, []);
  await mines.context.close();
  // Gomoku's coordinates on a phone: 11 px or more.
  for (const [lang, locale] of Object.entries(LOCALES)) {
    const phone = await b.open(browser, INDEX, { ...DEVICES.phone, locale, init: DRAWN });
    await b.idle(phone.page);
    await b.inApp(phone.page, '.picker button[data-game=gomoku]').tap();
    await b.idle(phone.page);
    await b.painted(phone.page);
    const sizes = await phone.page.evaluate(() => window.__drawn.filter((d) => /^([a-o]|1[0-5]|[1-9])$/.test(d.text))
      .map((d) => Number(/(\d+(\.\d+)?)px/.exec(d.font)[1])));
    assert.ok(sizes.length >= 30, `coordinates drawn: ${sizes.length}`);
    assert.ok(Math.min(...sizes) >= 11, `coordinates at ${Math.min(...sizes)} px`);
    await b.screenshot(phone.page, `page38/gomoku-coordinates-phone-${lang}`);
    assert.deepEqual(phone.errors, []);
    await phone.context.close();
  }
});
