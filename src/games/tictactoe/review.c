/* review.c — tic-tac-toe's judge() for the game review (game.h): every
 * move's exact value from tictactoe_value(), through search/exact.h. */
#include "ai.h"
#include "search/exact.h"

bool ttt_judge(const void *st, int action, int level, qp_judgement *j, qp_error *err)
{
    const ttt_state *s = st;
    int actions[9], played = 0;
    qp_exact value[9];
    int n = ttt_legal(s, actions, 9);
    (void)level;
    (void)err;
    for (int i = 0; i < n; i++) {
        ttt_state child = *s;
        ttt_apply(&child, actions[i]);
        qp_exact cv = qp_exact_of(tictactoe_value(&child), 10);
        value[i] = qp_exact_after(ttt_status(&child), s->to_move, cv);
        if (actions[i] == action)
            played = i;
    }
    qp_exact_judge(actions, value, n, played, j);
    return true;
}
