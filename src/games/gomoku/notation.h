/* notation.h — gomoku as text (notation.c): the POS and action calls of
 * the game's table (points as "x,y", gomoku.h), the record notation of
 * links, and the point's text that the page's JSON (describe.c) writes
 * too. */
#ifndef QP_GOMOKU_NOTATION_H
#define QP_GOMOKU_NOTATION_H

#include "gomoku.h"

/* Point p as "x,y" (0-based column and row from the top-left). */
static inline void gomoku_put_point(const gomoku_state *s, int p, qp_buf *out)
{
    qp_bprintf(out, "%d,%d", p % s->w, p / s->w);
}

/* The table's text calls (game.h documents them). */
bool gmk_parse_pos(void *st, const char *pos, qp_error *err);
void gmk_format_pos(const void *st, qp_buf *out);
bool gmk_parse_action(const void *st, const char *text, int *action, qp_error *err);
void gmk_format_action(const void *st, int action, qp_buf *out);

/* The record notation of links (game.h's format_move and parse_move):
 * column letter a-y (I included) and row from the bottom, as the page
 * draws them: on 15x15, 7,7 is h8, 0,14 is a1, 0,0 is a15. parse_move
 * takes upper or lower case, and the action form x,y too. */
void gomoku_format_move(const void *st, int action, qp_buf *out);
bool gomoku_parse_move(const void *st, const char *text, int *action, qp_error *err);

#endif
