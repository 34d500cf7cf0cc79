#include "engine.h"

#include <string.h>

#include "games/connect4/connect4.h"

/* One state at a time: the engine is single-threaded (a wasm instance per
 * worker), and a 64 KiB state does not belong on a small wasm stack. */
static qp_state_mem engine_state;

bool qp_engine_game(const char *id, const qp_game **game, qp_error *err)
{
    if (!qp_check_ascii(id, 32, "game id", err))
        return false;
    *game = qp_find_game(id);
    if (!*game)
        return qp_fail(err, "unknown game '%s' (try: qipan list)", id);
    return true;
}

bool qp_parse_seed(const char *text, uint64_t *seed, qp_error *err)
{
    long long v;
    if (!text || !*text) {
        *seed = 1;
        return true;
    }
    /* 2^53 keeps seeds exact in JavaScript numbers too. */
    if (!qp_check_ascii(text, 20, "seed", err) || !qp_parse_int(text, 0, 9007199254740991LL, &v))
        return qp_fail(err, "bad seed '%.40s': use a whole number from 0 to 2^53-1", text);
    *seed = (uint64_t)v;
    return true;
}

bool qp_parse_level(const qp_game *g, const char *text, int *level, qp_error *err)
{
    long long v;
    if (!text || !*text) {
        *level = g->default_level;
        return true;
    }
    if (!qp_check_ascii(text, 8, "level", err) || !qp_parse_int(text, 1, g->max_level, &v))
        return qp_fail(err, "bad level '%.20s' for %s: use 1 to %d", text, g->id, g->max_level);
    *level = (int)v;
    return true;
}

bool qp_parse_time(const char *text, int *ms, qp_error *err)
{
    long long v;
    if (!text || !*text) {
        *ms = 0;
        return true;
    }
    if (!qp_check_ascii(text, 12, "time", err) || !qp_parse_int(text, 1, 3600000, &v))
        return qp_fail(err, "bad time '%.20s': use milliseconds from 1 to 3600000", text);
    *ms = (int)v;
    return true;
}

bool qp_engine_load(const qp_game *g, const char *pos, void *st, qp_error *err)
{
    if (!qp_check_ascii(pos, QP_TEXT_MAX, "position", err))
        return false;
    memset(st, 0, g->state_size);
    return g->parse_pos(st, pos, err);
}

void qp_format_status(const qp_game *g, qp_status s, qp_buf *out)
{
    char side = s.player >= 0 && s.player < g->players ? g->sides[s.player] : '?';
    if (g->players == 1) {
        qp_bputs(out, s.phase == QP_TURN ? "playing" : s.phase == QP_WIN ? "won" : "lost");
        return;
    }
    switch (s.phase) {
    case QP_TURN: qp_bprintf(out, "turn %c", side); break;
    case QP_WIN: qp_bprintf(out, "win %c", side); break;
    case QP_DRAW: qp_bputs(out, "draw"); break;
    case QP_LOSS: qp_bprintf(out, "win %c", g->sides[1 - s.player]); break;
    }
}

static bool finish(qp_buf *out, qp_error *err)
{
    if (out->overflow)
        return qp_fail(err, "answer too long for the output buffer");
    return true;
}

bool qp_engine_new(const qp_game *g, const char *params, uint64_t seed, qp_buf *out, qp_error *err)
{
    if (params && !qp_check_ascii(params, 256, "params", err))
        return false;
    memset(&engine_state, 0, g->state_size);
    if (!g->init(&engine_state, params, seed, err))
        return false;
    g->format_pos(&engine_state, out);
    return finish(out, err);
}

static bool list_legal(const qp_game *g, const char *pos, char sep, qp_buf *out, qp_error *err)
{
    static int actions[QP_MAX_ACTIONS];
    if (!qp_engine_load(g, pos, &engine_state, err))
        return false;
    int n = g->legal(&engine_state, actions, QP_MAX_ACTIONS);
    for (int i = 0; i < n; i++) {
        if (i)
            qp_bputc(out, sep);
        g->format_action(&engine_state, actions[i], out);
    }
    return finish(out, err);
}

bool qp_engine_legal(const qp_game *g, const char *pos, qp_buf *out, qp_error *err)
{
    return list_legal(g, pos, ' ', out, err);
}

