/* api.c — the engine's doorway for JavaScript, and the only file that
 * includes emscripten.h.
 *
 * One export, qp_wasm_call(cmd, game, a, b, c), runs the same checked
 * engine calls as the CLI and returns a string whose first character is
 * the status: '0' then the answer, or '2' then the error message. The
 * JS side (web/src/engine/api.js) turns that into values and thrown Errors.
 *
 * The game review (review.h), with no game argument (id is ignored):
 *   "review"        a = the text (link, address or record), b = the level
 *                   ("" for the default): the whole review's JSON at once.
 *   "review_begin"  the same a and b: reads the game and answers
 *                   {"game","level","plies":N}; no ply judged yet.
 *   "review_step"   judges the next ply and answers its JSON entry (as in
 *                   "plies" of the whole review); an error once all are done.
 *   "review_result" the review of the plies judged so far, as "review"
 *                   writes it ("complete": false until the last step).
 * A worker calls review_begin, then review_step N times (reporting
 * progress, stopping between two steps to cancel), then review_result.
 */
#include <emscripten.h>
#include <string.h>

#include "engine.h"
#include "record.h"
#include "review.h"
#include "games/connect4/connect4.h"

#define ANSWER_MAX (1 << 20)
static char answer_mem[ANSWER_MAX];

static bool read_ai(const qp_game *g, const char *level, const char *seed, const char *time,
                    qp_ai_opts *o, qp_error *err)
{
    memset(o, 0, sizeof *o);
    return qp_parse_level(g, level, &o->level, err) && qp_parse_seed(seed, &o->seed, err) &&
           qp_parse_time(time, &o->time_ms, err);
}

static bool list_games(qp_buf *out)
{
    for (int i = 0; i < qp_game_count; i++) {
        if (i)
            qp_bputc(out, ' ');
        qp_bputs(out, qp_games[i]->id);
    }
    return true;
}

/* "solve": connect4's exact solver on the POS strings of a, one a line;
 * b holds the words "weak" and/or "no-book". Answers "SCORE NODES" a line
 * (bench/connect4.cjs sends batches, as the CLI reads a stream). */
static bool solve_call(const qp_game *g, const char *list, const char *flags, qp_buf *out,
                       qp_error *err)
{
    static char pos[QP_TEXT_MAX + 1];
    if (g != &qp_connect4)
        return qp_fail(err, "only connect4 has a solver (got '%s')", g->id);
    if (!list || !flags)
        return qp_fail(err, "solve needs positions and options");
    if (!qp_check_ascii(flags, 32, "solve options", err))
        return false;
    bool weak = strstr(flags, "weak") != NULL, no_book = strstr(flags, "no-book") != NULL;
    for (int line = 1; *list; line++) {
        size_t n = strcspn(list, "\n");
        int score;
        long long nodes;
        qp_error step;
        if (n > QP_TEXT_MAX)
            return qp_fail(err, "line %d: position too long", line);
        memcpy(pos, list, n);
        pos[n] = '\0';
        list += n + (list[n] == '\n');
        if (!qp_engine_solve(pos, weak, no_book, &score, &nodes, &step))
            return qp_fail(err, "line %d: %s", line, step.msg);
        qp_bprintf(out, "%s%d %lld", line > 1 ? "\n" : "", score, nodes);
    }
    return !out->overflow || qp_fail(err, "answer too long for the output buffer");
}

/* "link" and "record": a is the start, b the seed ("" for none), c the
 * actions (or moves) one a line, split here into the engine's list. */
static bool link_call(const qp_game *g, const char *start, const char *seed, const char *lines,
                      bool as_record, qp_buf *out, qp_error *err)
{
    static char copy[QP_TEXT_MAX + 1];
    static char *actions[QP_RECORD_MAX_MOVES];
    if (!lines)
        lines = "";
    if (strlen(lines) > QP_TEXT_MAX)
        return qp_fail(err, "the actions are too long (over %d characters)", QP_TEXT_MAX);
    strcpy(copy, lines);
    int n = qp_split_list(copy, '\n', actions, QP_RECORD_MAX_MOVES, err);
    return n >= 0 &&
           qp_engine_link(g, start, seed, (const char *const *)actions, n, as_record, out, err);
}

static bool dispatch(const char *cmd, const char *id, const char *a, const char *b, const char *c,
                     qp_buf *out, qp_error *err)
{
    const qp_game *g;
    if (!strcmp(cmd, "list"))
        return list_games(out);
    if (!strcmp(cmd, "open"))
        return qp_engine_open(a, out, err);
    if (!strcmp(cmd, "review"))
        return qp_engine_review(a, b, out, err);
    if (!strcmp(cmd, "review_begin"))
        return qp_review_begin(a, b, out, err);
    if (!strcmp(cmd, "review_step"))
        return qp_review_step(out, err);
    if (!strcmp(cmd, "review_result"))
        return qp_review_result(out, err);
    if (!qp_engine_game(id, &g, err))
        return false;
    if (!strcmp(cmd, "info")) {
        qp_engine_info(g, out);
        return true;
    }
    if (!strcmp(cmd, "new")) {
        uint64_t seed;
        return qp_parse_seed(b, &seed, err) && qp_engine_new(g, a, seed, out, err);
    }
    if (!strcmp(cmd, "legal"))
        return qp_engine_legal_lines(g, a, out, err);
    if (!strcmp(cmd, "apply"))
        return qp_engine_apply(g, a, &b, 1, out, err);
    if (!strcmp(cmd, "move"))
        return qp_engine_move(g, a, b, out, err);
    if (!strcmp(cmd, "status"))
        return qp_engine_status(g, a, out, err);
    if (!strcmp(cmd, "show"))
        return qp_engine_show(g, a, out, err);
    if (!strcmp(cmd, "describe"))
        return qp_engine_describe(g, a, out, err);
    if (!strcmp(cmd, "link") || !strcmp(cmd, "record"))
        return link_call(g, a, b, c, cmd[0] == 'r', out, err);
    if (!strcmp(cmd, "solve"))
        return solve_call(g, a, b, out, err);
    if (!strcmp(cmd, "ai") || !strcmp(cmd, "analyze")) {
        qp_ai_opts o;
        const char *level = b, *seed = c;
        if (!read_ai(g, level, seed, NULL, &o, err))
            return false;
        if (cmd[1] == 'n')
            return qp_engine_analyze(g, a, &o, out, err);
        qp_ai_info info;
        if (!qp_engine_ai(g, a, &o, out, &info, err))
            return false;
        /* The action, then a tab and what the AI said about it. */
        qp_bprintf(out, "\t{\"nodes\":%lld", info.nodes);
        if (info.has_score)
            qp_bprintf(out, ",\"score\":%d", info.score);
        qp_bputs(out, ",\"note\":");
        qp_bjson_str(out, info.note);
        qp_bputc(out, '}');
        return !out->overflow || qp_fail(err, "answer too long for the output buffer");
    }
    return qp_fail(err, "unknown engine call '%.20s'", cmd);
}

EMSCRIPTEN_KEEPALIVE
const char *qp_wasm_call(const char *cmd, const char *id, const char *a, const char *b,
                         const char *c)
{
    qp_buf out;
    qp_error err;
    qp_buf_init(&out, answer_mem + 1, ANSWER_MAX - 1);
    if (!qp_check_ascii(cmd, 16, "engine call", &err) || !dispatch(cmd, id, a, b, c, &out, &err)) {
        answer_mem[0] = '2';
        strcpy(answer_mem + 1, err.msg);
    } else {
        answer_mem[0] = '0';
    }
    return answer_mem;
}
