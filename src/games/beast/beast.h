/* beast.h — dark animal chess 斗兽棋 (翻棋) (docs/rules.md, "Dark animal chess").
 *
 * Chinese Dark Chess with animals on 4 columns (a-d) x 8 rows (1-8): 32
 * face-down pieces, 16 red and 16 blue, each 1 dragon D, 2 tigers T, 2
 * elephants E, 2 bears B, 2 foxes F, 2 hawks H, 5 cats C (ranks 7 to 1,
 * HP values 19 12 10 8 5 3 1: 100 a side). A turn flips any face-down
 * piece, moves one of your face-up pieces one step to an empty cell, or
 * captures (cells.h has the capture rules). The first flip gives
 * the flipper the colour of the piece flipped.
 * Players: 0 = r (red), 1 = b (blue). Before the first flip the side to
 * move is not known: status "turn ?" (qp_status.player = QP_NOBODY).
 *
 * End (status reason): a side whose HP is 0 (no piece left, face-up or
 * down) has lost ("hp"); a side with no legal action on its turn has lost
 * ("stuck": the original's AI surrenders, 电脑认输了); the third occurrence
 * of a position (board as seen, face-down pieces hidden, and the side to
 * move) is a draw ("repetition"); so are 50 plies in a row without a flip
 * or a capture ("no-progress"). Checked in that order.
 *
 * POS: ROWS SIDE PLIES [LOG]
 *   ROWS   8 rows from the top (row 8) to row 1, separated by '/', 4
 *          cells each from a to d: '.' empty; a face-up piece as its
 *          letter, upper case red, lower case blue; a face-down piece as
 *          '?' and its letter. At most the initial count of each kind.
 *   SIDE   r, b, or ? before the first flip (then every one of the 32
 *          pieces is face-down, PLIES is 0 and there is no LOG).
 *   PLIES  plies since the last flip or capture, 0 to 50.
 *   LOG    (optional, our extension for the repetition rule, like
 *          ponghauqi's PATH) the actions since the last flip or capture,
 *          comma-separated, oldest first: first, if known, that flip
 *          (`c5`) or capture (`c5c6xT`: the move, 'x' and the letter of
 *          the piece taken), then the plain moves (`a1a2`), PLIES of them
 *          when the flip or capture is there, at most PLIES otherwise.
 *          Only positions the LOG gives back count for repetition; the
 *          engine writes the full LOG after every action. Absent: nothing
 *          is known about earlier positions (the contract's POS).
 *   New game (seed 1): "?c?e?B?B/?E?b?h?C/.../?D?H?c?e ? 0"; then after
 *   a flip of c5 and a move b2b3 the POS ends "r 1 c5,b2b3", after the
 *   capture c4c5 of a blue tiger "b 0 c4c5xt". Views (observe()) print
 *   face-down cells as "??"; parse_pos refuses them (the engine needs the
 *   truth).
 * Params: none. `new --seed N` shuffles the 32 pieces; same seed, same deal.
 *
 * Actions: from * 32 + to with cells numbered 0 (a1) .. 31 (d8) row by
 * row from the bottom; a flip is from == to. Text: `c5` flips c5, `c5c6`
 * moves or captures from c5 to c6. parse_action refuses with a message
 * the page turns into the original's toasts; they begin with one of:
 *   "not your piece: "     the piece to move is the opponent's (这不是你的棋子)
 *   "cannot move there: "  not one step to an empty cell (不能走!)
 *   "cannot capture that: " the target cannot be taken (吃不了!)
 *   "nothing to flip: ", "no piece: ", "face-down: " (flip it first)
 *   "bad beast action "    not an action's syntax
 *
 * AI levels (all decide from observe()'s view; flips are chance nodes
 * whose outcomes are the hidden kinds weighted by their counts):
 *   1 the original's greedy AI: the safest capture of the highest value
 *     (or an even trade, or cat takes dragon); else move the most
 *     valuable threatened piece to a safe empty cell; else one step along
 *     the shortest safe path (BFS through empty cells) towards a piece it
 *     outranks; else a random flip; else (the original would surrender) its
 *     best capture, else a random move. With no legal action at all the
 *     game is lost by rule ("stuck").
 *   2 shallow expectimax: every root action, flips as chance nodes, one
 *     reply, then captures only (quiescence), on an evaluation that values
 *     each piece by the enemy pieces it can still take and that can still
 *     take it.
 *   3 (default) iterative deepening expectimax with Star1/Star2 pruning at
 *     chance nodes, a transposition table keyed on the board as seen and
 *     the hidden counts, a flip budget inside the tree, draw-aware scoring
 *     (a draw is worse the more it is ahead) and a work budget (about 1 s
 *     in the browser; --time MS for a clock). Once every piece is face
 *     up: the endgame tables (endgame.h) play every position of at most 4
 *     pieces exactly, no search, and inside the search from 5 pieces.
 *   Level 1 departs from the original's code only where that code missed
 *   its own intent: safety is judged on the board after the move, the
 *   hawk threat is the real jump rule, the BFS path is a true shortest
 *   one, and where the original surrenders with moves left we act.
 * AI score (levels 2-3): the value of the chosen action for the side to
 *   move in evaluation points (with every piece alive a cat is worth
 *   about 100, a tiger about 320, eval.c bn_piece_values()); 3000 minus
 *   plies for a forced win, its negative for a loss (by the endgame
 *   tables: the plies to the end along their line; the note then says
 *   "endgame tables"); a draw is -50 for the AI's side (it plays on),
 *   less when it is ahead in material.
 *   describe() and analyze() JSON: documented in describe.c and ai.c.
 *
 * The files, top to bottom; each includes and calls only files below it
 * (tools/check_includes.cjs and tools/check_calls.cjs hold them to it):
 *   game.c      the table qp_beast: the rules, the text and the AI put
 *               together; the AI's entries hand the AI observe()'s view
 *   describe.c  show() and describe() (describe.h): the text board and
 *               the page's JSON
 *   notation.c  POS and action text (notation.h), checked on the way in
 *   rules.c     the rules (rules.h): deal, status, actions and their
 *               effect with the LOG, views and chance; no text, no AI
 *   ai.c        the AIs' entries (ai.h) on a view; level 1 in greedy.c,
 *               levels 2-3 in search.c on node.c and eval.c (think.h),
 *               the review's judgement in review.c; a root the endgame
 *               tables hold in ending.c; they know the state and the
 *               capture rules, not rules.c
 *   endgame.c   the endgame tables (endgame.h): exact values of every
 *               position of at most 4 face-up pieces, on cells.h alone
 *   beast.h     this: the state; cells.h: the board and the capture
 *               rules, inline, which all of the above use
 */