bool qp_engine_legal_lines(const qp_game *g, const char *pos, qp_buf *out, qp_error *err)
{
    return list_legal(g, pos, '\n', out, err);
}

static bool is_listed(const qp_game *g, const void *st, int action)
{
    static int actions[QP_MAX_ACTIONS];
    int n = g->legal(st, actions, QP_MAX_ACTIONS);
    for (int i = 0; i < n; i++)
        if (actions[i] == action)
            return true;
    return false;
}

bool qp_read_move(const qp_game *g, const void *st, const char *text, int *action, qp_error *err)
{
    bool ok = g->parse_move ? g->parse_move(st, text, action, err)
                            : g->parse_action(st, text, action, err);
    if (ok && !is_listed(g, st, *action))
        return qp_fail(err, "illegal action '%.20s'", text);
    return ok;
}

/* qp_read_move for a caller that does not name the move itself:
 * parse_move's messages may leave that to the caller (game.h), while
 * parse_action's stand on their own. */
static bool read_named(const qp_game *g, const void *st, const char *text, int *action,
                       qp_error *err)
{
    qp_error why;
    if (qp_read_move(g, st, text, action, &why))
        return true;
    if (!g->parse_move || strstr(why.msg, text))
        return qp_fail(err, "%s", why.msg);
    return qp_fail(err, "bad %s move '%.20s': %s", g->id, text, why.msg);
}

void qp_write_move(const qp_game *g, const void *st, int action, qp_buf *out)
{
    (g->format_move ? g->format_move : g->format_action)(st, action, out);
}

/* Refuses any move once the game is over, saying how it ended. */
static bool in_play(const qp_game *g, const void *st, const char *action, qp_error *err)
{
    qp_status s = g->status(st);
    if (s.phase == QP_TURN)
        return true;
    char text[64];
    qp_buf b;
    qp_buf_init(&b, text, sizeof text);
    qp_format_status(g, s, &b);
    return qp_fail(err, "the game is over (%s): no action '%.20s'", text, action);
}

bool qp_apply_text(const qp_game *g, void *st, const char *action, qp_error *err)
{
    int a;
    if (!qp_check_ascii(action, 64, "action", err) || !in_play(g, st, action, err) ||
        !read_named(g, st, action, &a, err))
        return false;
    g->apply(st, a);
    return true;
}

bool qp_engine_move(const qp_game *g, const char *pos, const char *action, qp_buf *out,
                    qp_error *err)
{
    int a;
    if (!qp_engine_load(g, pos, &engine_state, err) || !qp_check_ascii(action, 64, "action", err) ||
        !in_play(g, &engine_state, action, err) || !read_named(g, &engine_state, action, &a, err))
        return false;
    qp_write_move(g, &engine_state, a, out);
    return finish(out, err);
}

/* Whether init() deals differently for seeds 1 and 2. */
bool qp_game_deals(const qp_game *g, const char *params)
{
    static qp_state_mem probe;
    static char a_text[QP_TEXT_MAX + 2], b_text[QP_TEXT_MAX + 2];
    qp_buf a, b;
    qp_buf_init(&a, a_text, sizeof a_text);
    qp_buf_init(&b, b_text, sizeof b_text);
    memset(&probe, 0, g->state_size);
    if (!g->init(&probe, params, 1, NULL))
        return false;
    g->format_pos(&probe, &a);
    if (!g->init(&probe, params, 2, NULL))
        return false;
    g->format_pos(&probe, &b);
    return strcmp(a_text, b_text) != 0;
}

bool qp_engine_apply(const qp_game *g, const char *pos, const char *const *actions, int n,
                     qp_buf *out, qp_error *err)
{
    if (!qp_engine_load(g, pos, &engine_state, err))
        return false;
    for (int i = 0; i < n; i++) {
        qp_error step;
        if (!qp_apply_text(g, &engine_state, actions[i], &step))
            return n > 1 ? qp_fail(err, "action %d: %s", i + 1, step.msg)
                         : qp_fail(err, "%s", step.msg);
    }
    g->format_pos(&engine_state, out);
    return finish(out, err);
}

bool qp_engine_status(const qp_game *g, const char *pos, qp_buf *out, qp_error *err)
{
    if (!qp_engine_load(g, pos, &engine_state, err))
        return false;
    qp_format_status(g, g->status(&engine_state), out);
    return finish(out, err);
}

