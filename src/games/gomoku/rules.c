/* rules.c — gomoku's rules (rules.h, gomoku.h): rows that win under each
 * rule, renju's forbidden points (the plain reference version), the
 * board's setup and params, the legal points, the status and the effect
 * of a stone. Below the text (notation.c, describe.c), the AIs (ai.h) and
 * the table (game.c); it knows none of them. */
#include "rules.h"

#include <string.h>

static const int DIRS[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
static const char *const RULE_NAMES[] = {"free", "exact", "renju"};

const char *gomoku_rule_name(int rule) { return RULE_NAMES[rule]; }

int gomoku_rule_from_name(const char *word)
{
    for (int r = 0; r < QP_ARRAY_LEN(RULE_NAMES); r++)
        if (!strcmp(word, RULE_NAMES[r]))
            return r;
    return -1;
}

static const char *const WHY_FORBIDDEN[] = {"", "overline", "double four", "double three"};

const char *gomoku_forbidden_name(int why) { return WHY_FORBIDDEN[why]; }

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

/* ---- The board: its setup, its params and its stones. */

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
        int r = gomoku_rule_from_name(tok[i]);
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
