/* ai.c — Minesweeper's AI seen from the game: the player's view turned
 * into the solver's board (solver.h), ai() with its note, analyze()'s
 * JSON, and the no-guess boards: gen.c's layouts, each checked by a
 * replay through the rules (minesweeper_guess_free). It calls the rules,
 * the solver and gen.c; game.c ties it to the table. */
#include "ai.h"

#include <stdio.h>
#include <string.h>

#include "gen.h"
#include "minesweeper.h"
#include "solver.h"

/* The rules' board must fit the solver's. */
_Static_assert(MS_MAX_SIDE == MSV_MAX_SIDE,
               "the rules and the solver disagree on the largest side");

/* The solver's board for a view: the open numbers; flags are not facts. */
void ms_solver_board(const ms_state *view, msv_board *b)
{
    msv_init(b, view->w, view->h, view->mines, view->rule == RULE_ZERO);
    for (int c = 0; c < view->n; c++) {
        unsigned char v = view->cell[c];
        if (STATE(v) == OPEN && !(v & MINE))
            b->value[c] = (signed char)NUMBER(v);
    }
}

/* ---- ai() and analyze() */

static ms_state ai_view;
static msv_board ai_board;

static const char *const KIND_NAMES[] = {"first", "safe", "endgame", "fifty", "guess"};

static bool decide(const ms_state *s, const qp_ai_opts *opts, msv_choice *choice, qp_error *err)
{
    ms_observe(s, 0, &ai_view);
    ms_solver_board(&ai_view, &ai_board);
    if (!msv_choose(&ai_board, opts->level, opts->seed, choice))
        return qp_fail(err, "the minesweeper solver found no cell to open");
    return true;
}

bool ms_ai(const void *st, const qp_ai_opts *opts, int *action, qp_ai_info *info, qp_error *err)
{
    const ms_state *s = st;
    msv_choice ch;
    if (!decide(s, opts, &ch, err))
        return false;
    /* The AI decided on the view; a flag it wants to open is lifted first. */
    *action = ch.cell * 3 + (STATE(ai_view.cell[ch.cell]) == FLAG ? ACT_FLAG : ACT_OPEN);
    info->nodes = ch.work;
    info->has_score = true;
    info->score = (int)((1 - ch.p_mine) * 1000 + 0.5);
    if (ch.kind == MSV_ENDGAME)
        snprintf(info->note, sizeof info->note, "endgame: wins %.1f%% with best play",
                 ch.win * 100);
    else if (ch.kind == MSV_GUESS || ch.kind == MSV_FIFTY)
        snprintf(info->note, sizeof info->note, "%s: %.1f%% safe",
                 ch.kind == MSV_FIFTY ? "unavoidable 50/50" : "guess", (1 - ch.p_mine) * 100);
    else
        snprintf(info->note, sizeof info->note, "%s",
                 ch.kind == MSV_FIRST ? "first click" : "safe");
    return true;
}

static void json_prob(qp_buf *out, double p)
{
    if (p < 0)
        qp_bputs(out, "-1");
    else if (p == 0 || p == 1)
        qp_bprintf(out, "%d", (int)p);
    else
        qp_bprintf(out, "%.4f", p);
}

