/* review.c — the game review (review.h; docs/contract.md, "Review"): a record's
 * moves judged one ply at a time by the game's judge() hook (game.h),
 * classed by the drop of the mover's win chance, and summed up per side
 * with an accuracy figure.
 *
 * Accuracy of a move (lichess-like): 103.1668 * e^(-0.04354 * d) -
 * 3.1669, clamped to [0, 100], where d is the drop of the mover's win
 * chance in percentage points (0 for the engine's own move); a side's
 * accuracy is the mean over its judged moves. Everything lives in static
 * memory, and every number is written with 4 decimals from integer
 * arithmetic: the same JSON natively and in wasm.
 */
#include "review.h"

#include <string.h>

#include "record.h"

#define MOVE_TEXT 24
/* The plies' game-specific members (qp_judgement.extra), one after the
 * other: a few dozen bytes a ply, a minesweeper loss's list of safe cells
 * (up to 6 bytes a cell) once. */
#define EXTRA_ARENA (QP_RECORD_MAX_MOVES * 64 + 6 * 4096 + 256)
/* Room one ply's members may take. */
#define EXTRA_PLY (6 * 4096 + 128)

enum { C_BEST, C_GOOD, C_INACCURACY, C_MISTAKE, C_BLUNDER, C_COUNT };
static const char *const CLASS_NAMES[C_COUNT] = {"best", "good", "inaccuracy", "mistake",
                                                 "blunder"};

typedef struct {
    qp_judgement j;
    int side; /* the mover: 0 or 1 */
    int cls; /* C_*, or -1 for a move not weighed (j.no_value) */
    double accuracy;
    char move[MOVE_TEXT], best[MOVE_TEXT];
} ply_review;

static struct {
    const qp_game *g;
    int level;
    int n, done;
    int action[QP_RECORD_MAX_MOVES];
    ply_review ply[QP_RECORD_MAX_MOVES];
} rv;
static qp_state_mem cur, after;
static char extra_arena[EXTRA_ARENA];
static size_t extra_used;

int qp_review_done(void) { return rv.g ? rv.done : 0; }
int qp_review_total(void) { return rv.g ? rv.n : 0; }

/* v in [0, 1] (clamped) with 4 decimals, from integers. */
static void put_chance(qp_buf *out, double v)
{
    int k = (int)(v * 10000 + 0.5);
    k = k < 0 ? 0 : k > 10000 ? 10000 : k;
    qp_bprintf(out, "%d.%04d", k / 10000, k % 10000);
}

static void put_percent(qp_buf *out, double v)
{
    int k = (int)(v * 10 + 0.5);
    qp_bprintf(out, "%d.%d", k / 10, k % 10);
}

bool qp_review_begin(const char *text, const char *level_text, qp_buf *out, qp_error *err)
{
    const qp_game *g;
    const int *actions;
    int n;
    rv.g = NULL;
    if (!qp_record_read(text, &g, &cur, &actions, &n, err))
        return false;
    if (!g->judge)
        return qp_fail(err, "%s has no review", g->id);
    int level = g->max_level;
    if (level_text && *level_text && !qp_parse_level(g, level_text, &level, err))
        return false;
    rv.g = g;
    rv.level = level;
    rv.n = n;
    rv.done = 0;
    extra_used = 0;
    memcpy(rv.action, actions, sizeof(int) * (size_t)n);
    qp_bputs(out, "{\"game\":");
    qp_bjson_str(out, g->id);
    qp_bprintf(out, ",\"level\":%d,\"plies\":%d}", level, n);
    return !out->overflow || qp_fail(err, "answer too long for the output buffer");
}

static void move_text(const void *st, int action, char *to)
{
    qp_buf b;
    qp_buf_init(&b, to, MOVE_TEXT);
    if (action < 0)
        to[0] = '\0';
    else
        qp_write_move(rv.g, st, action, &b);
    if (b.overflow)
        to[0] = '\0';
}

static int classify(const qp_judgement *j, int action, double *drop)
{
    *drop = j->before - j->after;
    if (*drop < 0 || action == j->best)
        *drop = 0;
    if (j->exact)
        return j->outcome_after < j->outcome_before ? C_BLUNDER : C_BEST;
    if (*drop <= QP_DROP_BEST)
        return C_BEST;
    return *drop < QP_DROP_GOOD         ? C_GOOD
           : *drop < QP_DROP_INACCURACY ? C_INACCURACY
           : *drop < QP_DROP_MISTAKE    ? C_MISTAKE
                                        : C_BLUNDER;
}

/* Which player made the move from cur: the one to move, or (dark chess
 * before the first flip) the one the move made its colour known. */
static int mover(void)
{
    const qp_game *g = rv.g;
    qp_status s = g->status(&cur);
    if (s.player != QP_NOBODY)
        return s.player;
    qp_status t = g->status(&after);
    return t.phase == QP_TURN && t.player != QP_NOBODY ? 1 - t.player : 0;
}

static void put_outcome(qp_buf *out, const char *when, int outcome, int dist)
{
    qp_bprintf(out, ",\"outcome_%s\":\"%s\"", when,
               outcome > 0   ? "win"
               : outcome < 0 ? "loss"
                             : "draw");
    if (dist >= 0)
        qp_bprintf(out, ",\"distance_%s\":%d", when, dist);
}

