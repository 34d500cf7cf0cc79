/* notation.c — gomoku as text (notation.h): the POS with its moves,
 * replayed and checked on the way in, the actions "x,y", and the record
 * notation of links: the column letter and the row counted from the
 * bottom, as the page labels the board (h8 is the centre of 15x15). The
 * letters run a-y without skipping I, unlike some Go boards: the page
 * draws them so. Stands on the rules (rules.h). */
#include "notation.h"

#include <ctype.h>
#include <string.h>

#include "rules.h"

/* ---- POS and actions: points as "x,y". */

/* Reads "x,y" on s's board into a point; false if it is not that. */
static bool read_point(const gomoku_state *s, const char *text, int *p)
{
    char num[8];
    long long x, y;
    const char *comma = strchr(text, ',');
    if (!comma || comma - text >= (long)sizeof num)
        return false;
    memcpy(num, text, (size_t)(comma - text));
    num[comma - text] = '\0';
    if (!qp_parse_int(num, 0, s->w - 1, &x) || !qp_parse_int(comma + 1, 0, s->h - 1, &y))
        return false;
    *p = (int)(y * s->w + x);
    return true;
}

bool gmk_parse_pos(void *st, const char *pos, qp_error *err)
{
    static char copy[QP_TEXT_MAX];
    static char *tok[GOMOKU_CELLS + 3];
    gomoku_state *s = st;
    int w, h, rule;
    const char *end;
    if (strlen(pos) >= sizeof copy)
        return qp_fail(err, "gomoku position too long");
    strcpy(copy, pos);
    int n = qp_split(copy, tok, GOMOKU_CELLS + 3);
    if (n < 0)
        return qp_fail(err, "bad gomoku position: more moves than points");
    if (n < 2 || !qp_parse_dims(tok[0], 1, 9999, &w, &h, &end) || *end)
        return qp_fail(err,
                       "bad gomoku position '%.40s': want WxH, a rule and the moves x,y, "
                       "like '15x15 free 7,7 8,7'",
                       pos);
    if ((rule = gomoku_rule_from_name(tok[1])) < 0)
        return qp_fail(err, "bad gomoku rule '%.20s': use free, exact or renju", tok[1]);
    if (!gomoku_setup(s, w, h, rule, err))
        return false;
    for (int i = 2; i < n; i++) {
        int p;
        const char *why;
        if (!read_point(s, tok[i], &p))
            return qp_fail(err, "bad gomoku move %d '%.20s': want x,y on the %dx%d board", i - 1,
                           tok[i], w, h);
        if (s->winner != QP_NOBODY || s->drawn)
            return qp_fail(err, "gomoku move %d (%s): the game was already over", i - 1, tok[i]);
        if ((why = gomoku_refusal(s, p)) != NULL)
            return qp_fail(err, "gomoku move %d (%s): %s", i - 1, tok[i], why);
        gomoku_place(s, p);
    }
    return true;
}

void gmk_format_pos(const void *st, qp_buf *out)
{
    const gomoku_state *s = st;
    qp_bprintf(out, "%dx%d %s", s->w, s->h, gomoku_rule_name(s->rule));
    for (int i = 0; i < s->n; i++) {
        qp_bputc(out, ' ');
        gomoku_put_point(s, s->move[i], out);
    }
}

bool gmk_parse_action(const void *st, const char *text, int *action, qp_error *err)
{
    const gomoku_state *s = st;
    const char *why;
    int p;
    if (!read_point(s, text, &p))
        return qp_fail(err, "bad gomoku action '%.20s': want x,y on the %dx%d board", text, s->w,
                       s->h);
    if ((why = gomoku_refusal(s, p)) != NULL)
        return qp_fail(err, "%s: %s", text, why);
    *action = p;
    return true;
}

void gmk_format_action(const void *st, int action, qp_buf *out)
{
    gomoku_put_point(st, action, out);
}

/* ---- The record notation: "h8". */

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
