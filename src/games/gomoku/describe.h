/* describe.h — what gomoku shows (describe.c): the show and describe
 * calls of the game's table. Internal to the game. */
#ifndef QP_GOMOKU_DESCRIBE_H
#define QP_GOMOKU_DESCRIBE_H

#include "gomoku.h"

/* The text board and the page's JSON (game.h documents both calls; the
 * JSON's fields: gomoku.h). */
void gmk_show(const void *st, qp_buf *out);
void gmk_describe(const void *st, qp_buf *out);

#endif
