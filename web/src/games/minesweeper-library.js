/* games/minesweeper-library.js: what My games (app/library.js) keeps and
 * shows of minesweeper: each game's own clock and whether help was used
 * (a helped game is kept, not counted), its board in the list, and its
 * figures per board: won of played, the rate, the best time and the
 * streak, as the statistics card has them (minesweeper-panel.js), from the
 * same games. The statistics kept before the library are carried into it
 * once, and counted with the games kept since. */
import { PRESETS, elapsed } from './minesweeper-common.js';
import { KEY_RE, keyName, seconds, statsOf } from './minesweeper-panel.js';

/** @typedef {import('../app/registry.js').LibraryWay} LibraryWay */
/** @typedef {import('../app/library-entry.js').LibraryEntry} LibraryEntry */
/** @typedef {import('./minesweeper-common.js').MinesweeperState} MinesweeperState */

/** The board of a kept game, as the statistics name it ("expert:safe",
 * "16x16/40:zero,noguess"), from its record's start; null for a start the
 * statistics do not name (a position). @param {string} record */
export function boardKey(record) {
  const start = record.slice(record.indexOf(' ') + 1).split('|')[0].replace(/@\d+/, '').trim();
  const m = /^(beginner|intermediate|expert|\d{1,2}x\d{1,2}\/\d{1,4}):(safe|zero)((?:,\w+)*)$/.exec(start);
  if (!m) return null;
  const key = m[1] + ':' + m[2] + (m[3].split(',').includes('noguess') ? ',noguess' : '');
  return KEY_RE.test(key) ? key : null;
}

/** One board's figures. @typedef {{played: number, won: number, streak: number, bestStreak: number,
 *   best: number|null}} BoardFigures */

/** A board's figures from its games (oldest first) after what was carried.
 * @param {LibraryEntry[]} games @param {BoardFigures|null} carried @returns {BoardFigures} */
function boardFigures(games, carried) {
  const f = carried ? { ...carried } : { played: 0, won: 0, streak: 0, bestStreak: 0, best: null };
  for (const e of games) {
    f.played++;
    if (e.result === 'win') {
      f.won++;
      f.streak++;
      f.bestStreak = Math.max(f.bestStreak, f.streak);
      // A board the first click clears takes no skill to time.
      if (e.plies > 1 && e.ms !== null && (f.best === null || e.ms < f.best)) f.best = e.ms;
    } else {
      f.streak = 0;
    }
  }
  return f;
}

/** @type {LibraryWay} */
export const minesweeperLibrary = {
  facts(api) {
    const st = /** @type {MinesweeperState} */ (api.state), r = st.result;
    return { ms: Math.round(r ? r.ms : elapsed(st)), facts: { assisted: !!(r ? r.assisted : st.assisted) } };
  },
  readFacts: (note) => ({ assisted: note.assisted === '1' }),
  detail(entry, t) {
    const key = boardKey(entry.record), m = key ? /** @type {RegExpExecArray} */ (KEY_RE.exec(key)) : null;
    if (!m) return '';
    const preset = /** @type {Record<string, {w: number, h: number, m: number}>} */ (PRESETS)[m[1]];
    const custom = /^(\d+)x(\d+)\/(\d+)$/.exec(m[1]);
    const size = preset ? t('preset_' + m[1]) + ' ' + preset.w + '×' + preset.h :
      custom ? custom[1] + '×' + custom[2] : m[1];
    return size + ' · ' + t('minesN', { n: preset ? preset.m : custom ? Number(custom[3]) : 0 });
  },
  carry(extra) {
    const stats = statsOf(extra.stats);
    return Object.keys(stats).length ? stats : null;
  },
  figures(entries, carried, t) {
    const before = statsOf(carried);
    /** @type {Record<string, LibraryEntry[]>} */
    const byBoard = {};
    // Only games played without help count, as in the statistics card.
    for (const e of entries.slice().sort((a, b) => a.date - b.date)) {
      const key = boardKey(e.record);
      if (key && !e.facts.assisted) (byBoard[key] = byBoard[key] || []).push(e);
    }
    const keys = Array.from(new Set(Object.keys(before).concat(Object.keys(byBoard)))).sort();
    return {
      head: [t('stSize'), t('stWon'), t('stRate'), t('stBest'), t('stStreak')],
      rows: keys.map((k) => {
        const f = boardFigures(byBoard[k] || [], before[k] || null);
        return [keyName(k, t), f.won + '/' + f.played, f.played ? Math.round(100 * f.won / f.played) + '%' : '–',
          f.best !== null ? seconds(f.best) + ' s' : '–', f.streak + ' / ' + f.bestStreak];
      }),
    };
  },
};
