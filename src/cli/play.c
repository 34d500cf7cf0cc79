/* play.c — `qipan play`: a game against the AI in the terminal.
 *
 * Every game alternates one action per turn, so the human owns every other
 * ply (one-player games: every ply). Undo keeps old states, as the page does.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define PLAY_HISTORY 4096

static qp_state_mem play_state;
static char *saved_pos[PLAY_HISTORY]; /* POS before each ply */

static void print_state(const qp_game *g, const void *st)
{
    static char text[1 << 16];
    qp_buf b;
    qp_buf_init(&b, text, sizeof text);
    g->show(st, &b);
    qp_bputs(&b, "status: ");
    qp_format_status(g, g->status(st), &b);
    puts(text);
}

static void save_pos(const qp_game *g, const void *st, int ply)
{
    static char text[QP_TEXT_MAX];
    qp_buf b;
    if (ply >= PLAY_HISTORY)
        return;
    qp_buf_init(&b, text, sizeof text);
    g->format_pos(st, &b);
    free(saved_pos[ply]);
    saved_pos[ply] = b.overflow ? NULL : malloc(b.len + 1); /* NULL: that undo is refused */
    if (saved_pos[ply])
        memcpy(saved_pos[ply], text, b.len + 1);
}

static void print_legal(const qp_game *g, const void *st)
{
    static int actions[QP_MAX_ACTIONS];
    char text[64];
    int n = g->legal(st, actions, QP_MAX_ACTIONS);
    fputs("legal:", stdout);
    for (int i = 0; i < n; i++) {
        qp_buf b;
        qp_buf_init(&b, text, sizeof text);
        qp_write_move(g, st, actions[i], &b);
        printf(" %s", text);
    }
    putchar('\n');
}

static void print_hint(const qp_game *g, const void *st, uint64_t seed)
{
    qp_ai_opts o = {g->max_level, seed, 0};
    qp_ai_info info;
    qp_error err;
    int a;
    char text[64];
    if (!qp_ai_choose(g, st, &o, &a, &info, &err)) {
        printf("no hint: %s\n", err.msg);
        return;
    }
    qp_buf b;
    qp_buf_init(&b, text, sizeof text);
    qp_write_move(g, st, a, &b);
    printf("hint: %s%s%s\n", text, info.note[0] ? " — " : "", info.note);
}

/* Takes back to the human's previous turn; returns the new ply. */
static int undo(const qp_game *g, void *st, int ply, int human_parity)
{
    int target = ply - 1;
    while (target >= 0 && g->players == 2 && target % 2 != human_parity)
        target--;
    qp_error err;
    if (target < 0 || !saved_pos[target] || !qp_engine_load(g, saved_pos[target], st, &err)) {
        puts("nothing to undo");
        return ply;
    }
    return target;
}

int cli_play(const cli_args *a)
{
    const qp_game *g = cli_game(a);
    qp_ai_opts o;
    qp_error err;
    uint64_t seed;
    if (!g)
        return CLI_BAD_INPUT;
    memset(&o, 0, sizeof o);
    if (!qp_parse_level(g, cli_opt(a, "level"), &o.level, &err) ||
        !qp_parse_seed(cli_opt(a, "seed"), &seed, &err))
        return cli_bad("%s", err.msg);
    const char *params = cli_opt(a, "params");
    if (params && !qp_check_ascii(params, 256, "params", &err))
        return cli_bad("%s", err.msg);
    void *st = &play_state;
    memset(st, 0, g->state_size);
    if (!g->init(st, params, seed, &err))
        return cli_bad("%s", err.msg);
    int human = cli_opt(a, "second") && g->players == 2 ? 1 : 0;
    int ply = 0;
    char line[256];
    printf("%s, AI level %d. Type a move, or: hint, undo, legal, quit.\n", g->title, o.level);
    while (g->status(st).phase == QP_TURN) {
        save_pos(g, st, ply);
        if (g->players == 2 && ply % 2 != human) {
            int act;
            o.seed = qp_mix_seed(seed, (uint64_t)ply);
            if (!qp_ai_choose(g, st, &o, &act, NULL, &err))
                return cli_bad("%s", err.msg);
            qp_buf b;
            qp_buf_init(&b, line, sizeof line);
            qp_write_move(g, st, act, &b);
            g->apply(st, act);
            printf("AI plays %s\n", line);
            ply++;
            continue;
        }
        print_state(g, st);
        fputs("> ", stdout);
        fflush(stdout);
        if (!fgets(line, sizeof line, stdin))
            return CLI_OK;
        line[strcspn(line, "\r\n")] = '\0';
        if (!strcmp(line, "quit") || !strcmp(line, "q"))
            return CLI_OK;
        if (!strcmp(line, "legal")) {
            print_legal(g, st);
        } else if (!strcmp(line, "hint")) {
            print_hint(g, st, qp_mix_seed(seed, (uint64_t)ply));
        } else if (!strcmp(line, "undo")) {
            ply = undo(g, st, ply, human);
        } else if (qp_apply_text(g, st, line, &err)) {
            ply++;
        } else {
            printf("%s\n", err.msg);
        }
    }
    print_state(g, st);
    return CLI_OK;
}
