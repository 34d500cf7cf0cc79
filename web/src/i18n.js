/* i18n.js: Chinese and English texts.
 * The shell's strings live here; each game module adds its own under its
 * id. Chinese is the default; a browser that prefers English gets English. */

/** @typedef {'zh'|'en'} Lang */
/** @typedef {(key: string, vars?: Record<string, string|number>) => string} Translate */

/** @type {Record<Lang, Record<string, string>>} */
export const TEXTS = {
  zh: {
    appName: '棋盘',
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
    computer: '电脑'
  },
  en: {
    appName: 'Qipan',
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
    computer: 'Computer'
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
 * texts first, then the shell's, then the key itself.
 * @param {Lang} lang @param {Partial<Record<Lang, Record<string, string>>>} [gameTexts]
 * @returns {Translate} */
export function translator(lang, gameTexts) {
  const own = (gameTexts && gameTexts[lang]) || {};
  const base = TEXTS[lang] || TEXTS.zh;
  return (key, vars) => {
    let s = key in own ? own[key] : key in base ? base[key] : key;
    if (vars) s = String(s).replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
    return s;
  };
}
