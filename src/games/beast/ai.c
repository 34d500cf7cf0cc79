/* ai.c — the beast AIs' entry points (ai.h): the level that decides
 * (greedy.c for level 1, search.c for levels 2-3), the note for the CLI
 * and the page, and the analysis JSON. */
#include "ai.h"

#include <stdio.h>

#include "think.h"

/* Runs the level on the view and returns its action; level 1 tells which
 * of its rules chose, levels 2-3 leave their root in `bn_result`. */
static int decide(const beast_state *view, const qp_ai_opts *o, bool exact, qp_rng *rng, int *rule)
{
    node root;
    qp_rng_seed(rng, o->seed);
    bn_from_view(view, &root);
    if (o->level <= 1)
        return bn_greedy(&root, rng, rule);
    return bn_search(&root, view, o, exact, rng);
}

int beast_ai_choose(const beast_state *view, const qp_ai_opts *o, qp_ai_info *info)
{
    qp_rng rng;
    int rule, a = decide(view, o, false, &rng, &rule);
    if (o->level <= 1) {
        snprintf(info->note, sizeof info->note, "rule: %s", bn_greedy_rules[rule]);
        return a;
    }
    int score = bn_result.moves[bn_result.best].score;
    info->nodes = bn_work.nodes;
    info->has_score = true;
    info->score = score;
    snprintf(info->note, sizeof info->note, "%s %d, %s%d",
             bn_result.tables ? "endgame tables, depth" : "depth", bn_result.depth,
             score > WIN_BOUND    ? "wins, "
             : score < -WIN_BOUND ? "loses, "
                                  : "",
             score);
    return a;
}

static void put_action(qp_buf *out, int a)
{
    qp_bprintf(out, "\"%c%c", 'a' + bx_col(bx_from(a)), '1' + bx_row(bx_from(a)));
    if (!bx_is_flip(a))
        qp_bprintf(out, "%c%c", 'a' + bx_col(bx_to(a)), '1' + bx_row(bx_to(a)));
    qp_bputc(out, '"');
}

/* {"level":3,"depth":5,"nodes":N,"best":"c5c6","scores":{"c5c6":35,"a1":-12,...}}
 * scores: every legal action's value for the side to move (a flip: its
 * expectation over the hidden kinds; isolated flips share one value).
 * Level 1: {"level":1,"best":"c5c6","rule":"capture"} (capture, flee,
 * chase, flip or fallback: the original's step that chose). */
void beast_ai_analyze(const beast_state *view, const qp_ai_opts *o, qp_buf *out)
{
    qp_rng rng;
    int rule, best = decide(view, o, true, &rng, &rule);
    if (o->level <= 1) {
        qp_bputs(out, "{\"level\":1,\"best\":");
        put_action(out, best);
        qp_bprintf(out, ",\"rule\":\"%s\"}", bn_greedy_rules[rule]);
        return;
    }
    const root_result *r = &bn_result;
    qp_bprintf(out, "{\"level\":%d,\"depth\":%d,\"nodes\":%lld,\"best\":", o->level, r->depth,
               bn_work.nodes);
    put_action(out, best);
    qp_bputs(out, ",\"scores\":{");
    bool first = true;
    for (int i = 0; i < r->count; i++) {
        const root_move *m = &r->moves[i];
        bool rep = bx_is_flip(m->action) && r->n_isolated && bx_from(m->action) == r->isolated[0];
        for (int j = 0; j < (rep ? r->n_isolated : 1); j++) {
            int a = rep ? bx_action(r->isolated[j], r->isolated[j]) : m->action;
            if (!first)
                qp_bputc(out, ',');
            first = false;
            put_action(out, a);
            qp_bprintf(out, ":%d", m->score);
        }
    }
    qp_bputs(out, "}}");
}
