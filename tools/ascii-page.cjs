// A page written in ASCII alone (tools/inline.cjs's dist/qipan.html,
// tools/site.cjs's dist/site/index.html). Chromium decodes a page's bytes
// into 8-bit text while they are all ASCII, and scans and parses its
// inline scripts as such; one Chinese character sends the rest of the
// file through the slower 16-bit path (dist/qipan.html, 4x throttled: the
// decoding took 52 ms on the way to the first frame, 16 ms in ASCII).
// Scripts write Chinese as \u escapes, the markup as character references.
'use strict';

const NON_ASCII = /[\u0080-\uffff]/g;

/** @param {string} code a script's text */
function asciiScript(code) {
  // '\中' is 中 in a string: escaped, the backslash would escape the escape.
  if (/\\[\u0080-\uffff]/.test(code)) throw new Error('a backslash before a non-ASCII character in a script');
  return code.replace(NON_ASCII, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}

/** The markup between scripts; a style's text takes no character reference.
 * @param {string} markup */
function asciiMarkup(markup) {
  if (/<style[^>]*>[^<]*[\u0080-\uffff]/.test(markup)) throw new Error('a non-ASCII character in a <style>');
  return markup.replace(/[\u{80}-\u{10ffff}]/gu, (c) => '&#x' + Number(c.codePointAt(0)).toString(16) + ';');
}

/** The page `html` in ASCII: the same text once a browser has read it.
 * @param {string} html */
function asciiPage(html) {
  let at = 0, out = '';
  for (const m of html.matchAll(/(<script[^>]*>)([\s\S]*?)(<\/script>)/g)) {
    out += asciiMarkup(html.slice(at, m.index)) + m[1] + asciiScript(m[2]) + m[3];
    at = Number(m.index) + m[0].length;
  }
  return out + asciiMarkup(html.slice(at));
}

module.exports = { asciiPage };
