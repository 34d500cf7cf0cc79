/* work.c — the work meter's set-up (see work.h). */
#include "work.h"

#include <limits.h>

void qp_work_limit(qp_work *w, long long limit, double ms)
{
    w->stop = false;
    w->limit = ms > 0 ? LLONG_MAX : limit;
    w->deadline = ms > 0 ? qp_now_ms() + ms : 0;
}
