/* i18n.js: Chinese and English texts.
 * The shell's strings live here; each game module adds its own under its
 * id. Chinese is the default; a browser that prefers English gets English. */

/** @typedef {'zh'|'en'} Lang */
/** @typedef {(key: string, vars?: Record<string, string|number>) => string} Translate */

/** @type {Record<Lang, Record<string, string>>} */
export const TEXTS = {
  zh: {
    appName: '棋盘',
    pageTitle: '棋盘 Qipan — 六种棋类游戏',
    updateReady: '新版本已就绪。',
    updateReload: '重新载入',
    comingSoon: '即将推出',
    games: '游戏',
    settings: '设置',
    undo: '悔棋',
    hint: '提示',
    restart: '重新开始',
    newGame: '新游戏',
    close: '关闭',
    ok: '确定',
    cancel: '取消',
    playAgain: '再来一局',
    viewBoard: '查看棋盘',
    share: '分享',
    shareTitle: '分享这一局',
    shareNote: '把链接发给朋友：打开就是这个局面，可以接着和电脑或朋友下，也能回看每一步。',
    shareNoteDeal: '把链接发给朋友：打开就是这个局面，可以接着下，也能回看每一步。注意：链接里带着这一局的发牌，懂行的人能算出暗棋是什么。',
    shareNoteMines: '把链接发给朋友：打开是同一盘雷，从你的第一下开始，看谁扫得更快。',
    shareLink: '链接',
    copyLink: '复制链接',
    linkCopied: '链接已复制，粘贴给朋友就行。',
    copyByHand: '浏览器不让自动复制：链接已选中，按 Ctrl+C（手机上长按）复制。',
    recordLabel: '棋谱',
    recordNote: '可以复制这份棋谱；把别人的棋谱或链接粘贴进来，点“打开”就能载入。',
    openRecord: '打开',
    shareFailed: '这一局没法分享：{why}',
    linkBadTitle: '打不开这个链接',
    linkBad: '这个链接或棋谱打不开（{why}），棋盘保持原样。',
    linkNoGame: '这里没有这个游戏',
    linkBadMove: '第 {n} 步 {move} 走不了',
    linkBroken: '链接不完整或已损坏',
    linkOpened: '已打开分享的棋局，共 {n} 步',
    moveList: '棋谱：点一步看当时的局面',
    replay: '回放',
    replayFirst: '开局',
    replayBack: '上一步',
    replayOn: '下一步',
    replayLast: '最新',
    playOnHere: '从这里接着下',
    review: '复盘',
    reviewing: '复盘中…',
    reviewCancel: '取消',
    reviewFailed: '复盘没有完成：{why}',
    reviewGraph: '评估曲线',
    reviewGraphNote: '曲线越高，先手越占优；点曲线或用方向键看那一步',
    reviewBetter: '第 {n} 步 {move}：{kind}。更好：{best}',
    reviewMissed: '错失胜机',
    reviewWinIn: '，{n} 步胜',
    reviewWinAtOnce: '，一步胜',
    reviewWinVcf: '，连续冲四 {n} 步胜（VCF）',
    reviewWinVct: '，连续进攻取胜（VCT）',
    reviewWinFour: '，成活四，两步胜',
    reviewHoldsDraw: '，可保和棋',
    reviewGhost: '。棋盘上的虚影就是这一步',
    reviewLost: '踩雷的一步 {move}：是雷的概率 {p}%。',
    reviewForced: '当时没有确定安全的格子，只能猜。',
    reviewSafeCells: '当时有 {n} 个格子确定安全（棋盘上以 ✓ 标出）。',
    reviewPractice: '练一练：找出更好的一步',
    reviewPracticeTask: '练习：第 {n} 步，轮到{side}，找出比 {move} 更好的一步。',
    reviewChecking: '正在判断…',
    reviewRight: '对了！{move} 是好棋。',
    reviewWrong: '不对：{move} 不够好，更好的是 {best}。',
    reviewTryAgain: '再试一次',
    reviewBack: '回到复盘',
    reviewShare: '分享复盘',
    reviewNoWorker: '这个页面不允许后台计算，无法复盘',
    listSeparator: '、',
    reviewAccuracy: '准确率：{sides}',
    mark_inaccuracy: '欠佳',
    mark_mistake: '失误',
    mark_blunder: '严重失误',
    viewingMove: '回看：第 {n} 步（共 {total} 步）',
    exitGame: '退出游戏',
    confirmNewTitle: '开始新的一局？',
    confirmNewText: '这样会放弃正在进行的这一局。',
    keepPlaying: '继续这一局',
    newGameButton: '开始新局',
    mode: '模式',
    modeAi: '人机对战',
    modePvp: '双人对战',
    level: '电脑等级',
    levelN: '{n}级',
    first: '先手',
    humanFirst: '我先走',
    aiFirst: '电脑先走',
    language: '语言',
    palette: '配色',
    paletteNormal: '标准',
    paletteCb: '色盲友好',
    thinking: '电脑思考中',
    yourTurn: '轮到你了',
    turnOf: '轮到{side}',
    youWin: '你赢了！',
    youLose: '你输了',
    draw: '平局',
    sideWins: '{side}获胜',
    gameOver: '游戏结束',
    notYourTurn: '还没轮到你',
    waitAi: '电脑正在思考…',
    nothingToUndo: '没有可以悔的棋',
    hintIs: '提示：{move}',
    engineLoading: '正在加载引擎…',
    engineError: '引擎出错：{msg}',
    aiRestarted: '电脑出了点问题，已重新开始思考',
    storageReset: '保存的数据无法读取，已恢复默认设置',
    reason_line: '连成一线',
    reason_full: '棋盘已满',
    reason_stuck: '对方无路可走',
    reason_repetition: '同一局面第三次出现',
    'reason_ply-limit': '达到步数上限',
    board: '棋盘',
    moveMade: '{who}：{move}',
    you: '你',
    computer: '电脑',
    // The board for a screen reader (app/a11y-grid.js, app/announce.js).
    empty: '空',
    cellName: '{coord}，{what}',
    moveLanded: '{move}：{what}',
    listSep: '，',
    switchLanguage: 'EN — 切换到英文',
    boardGrid: '{game}棋盘的格子',
    picked: '选中 {what}',
    sentenceSep: '。',
    countOf: '{what} {n}',
    lastMoveWas: '上一步 {move}',
    readPosition: '读出局面',
    keysNote: '方向键在棋盘上移动，回车或空格落子，R 读出整个局面，U 悔棋，H 提示，N 重新开始',
    colour_black: '黑', colour_white: '白', colour_grey: '灰', colour_pink: '粉', colour_red: '红',
    colour_brown: '棕', colour_orange: '橙', colour_yellow: '黄', colour_green: '绿', colour_cyan: '青',
    colour_blue: '蓝', colour_purple: '紫'
  },
  en: {
    appName: 'Qipan',
    pageTitle: 'Qipan 棋盘 — six board games',
    updateReady: 'A new version is ready.',
    updateReload: 'Reload',
    comingSoon: 'Coming soon',
    games: 'Games',
    settings: 'Settings',
    undo: 'Undo',
    hint: 'Hint',
    restart: 'Restart',
    newGame: 'New game',
    close: 'Close',
    ok: 'OK',
    cancel: 'Cancel',
    playAgain: 'Play again',
    viewBoard: 'View board',
    share: 'Share',
    shareTitle: 'Share this game',
    shareNote: 'Send the link to a friend: it opens this position, ready to play on against the computer or each other, with every move to replay.',
    shareNoteDeal: 'Send the link to a friend: it opens this position, ready to play on, with every move to replay. Note: the link carries the deal, so someone who knows how could work out the face-down pieces.',
    shareNoteMines: 'Send the link to a friend: it opens the same minefield from your first click. Who clears it faster?',
    shareLink: 'Link',
    copyLink: 'Copy link',
    linkCopied: 'Link copied: paste it to your friend.',
    copyByHand: 'The browser would not copy it: the link is selected, press Ctrl+C (or long-press) to copy.',
    recordLabel: 'Record',
    recordNote: 'Copy this record, or paste someone\'s record or link here and press Open.',
    openRecord: 'Open',
    shareFailed: 'This game cannot be shared: {why}',
    linkBadTitle: 'This link does not open',
    linkBad: 'That link or record does not open ({why}); the board is as it was.',
    linkNoGame: 'this game is not here',
    linkBadMove: 'move {n} ({move}) cannot be played',
    linkBroken: 'the link is incomplete or damaged',
    linkOpened: 'Opened the shared game: {n} {n:move|moves}',
    moveList: 'Moves: press one to see that position',
    replay: 'Replay',
    replayFirst: 'Start',
    replayBack: 'Back',
    replayOn: 'Forward',
    replayLast: 'Latest',
    playOnHere: 'Play on from here',
    review: 'Review',
    reviewing: 'Reviewing…',
    reviewCancel: 'Cancel',
    reviewFailed: 'The review did not finish: {why}',
    reviewGraph: 'Evaluation graph',
    reviewGraphNote: 'Higher: better for the first player; press the graph or use the arrow keys to see that move',
    reviewBetter: 'Move {n} {move}: {kind}. Better: {best}',
    reviewMissed: 'missed win',
    reviewWinIn: ', wins in {n}',
    reviewWinAtOnce: ', wins at once',
    reviewWinVcf: ', wins by VCF in {n}',
    reviewWinVct: ', wins by VCT',
    reviewWinFour: ', an open four: wins in 2',
    reviewHoldsDraw: ', holds the draw',
    reviewGhost: '. The faint piece on the board shows it',
    reviewLost: 'The fatal click {move}: a {p}% chance of a mine.',
    reviewForced: ' No cell was provably safe then: a forced guess.',
    reviewSafeCells: ' Cells provably safe then: {n} (marked ✓ on the board).',
    reviewPractice: 'Practise: find the better move',
    reviewPracticeTask: 'Practice: move {n}, {side} to play. Find a better move than {move}.',
    reviewChecking: 'Checking…',
    reviewRight: 'Right! {move} is a good move.',
    reviewWrong: 'Not this one: {move} is not good enough; better was {best}.',
    reviewTryAgain: 'Try again',
    reviewBack: 'Back to the review',
    reviewShare: 'Share the review',
    reviewNoWorker: 'This page does not allow work in the background, so it cannot review the game',
    listSeparator: ', ',
    reviewAccuracy: 'Accuracy: {sides}',
    mark_inaccuracy: 'inaccuracy',
    mark_mistake: 'mistake',
    mark_blunder: 'blunder',
    viewingMove: 'Replay: move {n} of {total}',
    exitGame: 'Exit game',
    confirmNewTitle: 'Start a new game?',
    confirmNewText: 'The current game will be lost.',
    keepPlaying: 'Keep playing',
    newGameButton: 'New game',
    mode: 'Mode',
    modeAi: 'vs computer',
    modePvp: 'Two players',
    level: 'Computer level',
    levelN: 'Level {n}',
    first: 'First move',
    humanFirst: 'Me',
    aiFirst: 'Computer',
    language: 'Language',
    palette: 'Colours',
    paletteNormal: 'Standard',
    paletteCb: 'Colour-blind safe',
    thinking: 'Computer is thinking',
    yourTurn: 'Your turn',
    turnOf: '{side} to move',
    youWin: 'You win!',
    youLose: 'You lose',
    draw: 'Draw',
    sideWins: '{side} wins',
    gameOver: 'Game over',
    notYourTurn: 'Not your turn yet',
    waitAi: 'The computer is thinking…',
    nothingToUndo: 'Nothing to undo',
    hintIs: 'Hint: {move}',
    engineLoading: 'Loading the engine…',
    engineError: 'Engine error: {msg}',
    aiRestarted: 'The computer had a problem and started thinking again',
    storageReset: 'Saved data could not be read; defaults restored',
    reason_line: 'three in a row',
    reason_full: 'the board is full',
    reason_stuck: 'no move left',
    reason_repetition: 'the same position a third time',
    'reason_ply-limit': 'move limit reached',
    board: 'Board',
    moveMade: '{who}: {move}',
    you: 'You',
    computer: 'Computer',
    // The board for a screen reader (app/a11y-grid.js, app/announce.js).
    empty: 'empty',
    cellName: '{coord}, {what}',
    moveLanded: '{move}: {what}',
    listSep: ', ',
    switchLanguage: '中 — switch to Chinese',
    boardGrid: '{game} board, point by point',
    picked: 'picked up {what}',
    sentenceSep: '. ',
    countOf: '{what}: {n}',
    lastMoveWas: 'last move {move}',
    readPosition: 'Read the position',
    keysNote: 'Arrow keys move over the board, Enter or Space plays, R reads the whole position, U undoes, H hints, N restarts',
    colour_black: 'Black', colour_white: 'White', colour_grey: 'Grey', colour_pink: 'Pink', colour_red: 'Red',
    colour_brown: 'Brown', colour_orange: 'Orange', colour_yellow: 'Yellow', colour_green: 'Green',
    colour_cyan: 'Cyan', colour_blue: 'Blue', colour_purple: 'Purple'
  }
};

