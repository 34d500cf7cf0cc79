/* game.c — gomoku's table (qp_gomoku): the rules (rules.h), the text
 * (notation.h, describe.h) and the AIs (ai.h) behind the one interface of
 * game.h. The top of the game's files: nothing below includes or calls
 * it. */
#include "ai.h"
#include "describe.h"
#include "notation.h"
#include "rules.h"

/* The AIs: levels 1-2 in basic_ai.c, 3-4 in root.c (ai.h). */

static bool gmk_ai(const void *st, const qp_ai_opts *opts, int *action, qp_ai_info *info,
                   qp_error *err)
{
    const gomoku_state *s = st;
    if (opts->level <= 2) {
        qp_rng rng;
        qp_rng_seed(&rng, opts->seed);
        *action = gomoku_original_move(s, opts->level, &rng);
        return *action >= 0 || qp_fail(err, "no free point");
    }
    gomoku_result r;
    if (!gomoku_think(s, opts, &r, err))
        return false;
    *action = r.move;
    info->nodes = r.nodes;
    info->has_score = true;
    info->score = r.score;
    gomoku_note(&r, info->note, sizeof info->note);
    return true;
}

static bool gmk_analyze(const void *st, const qp_ai_opts *opts, qp_buf *out, qp_error *err)
{
    return gomoku_analyze(st, opts, out, err);
}

const qp_game qp_gomoku = {
    .id = "gomoku",
    .title = "Gomoku",
    .players = 2,
    .sides = "12",
    .state_size = sizeof(gomoku_state),
    .default_params = "15x15 free",
    .params_help = "[WxH] [free|exact|renju]: board 5x5 to 25x25 (default 15x15 free)",
    .max_level = 4,
    .default_level = 3,
    .max_plies = GOMOKU_CELLS,
    .init = gmk_init,
    .parse_pos = gmk_parse_pos,
    .format_pos = gmk_format_pos,
    .legal = gmk_legal,
    .parse_action = gmk_parse_action,
    .format_action = gmk_format_action,
    .apply = gmk_apply,
    .status = gmk_status,
    .show = gmk_show,
    .describe = gmk_describe,
    .ai = gmk_ai,
    .analyze = gmk_analyze,
    .format_move = gomoku_format_move,
    .parse_move = gomoku_parse_move,
    .judge = gmk_judge,
};
