/* review.c — Pong Hau K'i's judge() for the game review (game.h): every
 * move's exact value under the draw rules from ponghauqi_value(), through
 * search/exact.h. */
#include "ai.h"
#include "search/exact.h"

bool phq_judge(const void *st, int action, int level, qp_judgement *j, qp_error *err)
{
    const phq_state *s = st;
    int actions[PHQ_POINTS], played = 0;
    qp_exact value[PHQ_POINTS];
    int n = phq_legal(s, actions, PHQ_POINTS);
    (void)level;
    (void)err;
    for (int i = 0; i < n; i++) {
        phq_state child = *s;
        phq_apply(&child, actions[i]);
        qp_status cs = phq_status(&child);
        qp_exact cv = {0, -1};
        if (cs.phase == QP_TURN)
            cv = qp_exact_of(ponghauqi_value(&child, NULL), 100);
        value[i] = qp_exact_after(cs, s->to_move, cv);
        if (actions[i] == action)
            played = i;
    }
    qp_exact_judge(actions, value, n, played, j);
    return true;
}