bool qp_engine_show(const qp_game *g, const char *pos, qp_buf *out, qp_error *err)
{
    if (!qp_engine_load(g, pos, &engine_state, err))
        return false;
    g->show(&engine_state, out);
    return finish(out, err);
}

/* The game's JSON object with the generic "status" and "reason" first. */
bool qp_engine_describe(const qp_game *g, const char *pos, qp_buf *out, qp_error *err)
{
    static char game_json[QP_TEXT_MAX * 4];
    if (!qp_engine_load(g, pos, &engine_state, err))
        return false;
    qp_buf inner;
    qp_buf_init(&inner, game_json, sizeof game_json);
    g->describe(&engine_state, &inner);
    if (inner.overflow || game_json[0] != '{')
        return qp_fail(err, "internal error: %s wrote no JSON object", g->id);
    qp_status s = g->status(&engine_state);
    qp_bputs(out, "{\"status\":\"");
    qp_format_status(g, s, out);
    qp_bputs(out, "\",\"reason\":");
    qp_bjson_str(out, s.reason);
    if (strcmp(game_json, "{}") != 0)
        qp_bputc(out, ',');
    qp_bputs(out, game_json + 1);
    return finish(out, err);
}

bool qp_ai_choose(const qp_game *g, const void *st, const qp_ai_opts *opts, int *action,
                  qp_ai_info *info, qp_error *err)
{
    qp_ai_info scratch;
    if (!info)
        info = &scratch;
    memset(info, 0, sizeof *info);
    if (opts->level < 1 || opts->level > g->max_level)
        return qp_fail(err, "bad level %d for %s: use 1 to %d", opts->level, g->id, g->max_level);
    if (g->status(st).phase != QP_TURN)
        return qp_fail(err, "the game is over: nothing to play");
    if (!g->ai(st, opts, action, info, err))
        return false;
    if (!is_listed(g, st, *action))
        return qp_fail(err, "internal error: the %s AI chose an illegal action", g->id);
    return true;
}

bool qp_engine_ai(const qp_game *g, const char *pos, const qp_ai_opts *opts, qp_buf *out,
                  qp_ai_info *info, qp_error *err)
{
    int a = 0;
    if (!qp_engine_load(g, pos, &engine_state, err))
        return false;
    if (!qp_ai_choose(g, &engine_state, opts, &a, info, err))
        return false;
    g->format_action(&engine_state, a, out);
    return finish(out, err);
}

bool qp_engine_analyze(const qp_game *g, const char *pos, const qp_ai_opts *opts, qp_buf *out,
                       qp_error *err)
{
    if (!g->analyze)
        return qp_fail(err, "%s has no analysis", g->id);
    if (!qp_engine_load(g, pos, &engine_state, err))
        return false;
    if (opts->level < 1 || opts->level > g->max_level)
        return qp_fail(err, "bad level %d for %s: use 1 to %d", opts->level, g->id, g->max_level);
    if (!g->analyze(&engine_state, opts, out, err))
        return false;
    return finish(out, err);
}

void qp_engine_info(const qp_game *g, qp_buf *out)
{
    qp_bputs(out, "{\"id\":");
    qp_bjson_str(out, g->id);
    qp_bputs(out, ",\"title\":");
    qp_bjson_str(out, g->title);
    qp_bprintf(out, ",\"players\":%d,\"sides\":", g->players);
    qp_bjson_str(out, g->sides);
    qp_bprintf(out, ",\"maxLevel\":%d,\"defaultLevel\":%d,\"analyze\":%s,\"params\":", g->max_level,
               g->default_level, g->analyze ? "true" : "false");
    qp_bjson_str(out, g->default_params);
    qp_bprintf(out, ",\"dealt\":%s}", qp_game_deals(g, g->default_params) ? "true" : "false");
}

bool qp_engine_solve(const char *pos, bool weak, bool no_book, int *score, long long *nodes,
                     qp_error *err)
{
    static c4_state st;
    *score = 0;
    *nodes = 0;
    return qp_engine_load(&qp_connect4, pos, &st, err) &&
           connect4_solve_checked(&st, weak, no_book, score, nodes, err);
}
