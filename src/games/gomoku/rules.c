/* rules.c — gomoku's rules: rows that win under each rule, renju's
 * forbidden points (the plain reference version), POS and action text,
 * the text board and the page's JSON (the AIs are in ai.h's files, the
 * game's table in game.c). */
#include "gomoku.h"

#include <string.h>

static const char *const RULE_NAMES[] = {"free", "exact", "renju"};
static const int DIRS[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};

const char *gomoku_rule_name(int rule) { return RULE_NAMES[rule]; }

/* Stones of `color` in an unbroken row through (x, y) along (dx, dy),
 * counting (x, y) itself as one of them. */
static int run_through(const gomoku_state *s, int x, int y, int dx, int dy, int color)
{
    int n = 1;
    for (int k = 1; gomoku_color_at(s, x + k * dx, y + k * dy) == color; k++)
        n++;
    for (int k = 1; gomoku_color_at(s, x - k * dx, y - k * dy) == color; k++)
        n++;
    return n;
}

/* Does a row of length `len` of `color` win under the rule? */
static bool row_wins(int rule, int color, int len)
{
    bool exact = rule == GOMOKU_EXACT || (rule == GOMOKU_RENJU && color == GOMOKU_BLACK);
    return exact ? len == 5 : len >= 5;
}

static bool makes_win(const gomoku_state *s, int p, int color)
{
    int x = p % s->w, y = p / s->w;
    for (int d = 0; d < 4; d++)
        if (row_wins(s->rule, color, run_through(s, x, y, DIRS[d][0], DIRS[d][1], color)))
            return true;
    return false;
}

/* ---- Renju forbidden points: a plain transcription of the RIF
 * definitions on a scratch board, one stone at a time. */

#define RENJU_DEPTH 12 /* nested three checks; real positions stay far below */

static bool exact_five_at(gomoku_state *b, int x, int y)
{
    for (int d = 0; d < 4; d++)
        if (run_through(b, x, y, DIRS[d][0], DIRS[d][1], GOMOKU_BLACK) == 5)
            return true;
    return false;
}

/* The points along direction d, within 4 of (x, y), where one more Black
 * stone makes exactly five through (x, y). Returns how many fours that
 * is: two points five apart are one straight four. */
static int fours_along(gomoku_state *b, int x, int y, int d, bool *straight)
{
    int dx = DIRS[d][0], dy = DIRS[d][1], at[9], n = 0;
    for (int k = -4; k <= 4; k++) {
        int ex = x + k * dx, ey = y + k * dy;
        if (k == 0 || gomoku_color_at(b, ex, ey) != GOMOKU_EMPTY)
            continue;
        b->cell[ey * b->w + ex] = GOMOKU_BLACK;
        /* Five through e that also passes through (x, y): every point
         * between them is Black, and the row through e is exactly 5. */
        bool joined = true;
        for (int j = k < 0 ? k + 1 : 1; j < (k < 0 ? 0 : k); j++)
            joined = joined && gomoku_color_at(b, x + j * dx, y + j * dy) == GOMOKU_BLACK;
        if (joined && run_through(b, ex, ey, dx, dy, GOMOKU_BLACK) == 5)
            at[n++] = k;
        b->cell[ey * b->w + ex] = GOMOKU_EMPTY;
    }
    *straight = n == 2 && at[1] - at[0] == 5;
    return *straight ? 1 : n;
}

static int forbidden_on(gomoku_state *b, int x, int y, int depth);

/* Is there a three through (x, y) along d: a point that turns it into a
 * straight four through (x, y), makes no five and is not forbidden? */
static bool three_along(gomoku_state *b, int x, int y, int d, int depth)
{
    int dx = DIRS[d][0], dy = DIRS[d][1];
    bool straight;
    if (fours_along(b, x, y, d, &straight) > 0)
        return false;
    for (int k = -4; k <= 4; k++) {
        int ex = x + k * dx, ey = y + k * dy;
        if (k == 0 || gomoku_color_at(b, ex, ey) != GOMOKU_EMPTY)
            continue;
        b->cell[ey * b->w + ex] = GOMOKU_BLACK;
        bool yes = fours_along(b, x, y, d, &straight) == 1 && straight &&
                   !exact_five_at(b, ex, ey) &&
                   (depth >= RENJU_DEPTH || forbidden_on(b, ex, ey, depth + 1) == GOMOKU_ALLOWED);
        b->cell[ey * b->w + ex] = GOMOKU_EMPTY;
        if (yes)
            return true;
    }
    return false;
}

