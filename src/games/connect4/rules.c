#include "connect4.h"

#include <stdio.h>
#include <string.h>

#include "book.h"

static const char SIDES[] = "12";

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

static qp_status c4_status(const void *st)
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

static bool c4_init(void *st, const char *params, uint64_t seed, qp_error *err)
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

static bool c4_parse_pos(void *st, const char *pos, qp_error *err)
{
    c4_state *s = st;
    const char *p;
    if (!read_dims(s, pos, &p, err))
        return false;
    if (*p == ' ')
        p++;
    else if (*p)
        return qp_fail(err, "bad connect4 position '%.40s': want WxH, a space and the moves as "
                            "column digits (like 7x6 4453)", pos);
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

static void c4_format_pos(const void *st, qp_buf *out)
{
    const c4_state *s = st;
    qp_bprintf(out, "%dx%d", s->w, s->h);
    if (s->n)
        qp_bputc(out, ' ');
    for (int i = 0; i < s->n; i++)
        qp_bputc(out, (char)('1' + s->moves[i]));
}

static int c4_legal(const void *st, int *actions, int cap)
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

static bool c4_parse_action(const void *st, const char *text, int *action, qp_error *err)
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

static void c4_format_action(const void *st, int action, qp_buf *out)
{
    (void)st;
    qp_bputc(out, (char)('1' + action));
}

static void c4_apply(void *st, int action) { connect4_drop(st, action); }

static void c4_show(const void *st, qp_buf *out)
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

static void c4_describe(const void *st, qp_buf *out)
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

/* ---- The solver, with the book on 7x6 ------------------------------------ */

c4_pos connect4_solver_pos(const c4_state *s)
{
    c4_use_board(s->w, s->h);
    c4_pos p = c4_empty();
    for (int i = 0; i < s->n; i++)
        c4_play(&p, s->moves[i]);
    return p;
}

static bool on_book_board(const c4_state *s) { return s->w == C4BOOK_W && s->h == C4BOOK_H; }

static void use_book(const c4_state *s, bool no_book)
{
    if (!no_book && on_book_board(s))
        c4_set_oracle(c4book_lookup, c4book_max_moves());
    else
        c4_set_oracle(NULL, 0);
}

bool connect4_solve(const c4_state *s, bool weak, bool no_book, long long budget, int *score,
                    long long *nodes)
{
    c4_pos p = connect4_solver_pos(s);
    c4_limits lim = {budget, 0, weak};
    use_book(s, no_book);
    c4_new_session();
    bool done = c4_solve(&p, &lim, score);
    *nodes = lim.nodes;
    return done;
}

bool connect4_solve_checked(const c4_state *st, bool weak, bool no_book, int *score,
                            long long *nodes, qp_error *err)
{
    *score = 0;
    *nodes = 0;
    if (!c4_fits(st->w, st->h))
        return qp_fail(err, "the solver needs W*(H+1) <= 64; %dx%d is too large", st->w, st->h);
    qp_status status = c4_status(st);
    if (status.phase == QP_WIN)
        return qp_fail(err, "the game is over: player %c has four", SIDES[status.player]);
    if (status.phase == QP_TURN)
        connect4_solve(st, weak, no_book, 0, score, nodes);
    return true;
}

void connect4_score_words(int w, int h, int moves, int score, char *out, int cap)
{
    int area = w * h, k;
    if (score == 0) {
        snprintf(out, (size_t)cap, "draw");
        return;
    }
    if (score > 0)
        k = (area + 1 - moves) / 2 - score + 1; /* its own k-th stone from now wins */
    else
        k = (area - moves) / 2 + 1 + score; /* the opponent's k-th stone wins */
    snprintf(out, (size_t)cap, "%s in %d move%s", score > 0 ? "wins" : "loses", k,
             k == 1 ? "" : "s");
}

/* ---- Level 4 and analysis ------------------------------------------------- */

static int pick(qp_rng *rng, const int *cols, int n)
{
    return cols[qp_rng_below(rng, (uint32_t)n)];
}

/* A position the book expanded: its score, and the marked columns that
 * keep it (no search). Returns how many columns; 0 when not in the book. */
static int book_moves(const c4_state *s, const c4_pos *p, int *score, int *cols)
{
    int n = 0, child_score;
    if (!on_book_board(s) || !c4book_lookup(p, score))
        return 0;
    for (int c = 0; c < s->w; c++) {
        if (!c4_can_play(p, c))
            continue;
        c4_pos child = *p;
        c4_play(&child, c);
        if (c4book_marked(&child) && c4book_lookup(&child, &child_score) &&
            child_score == -*score)
            cols[n++] = c;
    }
    return n;
}

/* On the book's board, the columns whose position the book follows (when
 * any): level 4 then stays on the lines the book covers. */
static int keep_book_lines(const c4_state *s, const c4_pos *p, int *cols, int n)
{
    int kept[C4_MAX_SIDE], k = 0;
    if (!on_book_board(s))
        return n;
    for (int i = 0; i < n; i++) {
        c4_pos child = *p;
        c4_play(&child, cols[i]);
        if (c4book_marked(&child))
            kept[k++] = cols[i];
    }
    if (k)
        memcpy(cols, kept, sizeof(int) * (size_t)k);
    return k ? k : n;
}

/* Level 4's move when the solver finishes: every column keeping the
 * position's exact score is a candidate; the seed picks one. */
static bool perfect_move(const c4_state *s, const qp_ai_opts *opts, qp_rng *rng, int *action,
                         qp_ai_info *info)
{
    c4_pos p = connect4_solver_pos(s);
    /* --time MS buys a budget of that many milliseconds at the measured
     * speed (still counted in nodes). */
    long long budget = opts->time_ms > 0 ? opts->time_ms * C4_NODES_PER_MS : C4_LEVEL4_BUDGET;
    c4_limits lim = {budget, 0, false};
    int best[C4_MAX_SIDE], n, score;
    use_book(s, false);
    n = book_moves(s, &p, &score, best);
    if (!n) {
        c4_new_session();
        bool done = c4_best_moves(&p, &lim, &score, best, &n);
        info->nodes += lim.nodes;
        if (!done)
            return false;
        n = keep_book_lines(s, &p, best, n);
    }
    *action = pick(rng, best, n);
    info->has_score = true;
    info->score = score;
    connect4_score_words(s->w, s->h, s->n, score, info->note, sizeof info->note);
    return true;
}

static bool c4_ai(const void *st, const qp_ai_opts *opts, int *action, qp_ai_info *info,
                  qp_error *err)
{
    const c4_state *s = st;
    qp_rng rng;
    (void)err;
    qp_rng_seed(&rng, opts->seed);
    switch (opts->level) {
    case 1:
        *action = connect4_level1(s, &rng);
        return true;
    case 2:
        *action = connect4_level2(s, &rng);
        return true;
    case 3:
        *action = connect4_level3(s, &rng, &info->nodes);
        return true;
    default:
        break;
    }
    if (c4_fits(s->w, s->h) && perfect_move(s, opts, &rng, action, info))
        return true;
    *action = connect4_level3(s, &rng, &info->nodes);
    snprintf(info->note, sizeof info->note, "%s",
             c4_fits(s->w, s->h) ? "not solved within the budget: heuristic move (level 3)"
                                 : "board too large for the exact solver: heuristic move "
                                   "(level 3)");
    return true;
}

/* What analyze() knows: each open column's score (when solved), and the
 * position's score with the columns keeping it (when every column is
 * solved, or when the book knows the position). */
typedef struct {
    bool open[C4_MAX_SIDE], known[C4_MAX_SIDE], best[C4_MAX_SIDE];
    int score[C4_MAX_SIDE];
    bool exact, has_score;
    int position_score;
    long long nodes;
} c4_analysis;

static void analyse_columns(const c4_state *s, c4_analysis *a)
{
    memset(a, 0, sizeof *a);
    if (c4_status(s).phase != QP_TURN)
        return;
    for (int c = 0; c < s->w; c++)
        a->open[c] = s->height[c] < s->h;
    if (!c4_fits(s->w, s->h))
        return;
    c4_pos p = connect4_solver_pos(s);
    use_book(s, false);
    int book_score, cols[C4_MAX_SIDE], n = book_moves(s, &p, &book_score, cols);
    for (int i = 0; i < n; i++) { /* the book's columns: known without search */
        a->known[cols[i]] = a->best[cols[i]] = true;
        a->score[cols[i]] = book_score;
    }
    a->exact = true;
    for (int c = 0; c < s->w; c++) {
        if (!a->open[c] || a->known[c])
            continue;
        c4_limits lim = {C4_ANALYZE_BUDGET, 0, false};
        c4_new_session();
        a->known[c] = c4_move_score(&p, c, &lim, &a->score[c]);
        a->nodes += lim.nodes;
        a->exact &= a->known[c];
    }
    if (a->exact) {
        a->position_score = -100;
        for (int c = 0; c < s->w; c++)
            if (a->open[c] && a->score[c] > a->position_score)
                a->position_score = a->score[c];
        for (int c = 0; c < s->w; c++)
            a->best[c] = a->open[c] && a->score[c] == a->position_score;
    } else if (n) {
        a->position_score = book_score;
    }
    a->has_score = a->exact || n;
}

static bool c4_analyze(const void *st, const qp_ai_opts *opts, qp_buf *out, qp_error *err)
{
    const c4_state *s = st;
    qp_status status = c4_status(s);
    c4_analysis a;
    char words[48];
    (void)opts;
    (void)err;
    analyse_columns(s, &a);
    qp_bputs(out, "{\"turn\":");
    if (status.phase == QP_TURN)
        qp_bprintf(out, "\"%c\"", SIDES[status.player]);
    else
        qp_bputs(out, "null");
    qp_bprintf(out, ",\"exact\":%s,\"score\":", a.exact ? "true" : "false");
    if (a.has_score) {
        connect4_score_words(s->w, s->h, s->n, a.position_score, words, sizeof words);
        qp_bprintf(out, "%d,\"note\":\"%s\"", a.position_score, words);
    } else {
        qp_bprintf(out, "null,\"note\":\"%s\"",
                   status.phase != QP_TURN         ? "game over"
                   : !c4_fits(s->w, s->h)          ? "board too large for the exact solver"
                                                   : "not every column solved within the budget");
    }
    const char *sep = "";
    qp_bputs(out, ",\"best\":[");
    for (int c = 0; c < s->w; c++) {
        if (a.best[c]) {
            qp_bprintf(out, "%s\"%d\"", sep, c + 1);
            sep = ",";
        }
    }
    qp_bputs(out, "],\"moves\":{");
    sep = "";
    for (int c = 0; c < s->w; c++) {
        if (!a.open[c])
            continue;
        if (a.known[c])
            qp_bprintf(out, "%s\"%d\":%d", sep, c + 1, a.score[c]);
        else
            qp_bprintf(out, "%s\"%d\":null", sep, c + 1);
        sep = ",";
    }
    qp_bputs(out, "},\"words\":{");
    sep = "";
    for (int c = 0; c < s->w; c++) {
        if (!a.known[c])
            continue;
        /* A column's score is the mover's, as if it played there. */
        connect4_score_words(s->w, s->h, s->n, a.score[c], words, sizeof words);
        qp_bprintf(out, "%s\"%d\":\"%s\"", sep, c + 1, words);
        sep = ",";
    }
    qp_bprintf(out, "},\"nodes\":%lld}", a.nodes);
    return true;
}

const qp_game qp_connect4 = {
    .id = "connect4",
    .title = "Connect Four",
    .players = 2,
    .sides = SIDES,
    .state_size = sizeof(c4_state),
    .default_params = "7x6",
    .params_help = "WxH: columns x rows, each 4 to 9 (default 7x6)",
    .max_level = 4,
    .default_level = 4,
    .max_plies = C4_MAX_CELLS,
    .init = c4_init,
    .parse_pos = c4_parse_pos,
    .format_pos = c4_format_pos,
    .legal = c4_legal,
    .parse_action = c4_parse_action,
    .format_action = c4_format_action,
    .apply = c4_apply,
    .status = c4_status,
    .show = c4_show,
    .describe = c4_describe,
    .ai = c4_ai,
    .analyze = c4_analyze,
};
