/* notation.c — gomoku's move notation for links and records: the column
 * letter and the row counted from the bottom, as the page labels the
 * board (h8 is the centre of 15x15). The letters run a-y without
 * skipping I, unlike some Go boards: the page draws them so. */
#include "gomoku.h"

#include <ctype.h>
#include <string.h>

void gomoku_format_move(const void *st, int action, qp_buf *out)
{
    const gomoku_state *s = st;
    qp_bprintf(out, "%c%d", 'a' + action % s->w, s->h - action / s->w);
}

/* "h8" (either case) into a point; false unless it is on the board. */
static bool read_letter_row(const gomoku_state *s, const char *text, int *p)
{
    long long row;
    int x = tolower((unsigned char)text[0]) - 'a';
    if (x < 0 || x >= s->w || !qp_parse_int(text + 1, 1, s->h, &row) || text[1] == '0')
        return false;
    *p = (s->h - (int)row) * s->w + x;
    return true;
}

bool gomoku_parse_move(const void *st, const char *text, int *action, qp_error *err)
{
    const gomoku_state *s = st;
    const char *why;
    int p;
    if (strchr(text, ','))
        return gmk_parse_action(st, text, action, err);
    if (!read_letter_row(s, text, &p))
        return qp_fail(err, "not a point of the %dx%d board: write a%d to %c1 (or x,y)", s->w, s->h,
                       s->h, 'a' + s->w - 1);
    if ((why = gomoku_refusal(s, p)) != NULL)
        return qp_fail(err, "%s", why);
    *action = p;
    return true;
}
