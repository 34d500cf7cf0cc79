// Seed corpora for the fuzz targets, from real games of every registered
// game (so a new game is fuzzed from sensible inputs at once):
//   corpus-pos:    game byte + a POS seen along seeded random games
//   corpus-action: game byte + seed byte + "-\nACTION\nACTION..."
//   corpus-play:   game byte + two seed bytes + choice bytes
//   corpus-open:   a game's link and its record (no game byte), the record
//                  with the library's note, and gomoku's games as .psq
//   corpus-review: a level byte (1) + the same link and record, the link
//                  also with its "/review" section
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const out = process.argv[2] || 'build/fuzz';
const Qipan = require(path.join(__dirname, '..', '..', 'web', 'qipan.js'));

function write(dir, name, bytes) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, name), bytes);
}

Qipan.ready.then(({ engine }) => {
  const games = engine.list();
  let files = 0;
  games.forEach((game, index) => {
    for (let seed = 1; seed <= 3; seed++) {
      let pos = engine.newGame(game, null, seed);
      const actions = [];
      let state = seed * 7919;
      for (let ply = 0; ply < 400 && /^(turn|playing)/.test(engine.status(game, pos)); ply++) {
        if (ply % 3 === 0) {
          write(path.join(out, 'corpus-pos'), `${game}-${seed}-${ply}`,
            Buffer.concat([Buffer.from([index]), Buffer.from(pos)]));
          files++;
        }
        const legal = engine.legal(game, pos);
        state = (state * 1103515245 + 12345) % 2147483648;
        const a = legal[state % legal.length];
        actions.push(a);
        pos = engine.apply(game, pos, a);
      }
      write(path.join(out, 'corpus-action'), `${game}-${seed}`, Buffer.concat([
        Buffer.from([index, seed]), Buffer.from('-\n' + actions.slice(0, 30).join('\n'))]));
      const start = engine.info(game).params;
      const deal = engine.newGame(game, null, 1) !== engine.newGame(game, null, 2) ? seed : null;
      write(path.join(out, 'corpus-open'), `${game}-${seed}-link`,
        engine.link(game, start, deal, actions.slice(0, 30)));
      write(path.join(out, 'corpus-open'), `${game}-${seed}-record`,
        engine.record(game, start, deal, actions.slice(0, 30)));
      write(path.join(out, 'corpus-open'), `${game}-${seed}-noted`, engine.record(game, start, deal,
        actions.slice(0, 30)) + ` ; at=2025-05-03T14:02:11.000Z mode=ai level=${seed} ms=${seed * 1000}`);
      if (game === 'gomoku') {
        // Piskvork's .psq: "x,y,ms" a move from 1,1, then the names and the error code.
        const points = actions.slice(0, 30).map((a) => a.split(',').map((v) => Number(v) + 1).join(',') + ',0');
        write(path.join(out, 'corpus-open'), `${game}-${seed}-psq`,
          ['Piskvorky 15x15, 0:0, 0', ...points, 'pbrain-a.exe', 'pbrain-b.exe', '-1', ''].join('\r\n'));
        files++;
      }
      files += 1;
      const link = engine.link(game, start, deal, actions.slice(0, 12));
      const level = Buffer.from([1]);
      write(path.join(out, 'corpus-review'), `${game}-${seed}-link`,
        Buffer.concat([level, Buffer.from(link + (seed === 3 ? '/review' : ''))]));
      write(path.join(out, 'corpus-review'), `${game}-${seed}-record`, Buffer.concat([level,
        Buffer.from(engine.record(game, start, deal, actions.slice(0, 12)))]));
      files += 4;
      const choices = Buffer.alloc(64);
      for (let i = 0; i < 64; i++) choices[i] = (seed * 31 + i * 17) & 0xff;
      write(path.join(out, 'corpus-play'), `${game}-${seed}`,
        Buffer.concat([Buffer.from([index, 0, seed]), choices]));
      files += 2;
    }
  });
  console.log(`fuzz seed corpora: ${files} files for ${games.length} games in ${out}`);
});
