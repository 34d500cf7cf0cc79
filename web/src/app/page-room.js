/* app/page-room.js: the room the full page leaves the board, read from
 * one layout (shell.js's room(), and the first frame's). */

/** The page's room: the class that decides the columns is set from the
 * window's width before anything is read. A page at least 860 px wide
 * puts the controls beside the board; a narrow one under it, and the
 * board leaves them in view.
 * @param {HTMLElement} shell the .qp element @param {HTMLElement} wrap the board's box
 * @param {HTMLElement} controls the row of buttons */
export function measurePageRoom(shell, wrap, controls) {
  const wide = window.innerWidth >= 860;
  shell.classList.toggle('wide', wide);
  const top = wrap.getBoundingClientRect().top + window.scrollY;
  const below = wide ? 20 : controls.offsetHeight + 28;
  // Wide: the board's column is as wide as the board, up to what the
  // controls' narrowest column (300 px, style.js, and a gap) leaves.
  const width = wide ? shell.clientWidth - 360 : wrap.clientWidth || 320;
  return { width, height: Math.max(240, (window.innerHeight || 800) - top - below) };
}