/* (x, y) holds the Black stone being judged. */
static int forbidden_on(gomoku_state *b, int x, int y, int depth)
{
    if (exact_five_at(b, x, y))
        return GOMOKU_ALLOWED;
    for (int d = 0; d < 4; d++)
        if (run_through(b, x, y, DIRS[d][0], DIRS[d][1], GOMOKU_BLACK) > 5)
            return GOMOKU_OVERLINE;
    int fours = 0, threes = 0;
    bool straight;
    for (int d = 0; d < 4; d++)
        fours += fours_along(b, x, y, d, &straight);
    if (fours >= 2)
        return GOMOKU_DOUBLE_FOUR;
    for (int d = 0; d < 4 && threes < 2; d++)
        threes += three_along(b, x, y, d, depth);
    return threes >= 2 ? GOMOKU_DOUBLE_THREE : GOMOKU_ALLOWED;
}

/* A quick "no Black stone within 4 on any line" test: such points are
 * never forbidden, and most of the board is like that. */
static bool near_black(const gomoku_state *s, int x, int y)
{
    for (int d = 0; d < 4; d++)
        for (int k = -4; k <= 4; k++)
            if (k && gomoku_color_at(s, x + k * DIRS[d][0], y + k * DIRS[d][1]) == GOMOKU_BLACK)
                return true;
    return false;
}

int gomoku_forbidden(const gomoku_state *s, int p)
{
    static gomoku_state scratch;
    int x = p % s->w, y = p / s->w;
    if (s->rule != GOMOKU_RENJU || s->cell[p] != GOMOKU_EMPTY || !near_black(s, x, y))
        return GOMOKU_ALLOWED;
    scratch.w = s->w;
    scratch.h = s->h;
    memcpy(scratch.cell, s->cell, (size_t)s->w * s->h);
    scratch.cell[p] = GOMOKU_BLACK;
    return forbidden_on(&scratch, x, y, 0);
}

bool gomoku_playable(const gomoku_state *s, int p)
{
    if (s->cell[p] != GOMOKU_EMPTY)
        return false;
    return gomoku_to_move(s) != 0 || gomoku_forbidden(s, p) == GOMOKU_ALLOWED;
}

static bool black_is_stuck(const gomoku_state *s)
{
    for (int p = 0; p < s->w * s->h; p++)
        if (gomoku_playable(s, p))
            return false;
    return true;
}

/* ---- The board, its text and its JSON. */

bool gomoku_setup(gomoku_state *s, int w, int h, int rule, qp_error *err)
{
    if (w < GOMOKU_MIN || h < GOMOKU_MIN || w > GOMOKU_MAX || h > GOMOKU_MAX)
        return qp_fail(err, "bad gomoku board %dx%d: use 5x5 to 25x25", w, h);
    memset(s, 0, sizeof *s);
    s->w = (unsigned char)w;
    s->h = (unsigned char)h;
    s->rule = (unsigned char)rule;
    s->winner = QP_NOBODY;
    return true;
}

void gomoku_place(gomoku_state *s, int p)
{
    int color = gomoku_to_move(s) + 1;
    s->cell[p] = (unsigned char)color;
    s->move[s->n++] = (short)p;
    if (makes_win(s, p, color))
        s->winner = (signed char)(color - 1);
    else if (s->n == s->w * s->h)
        s->drawn = true;
    else if (s->rule == GOMOKU_RENJU && gomoku_to_move(s) == 0)
        s->drawn = black_is_stuck(s);
}

static int rule_from_word(const char *word)
{
    for (int r = 0; r < QP_ARRAY_LEN(RULE_NAMES); r++)
        if (!strcmp(word, RULE_NAMES[r]))
            return r;
    return -1;
}

