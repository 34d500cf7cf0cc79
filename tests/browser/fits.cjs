// What a player on a narrow screen must see whole (tests/browser/narrow.test.cjs):
// problems(page) lists, in words, every element of the mounted app that
// lies outside the window (what a scroll box scrolls may lie outside it;
// the box itself may not), every element cut by a box that does not
// scroll, every button whose text is cut, every card that is not whole,
// taller than the window or scrolls sideways, every card's own button
// (OK, Start) not in view (cut by its card, or the page scrolled away from it), and every control that a press at its centre
// would not reach (another lies over it). An empty list: all is well.
'use strict';

/* Runs in the page. */
function pageProblems(selector) {
  const root = document.querySelector(selector).shadowRoot;
  const vw = innerWidth, vh = innerHeight, problems = [];
  const name = (e) => e.tagName.toLowerCase() +
    (typeof e.className === 'string' && e.className.trim() ? '.' + e.className.trim().split(/\s+/).join('.') : '') +
    (e.textContent.trim() ? ` "${e.textContent.trim().slice(0, 24)}"` : '');
  const shown = (e) => {
    const s = getComputedStyle(e);
    return s.display !== 'none' && s.visibility !== 'hidden' && e.getClientRects().length > 0;
  };
  const up = (a) => a.parentElement || (a.getRootNode() !== document ? a.getRootNode().host : null);
  /* e's box as far as its scroll boxes show it now, and the first box that
   * cuts it without scrolling (overflow hidden, or paint containment). */
  function seen(e) {
    const r = e.getBoundingClientRect();
    let l = r.left, t = r.top, rt = r.right, b = r.bottom, cut = null;
    // A fixed box (a card over the window) is clipped by none of its ancestors.
    for (let x = e, a = up(e); a && getComputedStyle(x).position !== 'fixed'; x = a, a = up(a)) {
      const s = getComputedStyle(a), q = a.getBoundingClientRect();
      const scrolls = /auto|scroll/.test(s.overflowX + s.overflowY);
      const clips = /hidden|clip/.test(s.overflowX + s.overflowY) || /paint|content|strict/.test(s.contain);
      if (clips && !cut && (l < q.left - 0.5 || rt > q.right + 0.5 || t < q.top - 0.5 || b > q.bottom + 0.5)) cut = a;
      if (scrolls || clips) {
        l = Math.max(l, q.left); t = Math.max(t, q.top); rt = Math.min(rt, q.right); b = Math.min(b, q.bottom);
      }
    }
    const whole = l <= r.left + 0.5 && rt >= r.right - 0.5 && t <= r.top + 0.5 && b >= r.bottom - 0.5;
    return { l, t, rt, b, cut, whole, rect: r };
  }
  // What a screen reader alone reads is a pixel wide: not looked at.
  const all = Array.from(root.querySelectorAll('*')).filter((e) => !['STYLE', 'OPTION'].includes(e.tagName) &&
    shown(e) && e.getBoundingClientRect().width > 1 && e.getBoundingClientRect().height > 1);
  for (const e of all) {
    const c = seen(e), r = c.rect;
    if (c.cut) problems.push(`cut by ${name(c.cut).slice(0, 40)}: ${name(e)}`);
    else if ((r.left < -0.5 && c.l < -0.5) || (r.right > vw + 0.5 && c.rt > vw + 0.5)) {
      problems.push(`outside the window: ${name(e)} (${Math.round(c.l)} to ${Math.round(c.rt)} of ${vw})`);
    }
  }
  // The page's name in its bar: the buttons beside it may crowd it out.
  for (const brand of root.querySelectorAll('.brand')) {
    const crowded = brand.clientWidth < 1 || brand.scrollWidth > brand.clientWidth + 1;
    if (brand.textContent.trim() && shown(brand) && crowded) problems.push(`text cut: ${name(brand)}`);
  }
  for (const e of all.filter((x) => x.matches('button'))) {
    if (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1) problems.push(`text cut: ${name(e)}`);
  }
  for (const card of all.filter((x) => x.matches('.card'))) {
    if (!seen(card).whole) problems.push(`card not whole: ${name(card)}`);
    if (card.getBoundingClientRect().height > vh + 0.5) problems.push(`card taller than the window: ${name(card)}`);
    // What the card scrolls may be scrolled away; its own buttons may not.
    for (const button of card.querySelectorAll(':scope > .row > button')) {
      if (!shown(button)) continue;
      if (!seen(button).whole) problems.push(`card button out of view: ${name(button)}`);
      // A card that opens where the page is scrolled away shows the player nothing.
      const r = button.getBoundingClientRect();
      if (r.top < -0.5 || r.bottom > vh + 0.5) problems.push(`card button outside the window: ${name(button)}`);
    }
    for (const s of [card, ...card.querySelectorAll('*')]) {
      if (shown(s) && s.scrollWidth > s.clientWidth + 1 && !/visible/.test(getComputedStyle(s).overflowX)) {
        problems.push(`scrolls sideways: ${name(s)}`);
      }
    }
  }
  // A press at a control's centre reaches it (nothing lies over it), but
  // for those a card over the whole window covers on purpose.
  const full = root.querySelector('.overlay.full');
  for (const control of all.filter((x) => x.matches('button,select,input') && !x.disabled)) {
    if (full && !full.contains(control)) continue;
    const c = seen(control);
    const x = (Math.max(c.l, 0) + Math.min(c.rt, vw)) / 2, y = (Math.max(c.t, 0) + Math.min(c.b, vh)) / 2;
    if (c.rt <= c.l || c.b <= c.t || y < 0 || y > vh) continue; // scrolled away: the page scrolls to it
    const hit = root.elementFromPoint(x, y);
    if (hit && hit !== control && !control.contains(hit)) problems.push(`covered: ${name(control)} by ${name(hit)}`);
  }
  return problems;
}

/** @returns {Promise<string[]>} */
function problems(page, selector = '#qipan') {
  return page.evaluate(pageProblems, selector);
}

module.exports = { problems };
