/* site/updates.js: the hosted page's service worker (dist/site/sw.js):
 * registered only over http(s) (a page from file:// plays without one),
 * and when a new version has been downloaded, a quiet line in the
 * player's language with a Reload button. The game in progress is in
 * localStorage at every move, so the reload loses nothing. Bundled on its
 * own (with i18n.js's texts) into dist/site/updates.js by tools/site.cjs; not part of qipan.js. */

import { TEXTS } from '../i18n.js';

/** The page's language, as the game set it on <html>. */
function lang() {
  return document.documentElement.lang === 'en' ? 'en' : 'zh';
}

/** The line at the top of the page, once, over the title bar and never over the
 * board; `go` reloads into the new version.
 * @param {() => void} go */
function showNotice(go) {
  if (document.getElementById('qipan-update')) return;
  const texts = TEXTS[lang()];
  const line = document.createElement('div');
  line.id = 'qipan-update';
  line.setAttribute('role', 'status');
  line.lang = lang();
  line.style.cssText = 'position:fixed;left:50%;top:8px;transform:translateX(-50%);z-index:10;' +
    'display:flex;align-items:center;gap:10px;padding:8px 10px 8px 14px;border-radius:10px;' +
    'background:#2b2118;color:#fff;font:14px system-ui,sans-serif;box-shadow:0 2px 10px #0004;' +
    'max-width:calc(100% - 24px)';
  const button = document.createElement('button');
  button.textContent = texts.updateReload;
  button.style.cssText = 'font:inherit;padding:6px 12px;min-height:36px;border:0;border-radius:8px;' +
    'background:#b5542d;color:#fff;cursor:pointer';
  button.addEventListener('click', go);
  line.append(texts.updateReady, button);
  document.body.appendChild(line);
}

/** Offers the waiting worker: on Reload it takes over and the page reloads.
 * @param {ServiceWorker} waiting */
function offer(waiting) {
  showNotice(() => {
    reloadOnTakeOver = true;
    waiting.postMessage('skip-waiting');
  });
}

let reloadOnTakeOver = false;

/** Registers sw.js and watches for a new version of it. */
export function watchForUpdates() {
  if (!/^https?:$/.test(location.protocol) || !('serviceWorker' in navigator)) return;
  const sw = navigator.serviceWorker;
  // Only the player's Reload reloads: the first install's claim must not.
  sw.addEventListener('controllerchange', () => {
    if (reloadOnTakeOver) location.reload();
  });
  sw.register('sw.js').then((reg) => {
    // A new worker is an update only when an older one runs the page.
    if (reg.waiting && sw.controller) offer(reg.waiting);
    reg.addEventListener('updatefound', () => {
      const worker = reg.installing;
      if (!worker) return;
      worker.addEventListener('statechange', () => {
        if (worker.state === 'installed' && sw.controller) offer(worker);
      });
    });
  }, () => { /* no worker (private mode, an old browser): the page still plays online */ });
}

// After the page's load, so that the worker's downloads never compete with the first frame.
if (document.readyState === 'complete') watchForUpdates();
else addEventListener('load', watchForUpdates);
