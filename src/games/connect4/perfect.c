/* perfect.c — connect four's exact play: the solver with the 7x6 opening
 * book behind level 4, `solve`, the analysis of every column, and the
 * dispatch of the computer's move to levels 1-4. */
#include <stdio.h>
#include <string.h>

#include "ai.h"
#include "book.h"

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
        return qp_fail(err, "the game is over: player %c has four", CONNECT4_SIDES[status.player]);
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
        if (c4book_marked(&child) && c4book_lookup(&child, &child_score) && child_score == -*score)
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

bool c4_ai(const void *st, const qp_ai_opts *opts, int *action, qp_ai_info *info, qp_error *err)
{
    const c4_state *s = st;
    qp_rng rng;
    (void)err;
    qp_rng_seed(&rng, opts->seed);
    switch (opts->level) {
    case 1: *action = connect4_level1(s, &rng); return true;
    case 2: *action = connect4_level2(s, &rng); return true;
    case 3: *action = connect4_level3(s, &rng, &info->nodes); return true;
    default: break;
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

bool c4_analyze(const void *st, const qp_ai_opts *opts, qp_buf *out, qp_error *err)
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
        qp_bprintf(out, "\"%c\"", CONNECT4_SIDES[status.player]);
    else
        qp_bputs(out, "null");
    qp_bprintf(out, ",\"exact\":%s,\"score\":", a.exact ? "true" : "false");
    if (a.has_score) {
        connect4_score_words(s->w, s->h, s->n, a.position_score, words, sizeof words);
        qp_bprintf(out, "%d,\"note\":\"%s\"", a.position_score, words);
    } else {
        qp_bprintf(out, "null,\"note\":\"%s\"",
                   status.phase != QP_TURN ? "game over"
                   : !c4_fits(s->w, s->h)  ? "board too large for the exact solver"
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
