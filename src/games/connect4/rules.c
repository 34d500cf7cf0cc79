/* rules.c — connect four's rules (gravity, fours, sizes 4-9), its POS and
 * action text, the text board and the page's JSON (the AIs are in ai.c,
 * the solver's levels in perfect.c, the game's table in game.c). */
#include "connect4.h"

#include <stdio.h>
#include <string.h>

const char CONNECT4_SIDES[] = "12";
#define SIDES CONNECT4_SIDES

static int to_move(const c4_state *s) { return s->n % 2; }

/* Stones of `who` (player + 1) in a row from (c, r) stepping (dc, dr),
 * the start cell excluded. */
static int run_length(const c4_state *s, int c, int r, int dc, int dr, int who)
{
    int n = 0;
    for (c += dc, r += dr; c >= 0 && c < s->w && r >= 0 && r < s->h && s->cell[c][r] == who;
         c += dc, r += dr)
        n++;
    return n;
}

static const int LINE_DIRS[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};

/* True when the stone at (c, r) is part of four or more in a row. */
static bool makes_four(const c4_state *s, int c, int r)
{
    int who = s->cell[c][r];
    for (int d = 0; d < 4; d++) {
        int dc = LINE_DIRS[d][0], dr = LINE_DIRS[d][1];
        if (1 + run_length(s, c, r, dc, dr, who) + run_length(s, c, r, -dc, -dr, who) >= 4)
            return true;
    }
    return false;
}

void connect4_drop(c4_state *s, int col)
{
    int row = s->height[col]++;
    s->cell[col][row] = (unsigned char)(to_move(s) + 1);
    s->moves[s->n++] = (unsigned char)col;
    if (makes_four(s, col, row))
        s->winner = s->cell[col][row] - 1;
}

qp_status c4_status(const void *st)
{
    const c4_state *s = st;
    if (s->winner != QP_NOBODY)
        return (qp_status){QP_WIN, s->winner, "line"};
    if (s->n == s->w * s->h)
        return (qp_status){QP_DRAW, QP_NOBODY, "full"};
    return (qp_status){QP_TURN, to_move(s), ""};
}

static bool is_side_digit(char c) { return c >= '0' + C4_MIN_SIDE && c <= '0' + C4_MAX_SIDE; }

/* Reads "WxH" (one digit each, 4 to 9) at the start of text; *end gets
 * what follows. */
static bool read_dims(c4_state *s, const char *text, const char **end, qp_error *err)
{
    memset(s, 0, sizeof *s);
    s->winner = QP_NOBODY;
    if (!is_side_digit(text[0]) || text[1] != 'x' || !is_side_digit(text[2]))
        return qp_fail(err, "bad connect4 board '%.20s': want WxH, each side 4 to 9 (like 7x6)",
                       text);
    s->w = text[0] - '0';
    s->h = text[2] - '0';
    *end = text + 3;
    return true;
}

bool c4_init(void *st, const char *params, uint64_t seed, qp_error *err)
{
    c4_state *s = st;
    const char *end;
    (void)seed;
    if (!params || !*params)
        params = "7x6";
    if (!read_dims(s, params, &end, err))
        return false;
    if (*end)
        return qp_fail(err, "bad connect4 params '%.40s': want WxH, like 7x6", params);
    return true;
}

bool c4_parse_pos(void *st, const char *pos, qp_error *err)
{
    c4_state *s = st;
    const char *p;
    if (!read_dims(s, pos, &p, err))
        return false;
    if (*p == ' ')
        p++;
    else if (*p)
        return qp_fail(err,
                       "bad connect4 position '%.40s': want WxH, a space and the moves as "
                       "column digits (like 7x6 4453)",
                       pos);
    for (int i = 0; p[i]; i++) {
        char ch = p[i];
        int col = ch - '1';
        if (ch == ' ' && !p[i + 1])
            break; /* one trailing space is fine */
        if (col < 0 || col >= s->w)
            return qp_fail(err, "bad connect4 move '%c' (move %d): use a column 1-%d", ch, i + 1,
                           s->w);
        if (s->winner != QP_NOBODY)
            return qp_fail(err, "bad connect4 position: player %c already has four after move %d",
                           SIDES[s->winner], i);
        if (s->height[col] == s->h)
            return qp_fail(err, "bad connect4 position: column %c is full at move %d", ch, i + 1);
        connect4_drop(s, col);
    }
    return true;
}

