// One piskvork-protocol brain as a child process: commands out (CR LF, as
// the protocol says), replies in, MESSAGE/DEBUG lines kept aside, and its
// exit or silence turned into a result rather than an exception.
'use strict';
const { spawn } = require('node:child_process');
const readline = require('node:readline');

/* Brains still running: a manager stopped by a signal or an error ends
 * them (each runs in its own process group, which a Ctrl-C misses). */
const running = new Set();
function killAll() { for (const brain of running) brain.kill(); }
process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => { killAll(); process.kill(process.pid, signal); });
}

/* Splits a command line into words: spaces separate, single or double
 * quotes group, as a shell would for plain cases (no expansion). */
function splitCommand(line) {
  const words = [];
  const re = /"([^"]*)"|'([^']*)'|(\S+)/g;
  for (let m; (m = re.exec(line));) words.push(m[1] ?? m[2] ?? m[3]);
  if (!words.length) throw new Error('empty brain command line');
  return words;
}

class Brain {
  /* `command`: the command line; `name` for messages. */
  constructor(command, name) {
    this.name = name;
    const [file, ...args] = splitCommand(command);
    // Its own process group, so that END's kill reaches its children too.
    this.child = spawn(file, args, { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    this.exited = false;
    running.add(this);
    this.lines = [];
    this.messages = [];
    this.waiting = null;
    this.stderr = '';
    this.lastLineAt = 0;
    this.child.on('error', (e) => this.onExit(`cannot start: ${e.message}`));
    this.child.on('exit', (code, signal) => this.onExit(signal ? `killed by ${signal}` : `exit code ${code}`));
    this.child.stdin.on('error', () => {}); // a dead brain's pipe: its exit says it
    this.child.stderr.on('data', (d) => { this.stderr = (this.stderr + d).slice(-2000); });
    readline.createInterface({ input: this.child.stdout }).on('line', (line) => this.onLine(line));
  }

  onLine(raw) {
    const line = raw.replace(/\r$/, '').trim();
    if (!line) return; // the protocol: managers ignore empty lines
    if (/^(MESSAGE|DEBUG)\b/i.test(line)) { this.messages.push(line); return; }
    this.lines.push(line);
    this.lastLineAt = Date.now();
    this.wake();
  }

  onExit(why) {
    if (this.exited) return;
    this.exited = why;
    running.delete(this);
    this.wake();
  }

  wake() {
    if (!this.waiting) return;
    const w = this.waiting;
    this.waiting = null;
    w();
  }

  /* Waits until `ms` have passed since the brain's last reply. */
  async quietFor(ms) {
    const wait = this.lastLineAt + ms - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  send(...commands) {
    if (!this.exited) this.child.stdin.write(commands.map((c) => c + '\r\n').join(''));
  }

  /* The next reply line within `limitMs`: {line, ms}, or {error: 'crash'
   * | 'timeout', detail, ms}. Kills the brain on a time-out (a hung brain
   * must not hold the match). */
  async reply(limitMs) {
    const t0 = process.hrtime.bigint();
    const ms = () => Number(process.hrtime.bigint() - t0) / 1e6;
    let timer = null;
    const timedOut = new Promise((resolve) => { timer = setTimeout(() => resolve('timeout'), limitMs); });
    try {
      for (;;) {
        if (this.lines.length) return { line: this.lines.shift(), ms: ms() };
        if (this.exited) return { error: 'crash', detail: this.exited + this.stderrTail(), ms: ms() };
        const woke = new Promise((resolve) => { this.waiting = resolve; });
        if (await Promise.race([woke, timedOut]) === 'timeout') {
          this.waiting = null;
          this.kill();
          return { error: 'timeout', detail: `no reply in ${limitMs} ms`, ms: ms() };
        }
      }
    } finally {
      clearTimeout(timer);
    }
  }

  stderrTail() {
    const tail = this.stderr.trim().split('\n').pop();
    return tail ? `; stderr: ${tail.slice(0, 200)}` : '';
  }

  /* Forgets the replies and messages not yet read (a brain that dropped a
   * command answers its leftovers with ERROR lines). */
  drain() {
    this.lines = [];
    this.messages = [];
  }

  /* The MESSAGE lines since the last call. */
  takeMessages() {
    const m = this.messages;
    this.messages = [];
    return m;
  }

  kill() {
    if (this.exited) return;
    try { process.kill(-this.child.pid, 'SIGKILL'); } catch { this.child.kill('SIGKILL'); }
  }

  /* END, then a kill if it has not gone within `graceMs` (the protocol
   * allows a brain about a second to quit). */
  async end(graceMs = 1000) {
    if (this.exited) return;
    const gone = new Promise((resolve) => this.child.once('exit', resolve));
    this.send('END');
    const timer = setTimeout(() => this.kill(), graceMs);
    await gone;
    clearTimeout(timer);
  }
}

module.exports = { Brain, splitCommand };
