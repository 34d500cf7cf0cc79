/* game.c — dark animal chess's table (qp_beast): the rules (rules.h),
 * the text (notation.h, describe.h) and the AI (ai.h) put together. The
 * top of the game's files: nothing below includes or calls it. The AI's
 * entries hand the AI observe()'s view, never the truth. */
#include "ai.h"
#include "describe.h"
#include "notation.h"
#include "rules.h"

/* ---- The AI's entries: the view only ---- */

static bool bx_ai(const void *st, const qp_ai_opts *opts, int *action, qp_ai_info *info,
                  qp_error *err)
{
    static beast_state view; /* static: keep the wasm stack small */
    const beast_state *s = st;
    (void)err;
    beast_observe(s, s->to_move < 0 ? 0 : s->to_move, &view);
    *action = beast_ai_choose(&view, opts, info);
    return true;
}

static bool bx_judge(const void *st, int action, int level, qp_judgement *j, qp_error *err)
{
    static beast_state view;
    const beast_state *s = st;
    (void)err;
    beast_observe(s, s->to_move < 0 ? 0 : s->to_move, &view);
    beast_ai_judge(&view, action, level, j);
    return true;
}

static bool bx_analyze(const void *st, const qp_ai_opts *opts, qp_buf *out, qp_error *err)
{
    static beast_state view;
    const beast_state *s = st;
    if (beast_status(s).phase != QP_TURN)
        return qp_fail(err, "the game is over: nothing to analyze");
    beast_observe(s, s->to_move < 0 ? 0 : s->to_move, &view);
    beast_ai_analyze(&view, opts, out);
    return true;
}

const qp_game qp_beast = {
    .id = "beast",
    .title = "Dark animal chess",
    .players = 2,
    .sides = SIDES,
    .state_size = sizeof(beast_state),
    .default_params = "",
    .params_help = "none (--seed N shuffles the deal)",
    .max_level = 3,
    .default_level = 3,
    .max_plies = BEAST_MAX_PLIES,
    .init = beast_init,
    .parse_pos = beast_parse_pos,
    .format_pos = beast_format_pos,
    .legal = beast_legal,
    .parse_action = beast_parse_action,
    .format_action = beast_format_action,
    .apply = beast_apply,
    .status = beast_status,
    .show = beast_show,
    .describe = beast_describe,
    .observe = beast_observe,
    .chance_outcomes = beast_chance_outcomes,
    .apply_outcome = beast_apply_outcome,
    .ai = bx_ai,
    .analyze = bx_analyze,
    .judge = bx_judge,
};
