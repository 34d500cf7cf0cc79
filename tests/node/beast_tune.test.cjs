// tools/beast_games.cjs and tools/beast_tune.c (make beast-tune): the
// match records become games the tuner replays, and the fit lowers the
// loss it prints from the weights eval.c has.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.join(__dirname, '..', '..');
const RECORDS = path.join(root, 'bench', 'records', 'beast-1a8f5c8-mistybanqi-300ms.jsonl');

test('the records become one line a distinct game, scored for red', () => {
  const lines = execFileSync('node', [path.join(root, 'tools', 'beast_games.cjs'), RECORDS, RECORDS],
    { encoding: 'utf8' }).trim().split('\n');
  const records = fs.readFileSync(RECORDS, 'utf8').split('\n').filter((l) => l.startsWith('{')).map(JSON.parse);
  assert.equal(lines.length, records.length, 'a game given twice is kept once');
  const [deal, red, ...actions] = lines[0].split(' ');
  const first = records[0];
  assert.equal(Number(deal), first.deal);
  assert.equal(actions.join(' '), first.actions);
  const ours = { win: 1, draw: 0.5, loss: 0 }[first.result];
  assert.equal(Number(red), first.colour === 'r' ? ours : 1 - ours);
});

test('the fit replays the games and lowers the loss of the weights eval.c has', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beast-tune-'));
  const games = path.join(dir, 'games.txt');
  const all = execFileSync('node', [path.join(root, 'tools', 'beast_games.cjs'), RECORDS], { encoding: 'utf8' });
  fs.writeFileSync(games, all.split('\n').slice(0, 12).join('\n') + '\n');
  const out = execFileSync(path.join(root, 'build', 'beast_tune'), [games], { encoding: 'utf8' });
  const losses = [...out.matchAll(/^(before|round): loss ([\d.]+)/gm)].map((m) => Number(m[2]));
  assert.ok(losses.length >= 2, out);
  assert.ok(losses[losses.length - 1] < losses[0], `the fit lowers the loss: ${losses}`);
  assert.match(out, /^ {4}\.base = \{(\d+, ){6}\d+\},$/m, 'the weights as eval.c writes them');
  // An action that is not legal in its game is refused, naming it.
  fs.writeFileSync(games, '9001 1 a1 a1a9\n');
  assert.throws(() => execFileSync(path.join(root, 'build', 'beast_tune'), [games], { encoding: 'utf8', stdio: 'pipe' }),
    (e) => e.status === 1 && /deal 9001, ply 1 \(a1a9\)/.test(e.stderr));
  fs.rmSync(dir, { recursive: true, force: true });
});
