/* describe.h — what dark animal chess shows (describe.c): the show and
 * describe calls of the game's table. Internal to the game. */
#ifndef QP_BEAST_DESCRIBE_H
#define QP_BEAST_DESCRIBE_H

#include "beast.h"

/* The text board and the page's JSON (game.h documents both calls). */
void beast_show(const void *st, qp_buf *out);
void beast_describe(const void *st, qp_buf *out);

#endif