void c4_format_pos(const void *st, qp_buf *out)
{
    const c4_state *s = st;
    qp_bprintf(out, "%dx%d", s->w, s->h);
    if (s->n)
        qp_bputc(out, ' ');
    for (int i = 0; i < s->n; i++)
        qp_bputc(out, (char)('1' + s->moves[i]));
}

int c4_legal(const void *st, int *actions, int cap)
{
    const c4_state *s = st;
    int n = 0;
    if (c4_status(s).phase != QP_TURN)
        return 0;
    for (int c = 0; c < s->w && n < cap; c++)
        if (s->height[c] < s->h)
            actions[n++] = c;
    return n;
}

bool c4_parse_action(const void *st, const char *text, int *action, qp_error *err)
{
    const c4_state *s = st;
    if (strlen(text) != 1 || text[0] < '1' || text[0] >= '1' + s->w)
        return qp_fail(err, "bad connect4 action '%.20s': use a column number 1-%d", text, s->w);
    int col = text[0] - '1';
    if (s->height[col] == s->h)
        return qp_fail(err, "column %c is full", text[0]);
    *action = col;
    return true;
}

void c4_format_action(const void *st, int action, qp_buf *out)
{
    (void)st;
    qp_bputc(out, (char)('1' + action));
}

void c4_apply(void *st, int action) { connect4_drop(st, action); }

void c4_show(const void *st, qp_buf *out)
{
    const c4_state *s = st;
    for (int r = s->h - 1; r >= 0; r--) {
        for (int c = 0; c < s->w; c++)
            qp_bprintf(out, "%s%c", c ? " " : "", ".12"[s->cell[c][r]]);
        qp_bputc(out, '\n');
    }
    for (int c = 0; c < s->w; c++)
        qp_bprintf(out, "%s%d", c ? " " : "", c + 1);
    qp_bputc(out, '\n');
}

/* ---- describe(): rows from the top, [col,row] pairs ---------------------- */

static void put_cell(qp_buf *out, const c4_state *s, int c, int r, bool *first)
{
    qp_bprintf(out, "%s[%d,%d]", *first ? "" : ",", c, s->h - 1 - r);
    *first = false;
}

/* Every cell of a line of four or more through the last stone. */
static void put_win_cells(qp_buf *out, const c4_state *s)
{
    if (s->winner == QP_NOBODY)
        return;
    int c = s->moves[s->n - 1], r = s->height[c] - 1, who = s->cell[c][r];
    bool first = true, centre_done = false;
    for (int d = 0; d < 4; d++) {
        int dc = LINE_DIRS[d][0], dr = LINE_DIRS[d][1];
        int back = run_length(s, c, r, -dc, -dr, who), fwd = run_length(s, c, r, dc, dr, who);
        if (1 + back + fwd < 4)
            continue;
        for (int k = -back; k <= fwd; k++) {
            if (k == 0 && centre_done)
                continue;
            centre_done |= k == 0;
            put_cell(out, s, c + k * dc, r + k * dr, &first);
        }
    }
}

void c4_describe(const void *st, qp_buf *out)
{
    const c4_state *s = st;
    qp_status status = c4_status(s);
    qp_bprintf(out, "{\"w\":%d,\"h\":%d,\"rows\":[", s->w, s->h);
    for (int r = s->h - 1; r >= 0; r--) {
        qp_bputs(out, r == s->h - 1 ? "\"" : ",\"");
        for (int c = 0; c < s->w; c++)
            qp_bputc(out, ".12"[s->cell[c][r]]);
        qp_bputc(out, '"');
    }
    qp_bprintf(out, "],\"moves\":%d,\"turn\":", s->n);
    if (status.phase == QP_TURN)
        qp_bprintf(out, "\"%c\"", SIDES[status.player]);
    else
        qp_bputs(out, "null");
    qp_bputs(out, ",\"last\":");
    if (s->n) {
        int c = s->moves[s->n - 1];
        qp_bprintf(out, "[%d,%d]", c, s->h - s->height[c]);
    } else {
        qp_bputs(out, "null");
    }
    qp_bputs(out, ",\"drop\":[");
    for (int c = 0; c < s->w; c++) {
        bool open = status.phase == QP_TURN && s->height[c] < s->h;
        qp_bprintf(out, "%s%d", c ? "," : "", open ? s->h - 1 - s->height[c] : -1);
    }
    qp_bputs(out, "],\"win\":[");
    put_win_cells(out, s);
    qp_bputs(out, "]}");
}