bool gmk_init(void *st, const char *params, uint64_t seed, qp_error *err)
{
    char copy[64], *tok[3];
    int w = 15, h = 15, rule = GOMOKU_FREE, n;
    (void)seed;
    if (!params)
        params = "";
    if (strlen(params) >= sizeof copy)
        return qp_fail(err, "bad gomoku params '%.40s': too long", params);
    strcpy(copy, params);
    n = qp_split(copy, tok, 2);
    for (int i = 0; i < n; i++) {
        const char *end;
        int r = rule_from_word(tok[i]);
        if (r >= 0)
            rule = r;
        else if (!qp_parse_dims(tok[i], 1, 9999, &w, &h, &end) || *end)
            n = -1;
    }
    if (n < 0)
        return qp_fail(err,
                       "bad gomoku params '%.40s': use [WxH] [free|exact|renju], like "
                       "'15x15 renju'",
                       params);
    return gomoku_setup(st, w, h, rule, err);
}

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

static const char *const WHY_FORBIDDEN[] = {"", "overline", "double four", "double three"};

/* Why Black or White may not play p now, or NULL when it is legal. */
const char *gomoku_refusal(const gomoku_state *s, int p)
{
    if (s->cell[p] != GOMOKU_EMPTY)
        return "the point is taken";
    if (gomoku_to_move(s) == 0) {
        int why = gomoku_forbidden(s, p);
        if (why != GOMOKU_ALLOWED)
            return WHY_FORBIDDEN[why];
    }
    return NULL;
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
    if ((rule = rule_from_word(tok[1])) < 0)
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

static void put_point(const gomoku_state *s, int p, qp_buf *out)
{
    qp_bprintf(out, "%d,%d", p % s->w, p / s->w);
}

void gmk_format_pos(const void *st, qp_buf *out)
{
    const gomoku_state *s = st;
    qp_bprintf(out, "%dx%d %s", s->w, s->h, RULE_NAMES[s->rule]);
    for (int i = 0; i < s->n; i++) {
        qp_bputc(out, ' ');
        put_point(s, s->move[i], out);
    }
}

qp_status gmk_status(const void *st)
{
    const gomoku_state *s = st;
    if (s->winner != QP_NOBODY)
        return (qp_status){QP_WIN, s->winner, "line"};
    if (s->drawn)
        return (qp_status){QP_DRAW, QP_NOBODY, "full"};
    return (qp_status){QP_TURN, gomoku_to_move(s), ""};
}

int gmk_legal(const void *st, int *actions, int cap)
{
    const gomoku_state *s = st;
    int n = 0;
    if (gmk_status(s).phase != QP_TURN)
        return 0;
    for (int p = 0; p < s->w * s->h && n < cap; p++)
        if (gomoku_playable(s, p))
            actions[n++] = p;
    return n;
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

void gmk_format_action(const void *st, int action, qp_buf *out) { put_point(st, action, out); }

void gmk_apply(void *st, int action) { gomoku_place(st, action); }

int gomoku_win_cells(const gomoku_state *s, int *cells, int cap)
{
    int n = 0;
    if (s->winner == QP_NOBODY || s->n == 0)
        return 0;
    int p = s->move[s->n - 1], color = s->cell[p], x = p % s->w, y = p / s->w;
    for (int d = 0; d < 4; d++) {
        int dx = DIRS[d][0], dy = DIRS[d][1];
        if (!row_wins(s->rule, color, run_through(s, x, y, dx, dy, color)))
            continue;
        int k = 0;
        while (gomoku_color_at(s, x - (k + 1) * dx, y - (k + 1) * dy) == color)
            k++;
        for (int j = -k; gomoku_color_at(s, x + j * dx, y + j * dy) == color && n < cap; j++)
            cells[n++] = (y + j * dy) * s->w + x + j * dx;
    }
    return n;
}

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
    qp_bprintf(out, "%s, %s (X black, O white), move %d\n", RULE_NAMES[s->rule],
               gomoku_to_move(s) ? "O to move" : "X to move", s->n + 1);
}

static void put_points(const gomoku_state *s, qp_buf *out, const int *p, int n)
{
    qp_bputc(out, '[');
    for (int i = 0; i < n; i++) {
        qp_bputs(out, i ? ",[" : "[");
        put_point(s, p[i], out);
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
               RULE_NAMES[s->rule]);
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
        put_point(s, pts[i], out);
        qp_bprintf(out, ",\"%s\"]", WHY_FORBIDDEN[(int)why[i]]);
    }
    qp_bputs(out, "],\"stars\":");
    put_points(s, out, pts, star_points(s, pts));
    qp_bputc(out, '}');
}
