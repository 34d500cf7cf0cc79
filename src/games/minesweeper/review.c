/* review.c — Minesweeper's judge() for the game review (game.h), on the
 * player's view (observe()) with level 3's exact mine probabilities
 * (solver.h: msv_probabilities).
 *
 * A click's value is its chance to survive: before, that of the safest
 * hidden cell (1 when a cell is provably safe); after, 1 - p_mine of the
 * cell opened (a chord: of its likeliest mine among the cells it opens,
 * a lower bound of its risk). The first click is safe by the rules:
 * p_mine 0. Extras: "p_mine", "safe_known" (some hidden cell was provably
 * safe), and on the click that exploded "forced_guess" (true when no
 * cell was provably safe: a death on a forced guess). A flag changes
 * nothing and is not weighed (no_value). On the click that exploded,
 * "safe" lists the hidden cells that were provably safe then, as "x,y"
 * (0-based column and row, as in the actions).
 */
#include <stdio.h>

#include "ai.h"
#include "solver.h"

static ms_state view, played;
static msv_board board;
static double prob[MS_MAX_CELLS];

static void put_p(qp_buf *out, double p)
{
    int k = (int)(p * 10000 + 0.5);
    qp_bprintf(out, ",\"p_mine\":%d.%04d", k / 10000, k % 10000);
}

/* The likeliest mine among the cells a chord on c opens. */
static double chord_risk(int c)
{
    double risk = 0;
    int x = c % view.w, y = c / view.w;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            int nx = x + dx, ny = y + dy, k = ny * view.w + nx;
            if (nx < 0 || ny < 0 || nx >= view.w || ny >= view.h)
                continue;
            int state = STATE(view.cell[k]);
            if ((state == HIDDEN || state == QUESTION) && prob[k] > risk)
                risk = prob[k];
        }
    return risk;
}

/* The hidden cells that were provably safe (prob 0), as "safe":["x,y",...]. */
static void put_safe(qp_buf *out)
{
    int n = 0;
    qp_bputs(out, ",\"safe\":[");
    for (int c = 0; c < view.n; c++) {
        int state = STATE(view.cell[c]);
        if (prob[c] != 0 || (state != HIDDEN && state != QUESTION))
            continue;
        qp_bprintf(out, "%s\"%d,%d\"", n++ ? "," : "", c % view.w, c / view.w);
    }
    qp_bputc(out, ']');
}

bool ms_judge(const void *st, int action, int level, qp_judgement *j, qp_error *err)
{
    const ms_state *s = st;
    int kind = action % 3, cell = action / 3;
    qp_ai_opts o = {3, 1, 0};
    qp_ai_info info = {0};
    qp_buf extra;
    (void)level;
    ms_observe(s, 0, &view);
    if (!ms_ai(s, &o, &j->best, &info, err))
        return false;
    if (j->best % 3 == ACT_FLAG) /* the AI lifts a flag to open the cell: the cell is its move */
        j->best = j->best - ACT_FLAG + ACT_OPEN;
    qp_buf_init(&extra, j->extra, j->extra_cap);
    j->exact = false;
    j->missed_win = false;
    if (!s->placed) {
        j->before = j->after = 1;
        j->no_value = kind == ACT_FLAG;
        if (kind != ACT_FLAG)
            qp_bputs(&extra, ",\"p_mine\":0.0000,\"safe_known\":true");
        return true;
    }
    bool exact;
    double log10_solutions;
    ms_solver_board(&view, &board);
    if (!msv_probabilities(&board, prob, &exact, &log10_solutions))
        return qp_fail(err, "the board contradicts itself");
    double safest = 1;
    for (int c = 0; c < view.n; c++)
        if (prob[c] >= 0 && STATE(view.cell[c]) != OPEN && prob[c] < safest)
            safest = prob[c];
    bool safe_known = safest == 0;
    j->before = 1 - safest;
    if (kind == ACT_FLAG) {
        j->after = j->before;
        j->no_value = true;
        return true;
    }
    double p = kind == ACT_CHORD ? chord_risk(cell) : prob[cell];
    j->after = 1 - p;
    put_p(&extra, p);
    qp_bprintf(&extra, ",\"safe_known\":%s", safe_known ? "true" : "false");
    played = *s;
    ms_apply(&played, action);
    if (ms_status(&played).phase == QP_LOSS) {
        qp_bprintf(&extra, ",\"forced_guess\":%s", safe_known ? "false" : "true");
        put_safe(&extra);
    }
    return !extra.overflow || qp_fail(err, "too much to say about this click");
}
