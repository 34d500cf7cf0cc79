/* notation.h — dark animal chess as text (notation.c): the POS and action
 * calls of the game's table, and the names and letters that the text
 * board and the page's JSON (describe.c) write too. */
#ifndef QP_BEAST_NOTATION_H
#define QP_BEAST_NOTATION_H

#include "beast.h"

static const char SIDES[] = "rb";
static const char *const TYPE_NAME[BX_TYPES] = {"dragon", "tiger", "elephant", "bear",
                                                "fox",    "hawk",  "cat"};

/* A kind's letter: upper case red, lower case blue. */
static inline char kind_letter(int kind)
{
    char c = BX_LETTER[kind % BX_TYPES];
    return kind >= BX_TYPES ? (char)(c - 'A' + 'a') : c;
}

/* A cell's name, like "c5". */
static inline void put_cell_name(qp_buf *out, int sq)
{
    qp_bputc(out, (char)('a' + bx_col(sq)));
    qp_bputc(out, (char)('1' + bx_row(sq)));
}

/* The table's text calls (game.h documents them; POS and actions: see
 * beast.h). */
bool beast_parse_pos(void *st, const char *pos, qp_error *err);
void beast_format_pos(const void *st, qp_buf *out);
bool beast_parse_action(const void *st, const char *text, int *action, qp_error *err);
void beast_format_action(const void *st, int action, qp_buf *out);

#endif
