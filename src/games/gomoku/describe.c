/* describe.c — what gomoku shows: the text board (show) and the page's
 * JSON (describe, gomoku.h tells its fields), every field derived here so
 * that the page knows no rule. Stands on the rules (rules.h) and the
 * points' text (notation.h). */
#include "describe.h"

#include "notation.h"
#include "rules.h"

static int last_move(const gomoku_state *s) { return s->n ? s->move[s->n - 1] : -1; }

void gmk_show(const void *st, qp_buf *out)
{
    const gomoku_state *s = st;
    int last = last_move(s);
    /* Labelled as the page labels the board and as moves are written
     * (notation.c): columns a.., rows counted from the bottom. */
    qp_bputs(out, "   ");
    for (int x = 0; x < s->w; x++)
        qp_bprintf(out, "%3c", 'a' + x);
    qp_bputc(out, '\n');
    for (int y = 0; y < s->h; y++) {
        qp_bprintf(out, "%3d", s->h - y);
        for (int x = 0; x < s->w; x++) {
            int p = y * s->w + x;
            char c = ".XO"[s->cell[p]];
            if (p == last)
                qp_bprintf(out, " [%c", c);
            else
                qp_bprintf(out, p - 1 == last && x > 0 ? "] %c" : "  %c", c);
        }
        qp_bputs(out, last == y * s->w + s->w - 1 ? "]\n" : "\n");
    }
    qp_bprintf(out, "%s, %s (X black, O white), move %d\n", gomoku_rule_name(s->rule),
               gomoku_to_move(s) ? "O to move" : "X to move", s->n + 1);
}

static void put_points(const gomoku_state *s, qp_buf *out, const int *p, int n)
{
    qp_bputc(out, '[');
    for (int i = 0; i < n; i++) {
        qp_bputs(out, i ? ",[" : "[");
        gomoku_put_point(s, p[i], out);
        qp_bputc(out, ']');
    }
    qp_bputc(out, ']');
}

/* Star points for drawing: the four at 3 (2 on small boards) from the
 * edges and the centre, where the board has them. */
static int star_points(const gomoku_state *s, int *p)
{
    int n = 0, m = s->w < 13 || s->h < 13 ? 2 : 3;
    if (s->w >= 9 && s->h >= 9) {
        p[n++] = m * s->w + m;
        p[n++] = m * s->w + s->w - 1 - m;
        p[n++] = (s->h - 1 - m) * s->w + m;
        p[n++] = (s->h - 1 - m) * s->w + s->w - 1 - m;
    }
    if (s->w % 2 && s->h % 2)
        p[n++] = s->h / 2 * s->w + s->w / 2;
    return n;
}

/* The JSON of gomoku.h's "describe()" (the engine puts "status" and
 * "reason" in front). */
void gmk_describe(const void *st, qp_buf *out)
{
    const gomoku_state *s = st;
    static int pts[GOMOKU_CELLS];
    static char why[GOMOKU_CELLS];
    qp_status status = gmk_status(s);
    qp_bprintf(out, "{\"w\":%d,\"h\":%d,\"rule\":\"%s\",\"cells\":\"", s->w, s->h,
               gomoku_rule_name(s->rule));
    for (int p = 0; p < s->w * s->h; p++)
        qp_bputc(out, ".12"[s->cell[p]]);
    qp_bprintf(out, "\",\"turn\":\"%s\",\"moves\":",
               status.phase == QP_TURN ? (gomoku_to_move(s) ? "2" : "1") : "");
    for (int i = 0; i < s->n; i++)
        pts[i] = s->move[i];
    put_points(s, out, pts, s->n);
    qp_bputs(out, ",\"last\":");
    if (s->n)
        qp_bprintf(out, "[%d,%d]", pts[s->n - 1] % s->w, pts[s->n - 1] / s->w);
    else
        qp_bputs(out, "null");
    qp_bputs(out, ",\"win\":");
    put_points(s, out, pts, gomoku_win_cells(s, pts, GOMOKU_CELLS));
    int n = 0;
    if (status.phase == QP_TURN && gomoku_to_move(s) == 0 && s->rule == GOMOKU_RENJU)
        for (int p = 0; p < s->w * s->h; p++)
            if ((why[n] = (char)gomoku_forbidden(s, p)) != GOMOKU_ALLOWED)
                pts[n++] = p;
    qp_bputs(out, ",\"forbidden\":[");
    for (int i = 0; i < n; i++) {
        qp_bputs(out, i ? ",[" : "[");
        gomoku_put_point(s, pts[i], out);
        qp_bprintf(out, ",\"%s\"]", gomoku_forbidden_name((int)why[i]));
    }
    qp_bputs(out, "],\"stars\":");
    put_points(s, out, pts, star_points(s, pts));
    qp_bputc(out, '}');
}
