/* game.c — tic-tac-toe's table: the rules (rules.c) and the AIs (ai.c)
 * behind the one interface of game.h. */
#include "ai.h"
#include "tictactoe.h"

const qp_game qp_tictactoe = {
    .id = "tictactoe",
    .title = "Tic-tac-toe",
    .players = 2,
    .sides = TTT_SIDES,
    .state_size = sizeof(ttt_state),
    .default_params = "x",
    .params_help = "x or o: who moves first (default x)",
    .max_level = 3,
    .default_level = 3,
    .max_plies = 9,
    .init = ttt_init,
    .parse_pos = ttt_parse_pos,
    .format_pos = ttt_format_pos,
    .legal = ttt_legal,
    .parse_action = ttt_parse_action,
    .format_action = ttt_format_action,
    .apply = ttt_apply,
    .status = ttt_status,
    .show = ttt_show,
    .describe = ttt_describe,
    .ai = ttt_ai,
    .analyze = ttt_analyze,
    .judge = ttt_judge,
};
