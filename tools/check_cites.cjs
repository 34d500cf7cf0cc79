#!/usr/bin/env node
// No file cites what the repository does not have: a document (a name
// ending in .md), a path that starts at one of the repository's top
// folders (src/..., docs/..., tools/...), a section of a document cited by
// name after it (docs/rules.md, "Gomoku": a heading of that document that
// starts with those words), or, in a Markdown file, a link to a file or a
// heading. A path may hold placeholders (<id>, *, {h,c}); a build output
// that .gitignore names counts as there. `make check-includes` runs it on
// the files git tracks. Usage:
//   node tools/check_cites.cjs [ROOT]   (default: the repository)
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

// Inputs kept as they were found (fuzzing findings), not text that cites;
// and this check's own test, whose small repositories cite what is missing
// on purpose.
const NOT_CHECKED = /^tests\/fuzz\/regressions\/|^tests\/node\/check_cites\.test\.cjs$/;

// One path segment: name characters, a <placeholder>, a {brace,list}, the
// wildcards * and % (make's).
const SEG = String.raw`(?:[\w.\-*%~]|<[\w-]+>|\{[\w.,-]+\})+`;
// A path as a word of its own: not the tail of a longer path or an address.
const PATH = new RegExp(String.raw`(?<![\w./:@<>*{}~\\-])(${SEG}(?:/${SEG})*/?)`, 'g');
// A document followed by a section's name: docs/rules.md, "Gomoku" (the
// comma may end a comment's line); a bare README before one is README.md.
const SECTION = new RegExp(String.raw`((?:${SEG}/)*${SEG}\.md|\bREADME),[\s*/#]*"([^"\n]+)"`, 'g');
const MD_LINK = /\[[^\]\n]*\]\(([^)\s]+)\)/g;

function git(root, args) {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
}

/* The repository as git tracks it: its files, its folders, its top folders. */
function repository(root) {
  const files = git(root, ['ls-files', '-z']).split('\0').filter((f) => f &&
    fs.existsSync(path.join(root, f)));
  const dirs = new Set();
  for (const f of files) {
    for (let d = path.posix.dirname(f); d !== '.'; d = path.posix.dirname(d)) dirs.add(d);
  }
  const top = new Set([...dirs].filter((d) => !d.includes('/')));
  return { files: new Set(files), dirs, top };
}

/* A path with placeholders as a regular expression over whole paths. */
function patternOf(cited) {
  let re = '';
  for (let i = 0; i < cited.length; i++) {
    const c = cited[i];
    if (c === '<') {
      re += '[^/]+';
      i = cited.indexOf('>', i);
    } else if (c === '{') {
      const end = cited.indexOf('}', i);
      re += '(?:' + cited.slice(i + 1, end).split(',').map(escape).join('|') + ')';
      i = end;
    } else if (cited.startsWith('**/', i)) {
      re += '(?:.*/)?';
      i += 2;
    } else if (c === '*') {
      re += '[^/]*';
    } else if (c === '%') { // make's pattern, or printf's %s: any name, folders too
      re += '.*';
      const conversion = /^%[-\d.]*(?:l|ll|z)?[sdiux](?![\w])/.exec(cited.slice(i));
      if (conversion) i += conversion[0].length - 1;
    } else re += escape(c);
  }
  return new RegExp('^' + re + '$');
}

