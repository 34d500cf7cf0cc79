/* ui/style-narrow.js: the page on a narrow screen (a phone at 320 px, a
 * folding phone's 280 px cover screen, a 390 px phone zoomed to 200 %:
 * 195 px), after style.js's styles: every card and button stays inside
 * the window, whole. */

export const NARROW_CSS = [
  // The full page's host contains nothing: a card over the whole window
  // (.overlay.full, fixed) is then the window's, not the page's, height.
  ':host([data-page]){contain:none}',
  // A card never asks for more than the window gives it; over the whole
  // window, its lines stay short enough to read.
  '.card{min-width:min(240px,100%)}',
  '.overlay.full .card{max-width:min(100%,600px)}',
  // A card too big for the board takes its place (ui/dialog.js), within the window's height.
  '.overlay.instead{position:static;background:none;padding:0;margin:4px 0 8px}',
  '.overlay.instead .card{width:100%;max-height:calc(100vh - 12px);box-shadow:0 2px 12px rgba(0,0,0,.18)}',
  '@media (max-width:360px){',
  '.overlay{padding:6px}',
  '.card{padding:12px 10px;border-radius:12px}',
  '.card h2{font-size:18px}',
  '.card p{margin:4px 0 8px}',
  '.card .row{gap:6px;margin:6px 0}',
  // The form's labels over their fields: side by side, a menu would shrink to nothing.
  '.form{grid-template-columns:minmax(0,1fr);gap:4px;margin:6px 0 10px}',
  '.form select{width:100%}',
  '.form label{margin-top:6px}',
  '.form input[type=checkbox],.form input[type=color]{justify-self:start}',
  '.form .note{margin:0}',
  // The tabs' English names take two columns; the bar's name gives way to its buttons.
  '.qp:lang(en) .picker{grid-template-columns:repeat(2,1fr)}',
  '.brand{min-width:0;overflow-wrap:anywhere}}',
  '@media (max-width:240px){.qp{padding:4px 4px 8px}.picker button{font-size:13px}',
  // The bar's buttons (My games, the language, settings) fill its width: the name goes above them.
  '.bar{flex-wrap:wrap;justify-content:flex-end}.brand{flex:1 0 100%}',
  '.controls,.extra,.replay-row{gap:5px}}',
].join('\n');