static void put_ply(qp_buf *out, int i)
{
    const ply_review *p = &rv.ply[i];
    const qp_judgement *j = &p->j;
    qp_bprintf(out, "{\"ply\":%d,\"move\":", i + 1);
    qp_bjson_str(out, p->move);
    qp_bprintf(out, ",\"side\":\"%c\",\"best\":", rv.g->sides[p->side]);
    if (p->best[0])
        qp_bjson_str(out, p->best);
    else
        qp_bputs(out, "null");
    qp_bputs(out, ",\"value_before\":");
    put_chance(out, j->before);
    qp_bputs(out, ",\"value_after\":");
    put_chance(out, j->after);
    qp_bprintf(out, ",\"exact\":%s", j->exact ? "true" : "false");
    if (j->exact) {
        put_outcome(out, "before", j->outcome_before, j->dist_before);
        put_outcome(out, "after", j->outcome_after, j->dist_after);
        /* The best move's win in the mover's moves, itself included. */
        if (j->outcome_before > 0 && j->dist_before > 0)
            qp_bprintf(out, ",\"win_in\":%d", (j->dist_before + 1) / 2);
    }
    qp_bputs(out, ",\"class\":");
    if (p->cls < 0)
        qp_bputs(out, "null");
    else
        qp_bprintf(out, "\"%s\"", CLASS_NAMES[p->cls]);
    qp_bprintf(out, ",\"missed_win\":%s%s}", j->missed_win ? "true" : "false", j->extra);
}

bool qp_review_step(qp_buf *out, qp_error *err)
{
    if (!rv.g)
        return qp_fail(err, "no review under way (begin one first)");
    if (rv.done >= rv.n)
        return qp_fail(err, "every ply is judged already");
    const qp_game *g = rv.g;
    ply_review *p = &rv.ply[rv.done];
    int a = rv.action[rv.done];
    if (EXTRA_ARENA - extra_used < EXTRA_PLY)
        return qp_fail(err, "too much to say about this game");
    memset(p, 0, sizeof *p);
    p->j.best = -1;
    p->j.dist_before = p->j.dist_after = -1;
    p->j.extra = extra_arena + extra_used;
    p->j.extra_cap = EXTRA_PLY;
    p->j.extra[0] = '\0';
    if (!g->judge(&cur, a, rv.level, &p->j, err))
        return false;
    const char *end = memchr(p->j.extra, '\0', EXTRA_PLY);
    if (!end)
        return qp_fail(err, "too much to say about ply %d", rv.done + 1);
    extra_used += (size_t)(end - p->j.extra) + 1;
    move_text(&cur, a, p->move);
    move_text(&cur, p->j.best, p->best);
    memcpy(&after, &cur, g->state_size);
    g->apply(&after, a);
    p->side = mover();
    double drop = 0;
    p->cls = p->j.no_value ? -1 : classify(&p->j, a, &drop);
    double acc = 103.1668 * qp_exp(-0.04354 * drop * 100) - 3.1669;
    p->accuracy = acc < 0 ? 0 : acc > 100 ? 100 : acc;
    memcpy(&cur, &after, g->state_size);
    put_ply(out, rv.done);
    rv.done++;
    return !out->overflow || qp_fail(err, "answer too long for the output buffer");
}

static void put_summary(qp_buf *out)
{
    qp_bputs(out, ",\"summary\":{");
    for (int side = 0; side < rv.g->players; side++) {
        int count[C_COUNT] = {0}, moves = 0;
        double sum = 0;
        for (int i = 0; i < rv.done; i++) {
            const ply_review *p = &rv.ply[i];
            if (p->side != side || p->cls < 0)
                continue;
            count[p->cls]++;
            moves++;
            sum += p->accuracy;
        }
        qp_bprintf(out, "%s\"%c\":{\"moves\":%d", side ? "," : "", rv.g->sides[side], moves);
        for (int c = 0; c < C_COUNT; c++)
            qp_bprintf(out, ",\"%s\":%d", CLASS_NAMES[c], count[c]);
        qp_bputs(out, ",\"accuracy\":");
        if (moves)
            put_percent(out, sum / moves);
        else
            qp_bputs(out, "null");
        qp_bputc(out, '}');
    }
    qp_bputc(out, '}');
}

bool qp_review_result(qp_buf *out, qp_error *err)
{
    if (!rv.g)
        return qp_fail(err, "no review under way (begin one first)");
    qp_bputs(out, "{\"game\":");
    qp_bjson_str(out, rv.g->id);
    qp_bprintf(out, ",\"level\":%d,\"plies\":[", rv.level);
    for (int i = 0; i < rv.done; i++) {
        if (i)
            qp_bputc(out, ',');
        put_ply(out, i);
    }
    qp_bputc(out, ']');
    put_summary(out);
    qp_bprintf(out, ",\"complete\":%s}", rv.done == rv.n ? "true" : "false");
    return !out->overflow || qp_fail(err, "answer too long for the output buffer");
}

bool qp_engine_review(const char *text, const char *level_text, qp_buf *out, qp_error *err)
{
    static char scratch[EXTRA_PLY + 1024];
    qp_buf s;
    qp_buf_init(&s, scratch, sizeof scratch);
    if (!qp_review_begin(text, level_text, &s, err))
        return false;
    while (rv.done < rv.n) {
        qp_buf_init(&s, scratch, sizeof scratch);
        if (!qp_review_step(&s, err))
            return false;
    }
    return qp_review_result(out, err);
}
