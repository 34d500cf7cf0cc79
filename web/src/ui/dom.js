/* ui/dom.js: building elements in one call. */

/**
 * el('button', {class: 'x', onclick: f}, ['text', child]): attributes
 * (false, null or undefined leave one out; `on...` adds a listener; `text`
 * sets the text), then children (strings become text nodes).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, any>|null} [attrs]
 * @param {(Node|string|null|undefined|false)[]} [children]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, attrs, children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else if (k === 'text') node.textContent = v;
    else node.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children || []) {
    if (c !== null && c !== undefined && c !== false) {
      node.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
    }
  }
  return node;
}