function escape(text) { return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'); }

/* Whether the repository has the path (a file or a folder). */
function has(repo, cited) {
  const bare = cited.replace(/\/$/, '');
  if (!/[<*{%]/.test(bare)) return repo.files.has(bare) || repo.dirs.has(bare);
  const re = patternOf(bare);
  for (const f of repo.files) if (re.test(f)) return true;
  for (const d of repo.dirs) if (re.test(d)) return true;
  return false;
}

/* The headings of a Markdown text, as written (backticks dropped). */
function headings(text) {
  return text.split('\n').filter((l) => /^#{1,6} /.test(l))
    .map((l) => l.replace(/^#+\s+/, '').replace(/`/g, '').trim());
}

/* A heading's anchor as GitHub makes it: lower case, spaces to '-', every
 * other character but letters, digits, '-' and '_' dropped. */
function slug(heading) {
  return heading.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

function anchors(text) {
  const seen = new Map();
  return new Set(headings(text).map((h) => {
    const s = slug(h);
    const n = seen.get(s) || 0;
    seen.set(s, n + 1);
    return n ? `${s}-${n}` : s;
  }));
}

function lineAt(text, index) {
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/* The paths a file cites: documents, and paths from a top folder. */
function checkPaths(ctx, file, text, where) {
  for (const m of text.matchAll(PATH)) {
    // A shell or make variable after a path stands for the rest of a name;
    // a regular expression's '.*' (src/.*) for anything below the folder.
    const tail = text[m.index + m[1].length] === '$' ? '*' : '';
    const cited = m[1].replace(/^\.\//, '').replace(/\/\.\*$/, '/').replace(/[.,]+$/, '') + tail;
    if (/[^/]\.md$/.test(cited)) {
      ctx.cites++;
      if (!ctx.doc(file, cited)) ctx.problems.push(`${where(m.index)}: cites ${cited}, which is not in the repository`);
    } else if (cited.includes('/') && ctx.repo.top.has(cited.split('/')[0])) {
      ctx.cites++;
      if (!has(ctx.repo, cited) && !isIgnored(ctx.root, cited)) {
        ctx.problems.push(`${where(m.index)}: cites ${cited}, which is not in the repository`);
      }
    }
  }
}

/* The sections a file cites by name: a heading that starts with the name. */
function checkSections(ctx, file, text, where) {
  for (const m of text.matchAll(SECTION)) {
    const target = ctx.doc(file, m[1] === 'README' ? 'README.md' : m[1]);
    if (!target) continue; // said by checkPaths
    const name = m[2].toLowerCase();
    const found = headings(ctx.read(target)).some((h) => {
      const lower = h.toLowerCase();
      return lower === name || (lower.startsWith(name) && !/[\p{L}\p{N}]/u.test(lower[name.length]));
    });
    if (!found) ctx.problems.push(`${where(m.index)}: cites ${m[1]}, "${m[2]}", a section ${target} does not have`);
  }
}

function check(root) {
  const repo = repository(root);
  const ctx = {
    root, repo, problems: [], cites: 0,
    read: (rel) => fs.readFileSync(path.join(root, rel), 'utf8'),
    /* A document as cited from `from`: beside it, else from the root. */
    doc: (from, cited) => {
      const beside = path.posix.normalize(path.posix.join(path.posix.dirname(from), cited));
      return repo.files.has(beside) ? beside : repo.files.has(cited) ? cited : null;
    },
  };
  for (const file of repo.files) {
    if (NOT_CHECKED.test(file)) continue;
    const buf = fs.readFileSync(path.join(root, file));
    if (buf.subarray(0, 8000).includes(0)) continue;
    const text = buf.toString('utf8');
    const where = (index) => `${file}:${lineAt(text, index)}`;
    checkPaths(ctx, file, text, where);
    checkSections(ctx, file, text, where);
    if (file.endsWith('.md')) checkLinks(ctx, file, text, where);
  }
  return { files: repo.files.size, cites: ctx.cites, problems: ctx.problems };
}

/* Whether .gitignore names the path: a build output, there once built. */
const ignoredCache = new Map();
function isIgnored(root, cited) {
  if (/[<*{%]/.test(cited)) return false;
  const key = root + '\0' + cited;
  if (!ignoredCache.has(key)) {
    let ignored = true;
    try {
      execFileSync('git', ['check-ignore', '-q', '--no-index', cited], { cwd: root });
    } catch {
      ignored = false;
    }
    ignoredCache.set(key, ignored);
  }
  return ignoredCache.get(key);
}

/* A Markdown file's links: the file they name is there, and so is the
 * heading after '#'. Addresses elsewhere are not ours to check. */
function checkLinks(ctx, file, text, where) {
  const { repo, read, problems } = ctx;
  for (const m of text.matchAll(MD_LINK)) {
    const target = m[1];
    if (/^[a-z]+:/i.test(target)) continue;
    const [rel, anchor] = target.split('#');
    const linked = rel ? path.posix.normalize(path.posix.join(path.posix.dirname(file), rel)) : file;
    if (rel && !repo.files.has(linked) && !repo.dirs.has(linked.replace(/\/$/, ''))) {
      problems.push(`${where(m.index)}: links to ${rel}, which is not in the repository`);
    } else if (anchor !== undefined && linked.endsWith('.md') && !anchors(read(linked)).has(anchor)) {
      problems.push(`${where(m.index)}: links to ${target}, a heading ${linked} does not have`);
    }
  }
}

if (require.main === module) {
  const root = process.argv[2] || path.join(__dirname, '..');
  const r = check(root);
  if (r.problems.length) {
    for (const p of r.problems) console.error(`check_cites: ${p}`);
    process.exit(1);
  }
  console.log(`check_cites: ${r.files} files, ${r.cites} citations of the repository, every one there`);
}

module.exports = { check, slug };
