/* ui/style-a11y.js: the styles that serve accessibility, after style.js's:
 * the board's grid for a screen reader (hidden, its focus shown on the
 * board), no motion for a player who asks for none, and a dark theme. */

/** The dark theme's colours; the boards keep their own wood and paper. */
const DARK = [
  '.qp{background:#1c1915;color:#efe6d8}',
  '.brand{color:#f0a27e}.brand small{color:#c9b8a3}',
  'button{background:#2a251f;border-color:#6d604f;color:#efe6d8}',
  'button:hover:not(:disabled){background:#3a3128;border-color:#f0a27e}',
  'button.primary{background:#b5542d;border-color:#b5542d;color:#fff}',
  '.picker button[aria-pressed=true],.extra button[aria-pressed=true],.card .choice[aria-pressed=true]',
  '{background:#efe6d8;color:#1c1915;border-color:#efe6d8}',
  '.card,.result-box{background:#2a251f;color:#efe6d8}.result-box{border-color:#4a4035}',
  '.card p,.result-box p,.extra,.review-summary,.review-scale{color:#d8cbb8}',
  '.form .note{color:#c9b8a3}',
  'select,input,textarea,.share input.link,.share textarea{background:#1c1915;color:#efe6d8;border-color:#6d604f}',
  'ol.moves{background:#2a251f;border-color:#4a4035}ol.moves li:hover{background:#3a3128}',
  'ol.moves li b{color:#b3a28d}ol.moves .mark{color:#ff8a80}ol.moves .mark.inaccuracy{color:#ffd54f}',
  'ol.moves .mark.missed{color:#ce93d8}.review-graph{border-color:#4a4035}',
  '.review-readout{background:#8ab4ff;color:#2a251f}',
  '.toast{background:rgba(239,230,216,.95);color:#1c1915}',
  '.share .problem,.card .note.bad{color:#ff8a80}',
  'button:focus-visible,select:focus-visible,canvas:focus-visible,input:focus-visible,',
  'textarea:focus-visible,li:focus-visible{outline-color:#8ab4ff}',
  '.stage:has(.board-grid:focus-within){outline-color:#8ab4ff}',
  '.status .dot{border-color:rgba(255,255,255,.7)}',
];

export const A11Y_CSS = [
  // The grid is read and walked, not seen: the board shows where its focus is.
  '.board-grid,.board-keys{position:absolute;left:0;top:0;width:1px;height:1px;overflow:hidden;',
  'clip-path:inset(50%);white-space:nowrap}',
  '.stage:has(.board-grid:focus-within){outline:3px solid #2f6fd6;outline-offset:2px;border-radius:10px}',
  '.controls .read-position:not(:focus){position:absolute;width:1px;height:1px;min-height:0;padding:0;',
  'border:0;overflow:hidden;clip-path:inset(50%)}',
  'textarea:focus-visible,li:focus-visible{outline:3px solid #2f6fd6;outline-offset:1px}',
  '@media (prefers-reduced-motion:reduce){*,*::before,*::after{animation:none!important;',
  'transition:none!important;scroll-behavior:auto!important}}',
  '@media (prefers-color-scheme:dark){' + DARK.join('') + '}',
].join('\n');
