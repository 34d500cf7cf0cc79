// The games, read from the one place that lists them: the table of
// src/registry.c, each game's id and players from its own table
// (src/games/<id>/game.c). For the tests that need the list without a
// build.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');

/* [{id, players, judge}] in the registry's order (judge: the table has a
 * judge(), so the game can be reviewed). */
function registryGames() {
  const registry = fs.readFileSync(path.join(root, 'src', 'registry.c'), 'utf8');
  const table = /qp_games\[\] = \{([^}]*)\}/.exec(registry);
  if (!table) throw new Error('src/registry.c: no qp_games[] table');
  const tables = fs.readdirSync(path.join(root, 'src', 'games')).map((dir) =>
    path.join(root, 'src', 'games', dir, 'game.c')).filter((f) => fs.existsSync(f))
    .map((f) => fs.readFileSync(f, 'utf8'));
  return [...table[1].matchAll(/&(\w+)/g)].map(([, symbol]) => {
    const text = tables.find((t) => t.includes(`const qp_game ${symbol} = {`));
    if (!text) throw new Error(`no game.c defines ${symbol}`);
    return { id: /\.id = "(\w+)"/.exec(text)[1], players: Number(/\.players = (\d)/.exec(text)[1]),
      judge: /\.judge = \w/.test(text) };
  });
}

module.exports = { registryGames };