/** The language the browser prefers, of the two we have (Chinese unless
 * English comes first). @param {{languages?: readonly string[], language?: string}|null} nav
 * @returns {Lang} */
export function detectLang(nav) {
  const langs = (nav && (nav.languages || [nav.language])) || [];
  for (const lang of langs) {
    const l = String(lang || '').toLowerCase();
    if (l.startsWith('zh')) return 'zh';
    if (l.startsWith('en')) return 'en';
  }
  return 'zh';
}

/** A translator for one language: t(key, {vars}), with the game's own
 * texts first, then the shell's, then the key itself. A text names a
 * variable as {n}, and says a word in the singular or the plural by the
 * variable's value as {n:move|moves} ("1 move", "2 moves").
 * @param {Lang} lang @param {Partial<Record<Lang, Record<string, string>>>} [gameTexts]
 * @returns {Translate} */
export function translator(lang, gameTexts) {
  const own = (gameTexts && gameTexts[lang]) || {};
  const base = TEXTS[lang] || TEXTS.zh;
  return (key, vars) => {
    let s = key in own ? own[key] : key in base ? base[key] : key;
    if (vars) {
      s = String(s).replace(/\{(\w+)(?::([^|}]*)\|([^}]*))?\}/g, (m, k, one, many) => {
        if (!(k in vars)) return m;
        if (one === undefined) return String(vars[k]);
        return Number(vars[k]) === 1 ? one : many;
      });
    }
    return s;
  };
}

/** A large count as a player reads it: 950, 35,000, 1.2 M (en); 950,
 * 3.5万, 120万, 1.2亿 (zh). @param {number} n @param {Lang} lang */
export function bigNumber(n, lang) {
  const round = (/** @type {number} */ v) => (v < 10 ? v.toFixed(1).replace(/\.0$/, '') : String(Math.round(v)));
  if (lang === 'zh') {
    if (n >= 1e8) return round(n / 1e8) + '亿';
    if (n >= 1e4) return round(n / 1e4) + '万';
    return String(Math.round(n));
  }
  if (n >= 1e9) return round(n / 1e9) + ' G';
  if (n >= 1e6) return round(n / 1e6) + ' M';
  return Math.round(n).toLocaleString('en-US');
}