#ifndef QP_BEAST_H
#define QP_BEAST_H

#include "cells.h"
#include "game.h"

#define BEAST_MAX_PLIES 3300 /* 63 flips and captures, <= 50 plies after each */

/* What reset the no-progress count, as far as the LOG tells
 * (beast_state.progress). */
enum { BX_BY_UNKNOWN, BX_BY_FLIP, BX_BY_CAPTURE };

/* The whole state; views (observe()) have BX_DOWN for face-down cells. */
typedef struct {
    uint8_t cell[BX_CELLS];
    int8_t to_move; /* BX_RED, BX_BLUE, or -1 before the first flip */
    uint8_t plies; /* since the last flip or capture */
    uint8_t hidden[BX_KINDS]; /* face-down pieces of each kind */
    /* The log: the flip or capture that reset the counter (if known)... */
    uint8_t progress; /* BX_BY_UNKNOWN, BX_BY_FLIP or BX_BY_CAPTURE */
    uint8_t progress_from, progress_to, progress_taken; /* taken: its cell code */
    /* ...and the moves since, oldest first. */
    uint8_t n_moves;
    uint8_t move_from[BX_NO_PROGRESS], move_to[BX_NO_PROGRESS];
} beast_state;

/* The game's table, assembled in game.c (registry.c lists it). */
extern const qp_game qp_beast;

#endif
