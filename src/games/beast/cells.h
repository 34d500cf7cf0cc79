/* cells.h — the board and the capture rules of dark animal chess: cells,
 * piece codes, steps, captures and the actions of a board. The bottom
 * layer of the game's files (it includes none of them): the rules, the
 * text and the AIs all stand on it. Static inline: both the rules and the
 * AIs need them in their inner loops.
 *
 * Cells are numbered row by row from the bottom-left, as a chess board:
 *
 *     row 8 | 28 29 30 31 |     a8 = 28, d8 = 31
 *       ... |             |
 *     row 1 |  0  1  2  3 |     a1 = 0,  d1 = 3
 *              a  b  c  d
 *
 * A cell holds one byte:
 *     0            empty
 *     1 + kind     a face-up piece         (BX_UP_MIN..BX_UP_MAX)
 *     15           a face-down piece whose identity is not known (views)
 *     16 + kind    a face-down piece and its identity (the truth)
 * where kind = colour * 7 + type, colour 0 red / 1 blue, type 0..6 for
 * dragon, tiger, elephant, bear, fox, hawk, cat (ranks 7 down to 1).
 */
#ifndef QP_BEAST_CELLS_H
#define QP_BEAST_CELLS_H

#include <stdbool.h>
#include <stdint.h>

#define BX_COLS 4
#define BX_ROWS 8
#define BX_CELLS 32
#define BX_TYPES 7
#define BX_KINDS 14
#define BX_NO_PROGRESS 50 /* plies without a flip or capture: a draw */

enum { BX_DRAGON, BX_TIGER, BX_ELEPHANT, BX_BEAR, BX_FOX, BX_HAWK, BX_CAT };
enum { BX_RED, BX_BLUE };
enum { BX_EMPTY = 0, BX_UP_MIN = 1, BX_UP_MAX = 14, BX_DOWN = 15, BX_DOWN_KNOWN = 16 };

/* Per type: letter, HP value, pieces per side, rank. */
static const char BX_LETTER[BX_TYPES + 1] = "DTEBFHC";
static const int BX_VALUE[BX_TYPES] = {19, 12, 10, 8, 5, 3, 1};
static const int BX_COUNT[BX_TYPES] = {1, 2, 2, 2, 2, 2, 5};

static inline bool bx_is_up(int c) { return c >= BX_UP_MIN && c <= BX_UP_MAX; }
static inline bool bx_is_down(int c) { return c >= BX_DOWN; }
/* The kind of a face-up or known face-down cell. */
static inline int bx_kind(int c) { return c >= BX_DOWN_KNOWN ? c - BX_DOWN_KNOWN : c - 1; }
static inline int bx_colour(int c) { return bx_kind(c) / BX_TYPES; }
static inline int bx_type(int c) { return bx_kind(c) % BX_TYPES; }
static inline int bx_up(int kind) { return kind + 1; }
static inline int bx_col(int sq) { return sq % BX_COLS; }
static inline int bx_row(int sq) { return sq / BX_COLS; }

/* Actions: from * 32 + to; a flip is from == to (so sq * 33). */
static inline int bx_action(int from, int to) { return from * BX_CELLS + to; }
static inline int bx_from(int a) { return a / BX_CELLS; }
static inline int bx_to(int a) { return a % BX_CELLS; }
static inline bool bx_is_flip(int a) { return bx_from(a) == bx_to(a); }

/* Steps up (towards row 8), down, left, right: the original's order. */
static const int BX_DROW[4] = {1, -1, 0, 0};
static const int BX_DCOL[4] = {0, 0, -1, 1};

/* The directions by the cell they lead to, lowest first: down, left,
 * right, up (cells -4, -1, +1, +4). */
static const int BX_ASCENDING[4] = {1, 2, 3, 0};

/* The cell one step from sq in direction d, or -1 off the board. */
static inline int bx_step(int sq, int d)
{
    int r = bx_row(sq) + BX_DROW[d], c = bx_col(sq) + BX_DCOL[d];
    return r < 0 || r >= BX_ROWS || c < 0 || c >= BX_COLS ? -1 : r * BX_COLS + c;
}

