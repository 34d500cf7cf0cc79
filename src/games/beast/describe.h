/* describe.h — between the rules of dark animal chess (rules.c) and what
 * it shows (describe.c): the show and describe calls of the game's table,
 * and the small pieces of the rules both use. Internal to the game. */
#ifndef QP_BEAST_DESCRIBE_H
#define QP_BEAST_DESCRIBE_H

#include "beast.h"

static const char SIDES[] = "rb";
static const char *const TYPE_NAME[BX_TYPES] = {"dragon", "tiger", "elephant", "bear",
                                                "fox",    "hawk",  "cat"};
enum { NO_PROGRESS_KNOWN, BY_FLIP, BY_CAPTURE }; /* beast_state.progress */

static inline char kind_letter(int kind)
{
    char c = BX_LETTER[kind % BX_TYPES];
    return kind >= BX_TYPES ? (char)(c - 'A' + 'a') : c;
}

static inline void put_cell_name(qp_buf *out, int sq)
{
    qp_bputc(out, (char)('a' + bx_col(sq)));
    qp_bputc(out, (char)('1' + bx_row(sq)));
}

/* rules.c: pieces of each kind on the board, face-up or down; the status
 * (the game's qp_status call). */
void beast_count_kinds(const beast_state *s, int *count);
qp_status beast_status(const void *st);

/* describe.c: the text board and the page's JSON (the game's show and
 * describe calls). */
void beast_show(const void *st, qp_buf *out);
void beast_describe(const void *st, qp_buf *out);

#endif
