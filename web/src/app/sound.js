/* app/sound.js: a short sound for a move, a capture, a flip, a win and a
 * loss, made with the Web Audio API from a few notes (no sound files: the
 * one-file page stays one file). The switch is ⚙'s, kept with the page's
 * choices. A browser lets audio start only after the player has touched
 * the page: before that nothing is made (no AudioContext, so no warning),
 * and the first press or key makes or wakes it. */

import { inPlay } from './game-model.js';

/** @typedef {import('./game-model.js').GameModel} GameModel */
/** @typedef {import('./game-model.js').Played} Played */
/** @typedef {'move'|'capture'|'flip'|'win'|'loss'|'draw'} SoundName */

/**
 * One note: its frequency (and the one it glides to), when it starts and
 * how long it sounds, in seconds, its waveform and loudness (0..1).
 * @typedef {{f: number, to?: number, at: number, d: number, wave: OscillatorType, gain: number}} Note
 */

/** @param {number} f @param {number} at @param {number} d @param {OscillatorType} wave @param {number} gain
 * @param {number} [to] @returns {Note} */
const note = (f, at, d, wave, gain, to) => ({ f, to, at, d, wave, gain });

/** Each sound's notes: a wooden tap; two rising notes (a piece turned
 * over); a thud under a click (a piece taken); a major arpeggio up; a
 * minor fall; two even notes. */
export const SOUNDS = /** @type {Record<SoundName, Note[]>} */ ({
  move: [note(700, 0, 0.08, 'triangle', 0.5, 420)],
  flip: [note(520, 0, 0.06, 'triangle', 0.4), note(780, 0.05, 0.09, 'triangle', 0.4)],
  capture: [note(230, 0, 0.16, 'triangle', 0.6, 110), note(1200, 0, 0.03, 'square', 0.08),
    note(360, 0.05, 0.1, 'triangle', 0.35)],
  win: [note(523, 0, 0.12, 'triangle', 0.35), note(659, 0.1, 0.12, 'triangle', 0.35),
    note(784, 0.2, 0.12, 'triangle', 0.35), note(1047, 0.3, 0.35, 'triangle', 0.35)],
  loss: [note(392, 0, 0.16, 'sine', 0.4), note(311, 0.15, 0.16, 'sine', 0.4),
    note(262, 0.3, 0.16, 'sine', 0.4), note(196, 0.45, 0.4, 'sine', 0.4)],
  draw: [note(440, 0, 0.14, 'sine', 0.35), note(440, 0.16, 0.24, 'sine', 0.35)],
});

const GAP_S = 0.15; // from a move's sound to the end's

/** The page's sounds: on or off, and the AudioContext once it may start. */
export class Sounds {
  /** @param {boolean} on */
  constructor(on) {
    this.on = on;
    /** @type {AudioContext|null} made on the player's first press or key, sound being on */
    this.ctx = null;
  }

  /** @param {boolean} on */
  set(on) {
    this.on = on;
  }

  /** A press or a key (a user gesture): the one moment a browser lets
   * audio start, or wake (Safari wants it in the gesture itself). */
  unlock() {
    if (!this.on) return;
    const ctx = this.context();
    if (ctx && ctx.state === 'suspended') ctx.resume().catch(() => {});
  }

  /** Plays these sounds one after the other, where sound is on and may start.
   * @param {SoundName[]} names */
  play(names) {
    if (!this.on || !names.length) return;
    const active = typeof navigator !== 'undefined' && navigator.userActivation;
    if (active && !active.hasBeenActive) return; // no gesture yet: audio may not start
    const ctx = this.context();
    if (!ctx) return;
    if (ctx.state === 'suspended') ctx.resume().catch(() => {});
    let start = ctx.currentTime + 0.01;
    for (const name of names) {
      for (const n of SOUNDS[name]) playNote(ctx, n, start);
      start += GAP_S;
    }
  }

  /** The AudioContext, made the first time (null where there is none). */
  context() {
    if (!this.ctx) {
      const Context = typeof window !== 'undefined' && (window.AudioContext ||
        /** @type {any} */ (window).webkitAudioContext);
      if (!Context) return null;
      try {
        this.ctx = new Context();
      } catch {
        return null; // too many contexts, or audio off in this browser
      }
    }
    return this.ctx;
  }

  stop() {
    if (this.ctx) this.ctx.close().catch(() => {});
    this.ctx = null;
  }
}

/** One note: an oscillator through a gain that rises at once and dies away.
 * @param {AudioContext} ctx @param {Note} n @param {number} start */
function playNote(ctx, n, start) {
  const t0 = start + n.at, t1 = t0 + n.d;
  const osc = ctx.createOscillator(), amp = ctx.createGain();
  osc.type = n.wave;
  osc.frequency.setValueAtTime(n.f, t0);
  if (n.to) osc.frequency.exponentialRampToValueAtTime(n.to, t1);
  amp.gain.setValueAtTime(0.0001, t0);
  amp.gain.exponentialRampToValueAtTime(n.gain * 0.5, t0 + 0.005);
  amp.gain.exponentialRampToValueAtTime(0.0001, t1);
  osc.connect(amp);
  amp.connect(ctx.destination);
  osc.start(t0);
  osc.stop(t1 + 0.02);
}

/** The sounds of a move just played: what it did (a capture, a piece or
 * cell turned over, else a move), then, where it ended the game, how it
 * ended for the player (against the computer, or alone; between two
 * players on one device a win is somebody's: it sounds as one).
 * @param {GameModel} game after the move @param {string} action @param {Played} played
 * @returns {SoundName[]} */
export function moveSounds(game, action, played) {
  const mod = game.mod, { before, after } = played;
  /** @type {SoundName[]} */
  const names = [mod.captures && mod.captures(action, before, after) ? 'capture' :
    mod.landing && mod.landing(action, after) !== null ? 'flip' : 'move'];
  const status = String(after.status);
  if (inPlay(status)) return names;
  if (status === 'won' || status === 'lost' || status === 'draw') {
    names.push(status === 'won' ? 'win' : status === 'lost' ? 'loss' : 'draw');
  } else if (game.rec.mode === 'ai' && game.info.players === 2) {
    names.push(status.charAt(4) === game.humanSide() ? 'win' : 'loss');
  } else {
    names.push('win');
  }
  return names;
}
