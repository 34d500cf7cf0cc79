/* game.c — connect four's table: the rules (rules.c) and the AIs (ai.c,
 * perfect.c) behind the one interface of game.h. */
#include "ai.h"
#include "connect4.h"

const qp_game qp_connect4 = {
    .id = "connect4",
    .title = "Connect Four",
    .players = 2,
    .sides = CONNECT4_SIDES,
    .state_size = sizeof(c4_state),
    .default_params = "7x6",
    .params_help = "WxH: columns x rows, each 4 to 9 (default 7x6)",
    .max_level = 4,
    .default_level = 4,
    .max_plies = C4_MAX_CELLS,
    .compact_moves = true, /* links write "4453", Pons' move string */
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
    .judge = c4_judge,
};