bool ms_analyze(const void *st, const qp_ai_opts *opts, qp_buf *out, qp_error *err)
{
    static double prob[MS_MAX_CELLS];
    static int safe[MS_MAX_CELLS], mines[MS_MAX_CELLS];
    const ms_state *s = st;
    msv_choice ch;
    bool exact = true;
    double log10_solutions = 0;
    if (ms_status(s).phase != QP_TURN)
        return qp_fail(err, "the game is over: nothing to analyze");
    if (!decide(s, opts, &ch, err))
        return false;
    if (!s->placed) {
        for (int c = 0; c < s->n; c++)
            prob[c] = 0;
    } else if (!msv_probabilities(&ai_board, prob, &exact, &log10_solutions)) {
        return qp_fail(err, "the board contradicts itself");
    }
    int n_safe = 0, n_mines = 0;
    for (int c = 0; s->placed && c < s->n; c++) {
        if (prob[c] == 0)
            safe[n_safe++] = c;
        else if (prob[c] == 1)
            mines[n_mines++] = c;
    }
    qp_bprintf(out,
               "{\"level\":%d,\"started\":%s,\"action\":\"%c %d,%d\",\"x\":%d,\"y\":%d,"
               "\"cell\":%d,\"p\":",
               opts->level, s->placed ? "true" : "false", 'o', ch.cell % s->w, ch.cell / s->w,
               ch.cell % s->w, ch.cell / s->w, ch.cell);
    json_prob(out, ch.p_mine);
    qp_bprintf(out, ",\"kind\":\"%s\",\"win\":", KIND_NAMES[ch.kind]);
    if (ch.win < 0)
        qp_bputs(out, "-1");
    else
        qp_bprintf(out, "%.4f", ch.win);
    qp_bprintf(out, ",\"exact\":%s,\"log10Solutions\":%.1f", exact ? "true" : "false",
               log10_solutions);
    ms_json_cells(out, "safe", safe, n_safe);
    ms_json_cells(out, "mines", mines, n_mines);
    qp_bputs(out, ",\"probs\":[");
    for (int c = 0; c < s->n; c++) {
        if (c)
            qp_bputc(out, ',');
        json_prob(out, prob[c]);
    }
    qp_bputs(out, "]}");
    return true;
}

/* ---- The no-guess check: a replay through the game's own rules. */

bool minesweeper_guess_free(const void *st, const unsigned char *mine, int first)
{
    static ms_state play, view;
    static msv_board b;
    static unsigned char known[MS_MAX_CELLS];
    const ms_state *s = st;
    int mines = 0;
    memset(&play, 0, sizeof play);
    play.w = s->w;
    play.h = s->h;
    play.n = s->n;
    play.mines = s->mines;
    play.rule = s->rule;
    play.placed = true;
    for (int c = 0; c < s->n; c++) {
        play.cell[c] = mine[c] ? MINE : 0;
        mines += mine[c] != 0;
    }
    if (mines != s->mines || first < 0 || first >= s->n || mine[first])
        return false;
    ms_open_cell(&play, first);
    while (ms_status(&play).phase == QP_TURN) {
        ms_observe(&play, 0, &view);
        ms_solver_board(&view, &b);
        if (msv_certain(&b, 3, known) <= 0)
            return false;
        for (int c = 0; c < play.n; c++)
            if (known[c] == MSV_SAFE)
                ms_open_cell(&play, c);
    }
    return ms_status(&play).phase == QP_WIN;
}

/* The last no-guess board made (see ai.h). */
static struct {
    bool valid, ok;
    int w, h, mines, first;
    uint64_t seed;
    unsigned char mine[MS_MAX_CELLS];
} ng_cache;

static bool ng_cached(const ms_state *s, int first)
{
    return ng_cache.valid && ng_cache.w == s->w && ng_cache.h == s->h &&
           ng_cache.mines == s->mines && ng_cache.first == first && ng_cache.seed == s->seed;
}

bool ms_no_guess_layout(const ms_state *s, int first, const unsigned char **mine)
{
    *mine = ng_cache.mine;
    if (ng_cached(s, first))
        return ng_cache.ok;
    ng_cache.valid = true;
    ng_cache.ok = false;
    ng_cache.w = s->w;
    ng_cache.h = s->h;
    ng_cache.mines = s->mines;
    ng_cache.first = first;
    ng_cache.seed = s->seed;
    /* A few tries with sub-seeds; each board must pass the replay. */
    for (uint64_t k = 0; k < 3 && !ng_cache.ok; k++) {
        if (!msg_generate(s->w, s->h, s->mines, first, qp_mix_seed(s->seed, 0x6e67ULL + k),
                          ng_cache.mine, NULL))
            continue;
        ng_cache.ok = minesweeper_guess_free(s, ng_cache.mine, first);
    }
    return ng_cache.ok;
}
