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

/** An icon drawn from one SVG path in a 24-unit box, in the text's colour
 * and 1.2em across; hidden from a screen reader (its button has a name).
 * A drawing, not a character: a symbol the text's face lacks sends the
 * browser through the system's fonts for one that has it.
 * @param {string} path the path's `d` */
export function icon(path) {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', 'glyph');
  const shape = document.createElementNS(ns, 'path');
  shape.setAttribute('d', path);
  shape.setAttribute('fill-rule', 'evenodd');
  svg.appendChild(shape);
  return svg;
}
