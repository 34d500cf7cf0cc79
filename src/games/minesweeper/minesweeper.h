/* minesweeper.h — Minesweeper 扫雷 (docs/rules.md, "Minesweeper").
 *
 * One player (player 0, side letter "p"); status "playing", "won" (reason
 * "cleared": every safe cell is open) or "lost" (reason "mine").
 *
 * PARAMS  SIZE[:RULE][,OPTION]...
 *   SIZE    beginner (9x9/10), intermediate (16x16/40), expert (30x16/99)
 *           or WxH/M: width and height 2..64 (so that legal() keeps under
 *           QP_MAX_ACTIONS: at most 2 actions a cell), M mines from 1 to
 *           W*H-1 under :safe, to W*H-9 under :zero (W*H minus the largest
 *           3x3 that fits).
 *   RULE    safe (default): the first click is never a mine;
 *           zero: the first click's 3x3 holds no mine, so it opens an area.
 *   OPTION  qmarks: the flag action cycles flag -> ? -> blank (else
 *           flag <-> blank);
 *           noguess: a no-guess board (implies :zero; ":safe,noguess" is
 *           refused): at the first click the mines are placed so that the
 *           level-3 solver clears the board from that click without ever
 *           guessing, checked by a replay before the board is used. If no
 *           such board is found within the work limit, the first click is
 *           refused with an error (the page shows it) — never a silent
 *           guessing board. (Trusted callers that skip the check get a
 *           plain board and the POS loses ",noguess".)
 *   Params are written back canonically: "9x9/10:safe", "30x16/99:zero,noguess".
 *
 * Mines are placed at the first click, uniformly among the cells the rule
 * allows, from the game's seed: (seed, first click) replays the board.
 *
 * POS  PARAMS SEED [ROWS]
 *   SEED  the game's seed (0..2^53-1); before the first click it decides
 *         where the mines will go. A player's view (observe()) writes "?".
 *   ROWS  H rows of W cells, top row first, separated by "/":
 *           .  hidden          *  hidden mine
 *           f  flag            F  flag on a mine
 *           q  question mark   Q  question mark on a mine
 *           0-8  open cell and its number
 *           X  an opened (exploded) mine: the game is lost
 *         Omitted while nothing is open and nothing marked. Before the
 *         first click there are no mines; after it exactly M. Positions a
 *         game cannot reach are refused (a wrong number, mines before the
 *         first click, an exploded mine and nothing else open...). A 0 may
 *         have a hidden neighbour: a flag the cascade skipped, lifted since.
 *   Start: "9x9/10:safe 1". After "o 0,0" on a 3x3/1 board with seed 5:
 *   "3x3/1:safe 5 000/011/01*" (the mine at 2,2; the 0 opened the rest).
 *
 * ACTIONS  (x = column, y = row, 0-based from the top-left; cell = y*W+x)
 *   o x,y  open a hidden cell or a question mark (not a flag). The first
 *          open places the mines. A zero opens its neighbours, and so on.
 *   f x,y  cycle the mark of a hidden cell (never an open one).
 *   c x,y  chord: on an open number with exactly that many flags around
 *          and some hidden cell around, open every unflagged neighbour
 *          (wrong flags can make it explode).
 *   Action int: cell * 3 + (0 open, 1 flag, 2 chord).
 *
 * observe(): the view erases the hidden mines and the seed (which decides
 *   them); its POS writes the seed as "?" and is not accepted back.
 *   chance_outcomes/apply_outcome are not provided: the layouts behind an
 *   opening outnumber an int weight, and the solver counts them exactly
 *   itself (solver.h).
 *
 * AI LEVELS  (solver.h) 1 single-cell rules; 2 constraint reasoning;
 *   3 exact probabilities, endgame search, 50/50s, best guesses. The AI
 *   decides on observe()'s view only (flags ignored; a flag on the cell it
 *   wants to open is answered with "f x,y" to lift it).
 *   AI score: the chosen cell's chance to be safe, in thousandths.
 *
 * describe(): {"w","h","mines","rule":"safe"|"zero","qmarks","noguess",
 *   "preset":"beginner"|...|"", "started", "status", "reason",
 *   "cells": W*H chars row by row: . hidden, f flag, ? question, 0-8 open;
 *            once lost: * mine, X exploded mine, w wrong flag (f stays on a
 *            mine); once won every mine shows f,
 *   "flags", "left" (mines - flags, may be negative), "opened",
 *   "safeCells", "chord": [cells where a chord is legal]}
 * analyze(): {"level","started","action","x","y","cell","p" (its mine
 *   probability),"kind":"first"|"safe"|"endgame"|"fifty"|"guess",
 *   "win" (endgame: chance to win with best play, else -1),"exact",
 *   "log10Solutions","safe":[cells],"mines":[cells],
 *   "probs":[per cell: mine probability, -1 when open]}. Before the first
 *   click every probability is 0 (the first click is always safe). *
 * FILES  (each calls only files listed after it)
 *   game.c   the table qp_minesweeper; ties the AI side to the rules at a
 *            noguess board's first click.
 *   ai.c     ai(), analyze(), no-guess boards and their replay check
 *            (minesweeper_guess_free); uses the rules, the solver, gen.c.
 *   gen.c    no-guess layouts (gen.h); uses the solver.
 *   rules.c  the rules and their text (rules.h): knows no AI, no solver.
 *   The solver (solver.h, which lists its own files) knows no game.
 */
#ifndef QP_MINESWEEPER_H
#define QP_MINESWEEPER_H

#include "game.h"

extern const qp_game qp_minesweeper;

/* The no-guess check, exposed for tests and benches: plays the layout
 * mine[] (1 = mine, cell = y*W+x) from the first click `first` with the
 * level-3 solver, opening only cells that are certain, through the
 * game's own rules; true when that clears the board. `st` is any state of
 * the game whose params give the size and mine count. */
bool minesweeper_guess_free(const void *st, const unsigned char *mine, int first);

#endif
