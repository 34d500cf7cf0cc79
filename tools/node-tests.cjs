// Runs `node --test ARGS...` for `make test-node` and `make test-browser`,
// keeping its TAP record in build/NAME.tap, and fails where node's runner
// passes on nothing: when no test passed at all (a folder without tests,
// every test skipped) or when a test file defines no test.
// Usage: node tools/node-tests.cjs NAME ARGS...
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const [name, ...args] = process.argv.slice(2);
const tap = path.join('build', name + '.tap');
fs.mkdirSync(path.dirname(tap), { recursive: true });
fs.rmSync(tap, { force: true });
// What the terminal shows stays node's own choice: spec on a terminal, TAP
// otherwise (CI reads its "# pass N" and "# fail N").
const shown = process.stdout.isTTY ? 'spec' : 'tap';
const run = spawnSync(process.execPath, ['--test', `--test-reporter=${shown}`, '--test-reporter-destination=stdout',
  '--test-reporter=tap', `--test-reporter-destination=${tap}`, ...args], { stdio: 'inherit' });

/* What the TAP record shows of tests that ran none: the problems found. */
function emptyRuns(text) {
  const problems = [];
  const pass = /^# pass (\d+)$/m.exec(text);
  if (!pass || Number(pass[1]) === 0) problems.push('no test passed: none ran');
  // A file whose tests ran is not a result of its own (node 20) or holds
  // its tests' results (node 18); a file with no test is a bare "ok".
  let nested = false;
  for (const line of text.split('\n')) {
    if (/^\s+(not )?ok \d+/.test(line)) nested = true;
    else if (/^(not )?ok \d+ - /.test(line)) {
      const title = line.replace(/^(not )?ok \d+ - /, '').replace(/ # \w+.*$/, '');
      if (!nested && /^ok/.test(line) && /\.test\.[cm]?js$/.test(title)) problems.push(`${title} defines no test`);
      nested = false;
    }
  }
  return problems;
}

const problems = fs.existsSync(tap) ? emptyRuns(fs.readFileSync(tap, 'utf8')) : ['no TAP record was written'];
for (const p of problems) console.error(`${name}: ${p}`);
// A runner killed by a signal has no status: a failure too.
process.exit(run.status === 0 ? (problems.length ? 1 : 0) : run.status || 1);
