/* exact.c — a review's judgement in a solved game (exact.h). */
#include "search/exact.h"

#include <string.h>

qp_exact qp_exact_of(int value, int base)
{
    if (value > 0)
        return (qp_exact){1, base - value};
    if (value < 0)
        return (qp_exact){-1, base + value};
    return (qp_exact){0, -1};
}

qp_exact qp_exact_neg(qp_exact e) { return (qp_exact){-e.outcome, e.dist}; }

qp_exact qp_exact_after(qp_status child, int mover, qp_exact child_value)
{
    if (child.phase == QP_WIN)
        return (qp_exact){child.player == mover ? 1 : -1, 1};
    if (child.phase == QP_DRAW)
        return (qp_exact){0, 1};
    if (child.phase == QP_LOSS)
        return (qp_exact){-1, 1};
    qp_exact e = qp_exact_neg(child_value);
    if (e.dist >= 0)
        e.dist++;
    return e;
}

int qp_exact_rank(qp_exact e) { return e.outcome * 10000 - (e.outcome ? e.outcome * e.dist : 0); }

double qp_exact_chance(qp_exact e) { return e.outcome > 0 ? 1 : e.outcome < 0 ? 0 : 0.5; }

void qp_exact_judge(const int *actions, const qp_exact *value, int n, int played, qp_judgement *j)
{
    int best = played; /* the move played when it is as good as any */
    for (int i = 0; i < n; i++)
        if (qp_exact_rank(value[i]) > qp_exact_rank(value[best]))
            best = i;
    qp_exact b = value[best], a = value[played];
    j->exact = true;
    j->best = actions[best];
    j->outcome_before = b.outcome;
    j->outcome_after = a.outcome;
    /* Distances are counted from the position before the move. */
    j->dist_before = b.dist;
    j->dist_after = a.dist >= 0 ? a.dist - 1 : -1;
    j->before = qp_exact_chance(b);
    j->after = qp_exact_chance(a);
    j->missed_win = b.outcome > 0 && a.outcome <= 0;
    j->extra[0] = '\0';
}
