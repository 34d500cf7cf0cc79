/* registry.c — the table of games. To add a game, include its header and
 * add one row; the CLI, the wasm engine and the conformance test use this
 * table and nothing else. */
#include <string.h>

#include "game.h"
#include "games/beast/beast.h"
#include "games/connect4/connect4.h"
#include "games/gomoku/gomoku.h"
#include "games/minesweeper/minesweeper.h"
#include "games/ponghauqi/ponghauqi.h"
#include "games/tictactoe/tictactoe.h"

const qp_game *const qp_games[] = {
    &qp_tictactoe, &qp_gomoku, &qp_connect4, &qp_minesweeper, &qp_ponghauqi, &qp_beast,
};
const int qp_game_count = QP_ARRAY_LEN(qp_games);

const qp_game *qp_find_game(const char *id)
{
    for (int i = 0; i < qp_game_count; i++)
        if (!strcmp(qp_games[i]->id, id))
            return qp_games[i];
    return NULL;
}
