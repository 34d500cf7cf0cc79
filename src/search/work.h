/* work.h — a search's work meter: nodes counted against a budget, or a
 * clock when the caller asked for one (--time MS, pbrain's time limits).
 *
 * Budgets in nodes make a search deterministic (the same choice natively
 * and in wasm); a clock trades that for wall time. The meter answers
 * "stop now?" cheaply: the clock is read once every 256 nodes.
 */
#ifndef QP_SEARCH_WORK_H
#define QP_SEARCH_WORK_H

#include <stdbool.h>

#include "util.h"

typedef struct {
    long long nodes; /* counted so far */
    long long limit; /* stop once nodes reach it */
    double deadline; /* qp_now_ms() to stop at; 0 without a clock */
    bool stop; /* sticky until the next qp_work_limit */
} qp_work;

/* Lets the search run until `limit` nodes are counted or, when ms > 0,
 * until ms milliseconds from now (the node limit then only guards). */
void qp_work_limit(qp_work *w, long long limit, double ms);

/* Is the work spent? Checks without counting a node. */
static inline bool qp_work_over(qp_work *w)
{
    if (w->stop)
        return true;
    if (w->nodes >= w->limit)
        w->stop = true;
    else if (w->deadline > 0 && (w->nodes & 255) == 0 && qp_now_ms() >= w->deadline)
        w->stop = true;
    return w->stop;
}

/* Counts one node, then answers qp_work_over. */
static inline bool qp_work_tick(qp_work *w)
{
    w->nodes++;
    return qp_work_over(w);
}

#endif