/* Whether a piece of type a takes an orthogonally adjacent piece of type t
 * (the hawk never does): equal or lower rank, except that the dragon
 * cannot take a cat and a cat takes the dragon (and cats). */
static inline bool bx_takes_adjacent(int a, int t)
{
    if (a == BX_HAWK)
        return false;
    if (a == BX_DRAGON)
        return t != BX_CAT;
    if (a == BX_CAT)
        return t == BX_CAT || t == BX_DRAGON;
    return t >= a; /* types are in falling rank order */
}

/* The hawk's target from sq in direction d: the second piece along the
 * line (the first is the screen, of any kind), or -1. */
static inline int bx_jump_target(const uint8_t *cell, int sq, int d)
{
    bool screen = false;
    for (int s = bx_step(sq, d); s >= 0; s = bx_step(s, d)) {
        if (cell[s] == BX_EMPTY)
            continue;
        if (screen)
            return s;
        screen = true;
    }
    return -1;
}

/* Whether the face-up piece on `from` may capture the piece on `to`. */
static inline bool bx_can_capture(const uint8_t *cell, int from, int to)
{
    int a = cell[from], t = cell[to];
    if (!bx_is_up(a) || !bx_is_up(t) || bx_colour(a) == bx_colour(t))
        return false;
    if (bx_type(a) == BX_HAWK) {
        for (int d = 0; d < 4; d++)
            if (bx_jump_target(cell, from, d) == to)
                return true;
        return false;
    }
    for (int d = 0; d < 4; d++)
        if (bx_step(from, d) == to)
            return bx_takes_adjacent(bx_type(a), bx_type(t));
    return false;
}

/* The targets (empty cells and captures) of the face-up piece on sq, in
 * ascending order; returns how many (at most 8). */
static inline int bx_targets(const uint8_t *cell, int sq, int *to)
{
    int n = 0, c = cell[sq], type = bx_type(c);
    for (int i = 0; i < 4; i++) {
        int s = bx_step(sq, BX_ASCENDING[i]);
        if (s < 0)
            continue;
        int t = cell[s];
        if (t == BX_EMPTY ||
            (bx_is_up(t) && bx_colour(t) != bx_colour(c) && bx_takes_adjacent(type, bx_type(t))))
            to[n++] = s;
    }
    if (type == BX_HAWK) {
        for (int d = 0; d < 4; d++) {
            int s = bx_jump_target(cell, sq, d);
            if (s >= 0 && bx_is_up(cell[s]) && bx_colour(cell[s]) != bx_colour(c))
                to[n++] = s;
        }
        for (int i = 1; i < n; i++) /* the jumps among the steps: a handful of cells */
            for (int j = i; j > 0 && to[j - 1] > to[j]; j--) {
                int x = to[j];
                to[j] = to[j - 1];
                to[j - 1] = x;
            }
    }
    return n;
}

/* Every action of `side` (-1: colours not dealt yet, flips only), in
 * ascending order; returns the count (at most 32 * 8). */
static inline int bx_actions(const uint8_t *cell, int side, int *actions)
{
    int n = 0;
    for (int sq = 0; sq < BX_CELLS; sq++) {
        int c = cell[sq];
        if (bx_is_down(c)) {
            actions[n++] = bx_action(sq, sq);
        } else if (bx_is_up(c) && bx_colour(c) == side) {
            int to[8], k = bx_targets(cell, sq, to);
            for (int i = 0; i < k; i++)
                actions[n++] = bx_action(sq, to[i]);
        }
    }
    return n;
}

/* Whether some enemy (not of `colour`) face-up piece could capture a
 * piece of type `type` and colour `colour` standing on sq. The board may
 * hold anything on sq itself. */
static inline bool bx_attacked(const uint8_t *cell, int sq, int colour, int type)
{
    for (int d = 0; d < 4; d++) {
        int s = bx_step(sq, d);
        if (s >= 0 && bx_is_up(cell[s]) && bx_colour(cell[s]) != colour &&
            bx_takes_adjacent(bx_type(cell[s]), type))
            return true;
        s = bx_jump_target(cell, sq, d);
        if (s >= 0 && bx_is_up(cell[s]) && bx_colour(cell[s]) != colour &&
            bx_type(cell[s]) == BX_HAWK)
            return true;
    }
    return false;
}

#endif
