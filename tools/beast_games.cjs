// beast_games.cjs RECORDS... > GAMES: the games of bench/beast_vs.cjs
// records (bench/records/beast-*.jsonl) as tools/beast_tune.c reads them,
// "DEAL RED_SCORE ACTION ...", each distinct game once (a game is kept in
// more than one file when it stands for builds that played it alike).
'use strict';
const fs = require('fs');

const SCORE = { win: 1, draw: 0.5, loss: 0 };
const seen = new Set();
for (const file of process.argv.slice(2)) {
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue; // '#' lines say where a record comes from
    const r = JSON.parse(line);
    const actions = typeof r.actions === 'string' ? r.actions : (r.moves || []).map((m) => m.action).join(' ');
    if (!(r.result in SCORE) || !actions) continue;
    const game = `${r.deal} ${actions}`;
    if (seen.has(game)) continue;
    seen.add(game);
    const ours = SCORE[r.result];
    process.stdout.write(`${r.deal} ${r.colour === 'r' ? ours : 1 - ours} ${actions}\n`);
  }
}
