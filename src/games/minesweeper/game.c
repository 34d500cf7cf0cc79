/* game.c — Minesweeper's table (minesweeper.h): the rules (rules.c) and
 * the AI side (ai.c) put together. It stands on both, and holds the one
 * piece of glue between them: a noguess board's first click, where the
 * AI side makes the layout that the rules then place. */
#include "minesweeper.h"

#include "ai.h"
#include "rules.h"

/* A first click on a noguess board is refused when no no-guess layout
 * is found for it, rather than served on a guessing board. A view has no
 * seed to build one from: apply() decides there. */
static bool first_click_ok(const ms_state *s, int action, qp_error *err)
{
    const unsigned char *mine;
    if (action % 3 != ACT_OPEN || s->placed || !s->noguess || s->view ||
        ms_no_guess_layout(s, action / 3, &mine))
        return true;
    return qp_fail(err, "no no-guess board found for this first click within the "
                        "work limit: try another seed, fewer mines or a larger board");
}

static bool mines_parse_action(const void *st, const char *text, int *action, qp_error *err)
{
    int a;
    if (!ms_parse_action(st, text, &a, err) || !first_click_ok(st, a, err))
        return false;
    *action = a;
    return true;
}

static bool mines_parse_move(const void *st, const char *text, int *action, qp_error *err)
{
    int a;
    if (!ms_parse_move(st, text, &a, err) || !first_click_ok(st, a, err))
        return false;
    *action = a;
    return true;
}

/* The first open of a noguess board places the no-guess layout before
 * the rules open the cell; without one the rules place uniform mines. */
static void mines_apply(void *st, int action)
{
    ms_state *s = st;
    const unsigned char *mine;
    if (action % 3 == ACT_OPEN && !s->placed && s->noguess &&
        ms_no_guess_layout(s, action / 3, &mine))
        ms_place_layout(s, mine);
    ms_apply(s, action);
}

const qp_game qp_minesweeper = {
    .id = "minesweeper",
    .title = "Minesweeper",
    .players = 1,
    .sides = "p",
    .state_size = sizeof(ms_state),
    .default_params = "beginner",
    .params_help = "beginner|intermediate|expert|WxH/M (sides 2-64), then :safe or :zero, "
                   "then ,qmarks ,noguess",
    .max_level = 3,
    .default_level = 3,
    .max_plies = 1000000, /* flags may be toggled forever; opens end a game in W*H */
    .init = ms_init,
    .parse_pos = ms_parse_pos,
    .format_pos = ms_format_pos,
    .legal = ms_legal,
    .parse_action = mines_parse_action,
    .format_action = ms_format_action,
    .format_move = ms_format_move,
    .parse_move = mines_parse_move,
    .apply = mines_apply,
    .status = ms_status,
    .show = ms_show,
    .describe = ms_describe,
    .observe = ms_observe,
    .ai = ms_ai,
    .analyze = ms_analyze,
    .judge = ms_judge,
};
