/* record.h — a game that travels: its start and moves as a link fragment
 * ("gomoku/15x15+free/h8.i9") or a record line ("gomoku 15x15 free | h8
 * i9"), one codec for both (record.c; docs/contract.md, "Links and records").
 * engine.h declares the two calls the front ends use, qp_engine_link and
 * qp_engine_open; this header holds what the codec's tests reach too.
 */
#ifndef QP_RECORD_H
#define QP_RECORD_H

#include "engine.h"

/* No link holds more moves than this (nor more than the game's max_plies). */
#define QP_RECORD_MAX_MOVES 4000

/* Writes s with every byte outside [A-Za-z0-9,:@=+._~-] as %XX; a space
 * becomes '+' when space_plus (the start section). */
void qp_link_escape(qp_buf *out, const char *s, bool space_plus);
/* Decodes %XX (and '+' as a space when space_plus) in place; fails on a
 * broken escape or a byte that is not printable ASCII. */
bool qp_link_unescape(char *s, bool space_plus, qp_error *err);

/* Opens a text as qp_engine_open does (a link, an address or a record,
 * every move replayed and checked): its game, its start state (into
 * `start`, QP_STATE_MAX bytes) and its actions, valid until the next call
 * into record.c. For the review (review.c). */
bool qp_record_read(const char *text, const qp_game **g, void *start, const int **actions, int *n,
                    qp_error *err);

#endif
