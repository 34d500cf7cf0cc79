/* game.c — Pong Hau K'i's table: the rules (rules.c) and the AIs (ai.c)
 * behind the one interface of game.h. */
#include "ai.h"
#include "ponghauqi.h"

const qp_game qp_ponghauqi = {
    .id = "ponghauqi",
    .title = "Pong Hau K'i",
    .players = 2,
    .sides = PHQ_SIDES,
    .state_size = sizeof(phq_state),
    .default_params = "",
    .params_help = "none",
    .max_level = 2,
    .default_level = 2,
    .max_plies = PHQ_MAX_PLY,
    .init = phq_init,
    .parse_pos = phq_parse_pos,
    .format_pos = phq_format_pos,
    .legal = phq_legal,
    .parse_action = phq_parse_action,
    .format_action = phq_format_action,
    .apply = phq_apply,
    .status = phq_status,
    .show = phq_show,
    .describe = phq_describe,
    .ai = phq_ai,
    .analyze = phq_analyze,
    .judge = phq_judge,
};
