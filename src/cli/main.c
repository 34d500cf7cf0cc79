/* main.c — the qipan command: the engine contract (docs/contract.md) on a
 * terminal.
 *
 * Each sub-command is a row of COMMANDS below; its options are checked
 * against the row before it runs, so a typo is an error, never ignored.
 */
#include <stdlib.h>
#include <string.h>

#include "match.h"
#include "review.h"
#include "cli.h"

#define OUT_MAX (1 << 20)
static char out_mem[OUT_MAX];

/* Prints the answer of an engine call, or its error with status 2. */
static int answer(bool ok, const qp_buf *out, const qp_error *err)
{
    if (!ok)
        return cli_bad("%s", err->msg);
    puts(out->data);
    return CLI_OK;
}

static qp_buf fresh_out(void)
{
    qp_buf b;
    qp_buf_init(&b, out_mem, sizeof out_mem);
    return b;
}

static int run_list(const cli_args *a)
{
    (void)a;
    for (int i = 0; i < qp_game_count; i++)
        puts(qp_games[i]->id);
    return CLI_OK;
}

static int run_new(const cli_args *a)
{
    const qp_game *g = cli_game(a);
    uint64_t seed;
    qp_error err;
    if (!g)
        return CLI_BAD_INPUT;
    if (!qp_parse_seed(cli_opt(a, "seed"), &seed, &err))
        return cli_bad("%s", err.msg);
    qp_buf out = fresh_out();
    return answer(qp_engine_new(g, cli_opt(a, "params"), seed, &out, &err), &out, &err);
}

typedef bool (*pos_query)(const qp_game *, const char *, qp_buf *, qp_error *);

static int run_query(const cli_args *a, pos_query query)
{
    const qp_game *g = cli_game(a);
    qp_error err;
    if (!g)
        return CLI_BAD_INPUT;
    qp_buf out = fresh_out();
    return answer(query(g, a->positional[1], &out, &err), &out, &err);
}

static int run_show(const cli_args *a)
{
    const qp_game *g = cli_game(a);
    qp_error err;
    if (!g)
        return CLI_BAD_INPUT;
    qp_buf out = fresh_out();
    if (!qp_engine_show(g, a->positional[1], &out, &err))
        return cli_bad("%s", err.msg);
    fputs(out.data, stdout); /* already ends with a newline */
    return CLI_OK;
}

static int run_legal(const cli_args *a) { return run_query(a, qp_engine_legal); }
static int run_status(const cli_args *a) { return run_query(a, qp_engine_status); }
static int run_describe(const cli_args *a) { return run_query(a, qp_engine_describe); }

static int run_apply(const cli_args *a)
{
    const qp_game *g = cli_game(a);
    qp_error err;
    if (!g)
        return CLI_BAD_INPUT;
    qp_buf out = fresh_out();
    bool ok =
        qp_engine_apply(g, a->positional[1], a->positional + 2, a->n_positional - 2, &out, &err);
    return answer(ok, &out, &err);
}

static int run_move(const cli_args *a)
{
    const qp_game *g = cli_game(a);
    qp_error err;
    if (!g)
        return CLI_BAD_INPUT;
    qp_buf out = fresh_out();
    bool ok = qp_engine_move(g, a->positional[1], a->positional[2], &out, &err);
    return answer(ok, &out, &err);
}

static bool read_ai_opts(const qp_game *g, const cli_args *a, qp_ai_opts *o, qp_error *err)
{
    memset(o, 0, sizeof *o);
    return qp_parse_level(g, cli_opt(a, "level"), &o->level, err) &&
           qp_parse_seed(cli_opt(a, "seed"), &o->seed, err) &&
           qp_parse_time(cli_opt(a, "time"), &o->time_ms, err);
}

static int run_ai(const cli_args *a)
{
    const qp_game *g = cli_game(a);
    qp_ai_opts o;
    qp_ai_info info;
    qp_error err;
    if (!g)
        return CLI_BAD_INPUT;
    if (!read_ai_opts(g, a, &o, &err))
        return cli_bad("%s", err.msg);
    qp_buf out = fresh_out();
    double t0 = qp_now_ms();
    bool ok = qp_engine_ai(g, a->positional[1], &o, &out, &info, &err);
    if (ok && cli_opt(a, "verbose")) {
        fprintf(stderr, "nodes %lld, %.1f ms", info.nodes, qp_now_ms() - t0);
        if (info.has_score)
            fprintf(stderr, ", score %d", info.score);
        if (info.note[0])
            fprintf(stderr, ": %s", info.note);
        fputc('\n', stderr);
    }
    return answer(ok, &out, &err);
}

static int run_analyze(const cli_args *a)
{
    const qp_game *g = cli_game(a);
    qp_ai_opts o;
    qp_error err;
    if (!g)
        return CLI_BAD_INPUT;
    if (!read_ai_opts(g, a, &o, &err))
        return cli_bad("%s", err.msg);
    if (!cli_opt(a, "level"))
        o.level = g->max_level;
    qp_buf out = fresh_out();
    return answer(qp_engine_analyze(g, a->positional[1], &o, &out, &err), &out, &err);
}

static int run_info(const cli_args *a)
{
    const qp_game *g = cli_game(a);
    if (!g)
        return CLI_BAD_INPUT;
    qp_buf out = fresh_out();
    qp_engine_info(g, &out);
    puts(out.data);
    return CLI_OK;
}

static void print_line(void *ctx, const char *line)
{
    (void)ctx;
    puts(line);
    fflush(stdout);
}

static int run_match(const cli_args *a)
{
    const qp_game *g = cli_game(a);
    qp_match_opts o = {{0, 0}, 0, 1, NULL, 0};
    qp_match_result r;
    qp_error err;
    long long games;
    if (!g)
        return CLI_BAD_INPUT;
    const char *games_text = cli_opt(a, "games");
    if (!cli_opt(a, "a"))
        return cli_bad("match needs --a LEVEL");
    if (g->players == 1 && cli_opt(a, "b"))
        return cli_bad("%s is a one-player game: give --a only", g->id);
    if (g->players == 2 && !cli_opt(a, "b"))
        return cli_bad("match needs --b LEVEL for a two-player game");
    if (!games_text || !qp_parse_int(games_text, 1, 10000000, &games))
        return cli_bad("match needs --games N, N from 1 to 10000000");
    o.games = (int)games;
    o.params = cli_opt(a, "params");
    if (!qp_parse_level(g, cli_opt(a, "a"), &o.level[0], &err) ||
        (g->players == 2 && !qp_parse_level(g, cli_opt(a, "b"), &o.level[1], &err)) ||
        !qp_parse_seed(cli_opt(a, "seed"), &o.seed, &err) ||
        !qp_parse_time(cli_opt(a, "time"), &o.time_ms, &err))
        return cli_bad("%s", err.msg);
    if (o.params && !qp_check_ascii(o.params, 256, "params", &err))
        return cli_bad("%s", err.msg);
    if (!qp_match(g, &o, &r, cli_opt(a, "quiet") ? NULL : print_line, NULL, &err))
        return cli_bad("%s", err.msg);
    for (int i = 0; i < g->players; i++)
        if (r.moves[i])
            printf("%c: level %d, %lld moves, %.3f ms a move\n", "ab"[i], o.level[i], r.moves[i],
                   r.ms[i] / (double)r.moves[i]);
    if (g->players == 1) {
        double lo, hi;
        qp_wilson95(r.wins[0], o.games, &lo, &hi);
        printf("won %.2f%%, 95%% interval (Wilson) %.2f%%-%.2f%%, %.3f ms a game\n",
               100.0 * r.wins[0] / o.games, 100 * lo, 100 * hi, r.ms[0] / o.games);
        printf("won=%d lost=%d\n", r.wins[0], r.wins[1]);
        return CLI_OK;
    }
    if (r.draws) {
        fputs("draws by", stdout);
        for (int i = 0; i < QP_MATCH_REASONS && r.draw_reason[i]; i++)
            printf(" %s=%d", r.draw_reason[i], r.draw_count[i]);
        putchar('\n');
    }
    printf("a=%d b=%d draws=%d\n", r.wins[0], r.wins[1], r.draws);
    return CLI_OK;
}

/* link and record: GAME START [--seed N] [ACTION...]. */
static int run_travel(const cli_args *a, bool as_record)
{
    const qp_game *g = cli_game(a);
    qp_error err;
    if (!g)
        return CLI_BAD_INPUT;
    qp_buf out = fresh_out();
    bool ok = qp_engine_link(g, a->positional[1], cli_opt(a, "seed"), a->positional + 2,
                             a->n_positional - 2, as_record, &out, &err);
    return answer(ok, &out, &err);
}

static int run_link(const cli_args *a) { return run_travel(a, false); }
static int run_record(const cli_args *a) { return run_travel(a, true); }

static int run_open(const cli_args *a)
{
    qp_error err;
    qp_buf out = fresh_out();
    return answer(qp_engine_open(a->positional[0], &out, &err), &out, &err);
}

static int run_review(const cli_args *a)
{
    qp_error err;
    qp_buf out = fresh_out();
    return answer(qp_engine_review(a->positional[0], cli_opt(a, "level"), &out, &err), &out, &err);
}

static int run_help(const cli_args *a);

static const cli_command COMMANDS[] = {
    {"list", "", "List the game ids, one a line.", 0, 0, "", "", run_list},
    {"new", "GAME [--params P] [--seed N]",
     "Print the start POS of a new game. The seed fixes any deal (default 1).", 1, 1, "params seed",
     "", run_new},
    {"show", "GAME POS", "Draw the position as text.", 2, 2, "", "", run_show},
    {"legal", "GAME POS", "Print the legal actions, space-separated.", 2, 2, "", "", run_legal},
    {"apply", "GAME POS ACTION...",
     "Apply the actions in order and print the new POS; nothing is applied\n"
     "unless every action is legal. Each is an action or a move as the game\n"
     "writes it (gomoku: 7,7 or h8), here and in every command that takes one.",
     3, CLI_MAX_POSITIONAL, "", "", run_apply},
    {"move", "GAME POS ACTION",
     "Print the action (or move) played on POS as moves are written in links,\n"
     "records, the move list and the page's status line (gomoku: 7,7 is h8).",
     3, 3, "", "", run_move},
    {"status", "GAME POS",
     "Print \"turn S\", \"win S\" or \"draw\" (one-player games: playing, won, lost).", 2, 2, "",
     "", run_status},
    {"ai", "GAME POS [--level L] [--seed N] [--time MS] [--verbose]",
     "Print the AI's action. The seed fixes its choices; --time trades that for a\n"
     "clock. --verbose adds nodes, time and score on stderr.",
     2, 2, "level seed time", "verbose", run_ai},
    {"analyze", "GAME POS [--level L] [--seed N]",
     "Print the AI's view of every option as JSON (hints, analysis).", 2, 2, "level seed time", "",
     run_analyze},
    {"describe", "GAME POS", "Print the position as JSON, as the page draws it.", 2, 2, "", "",
     run_describe},
    {"info", "GAME", "Print the game's levels, players and default params as JSON.", 1, 1, "", "",
     run_info},
    {"link", "GAME START [--seed N] [ACTION...]",
     "Print the link fragment (after the page's #) of a game: START is the params\n"
     "text or =POS, one argument each; the seed only for games that deal from it\n"
     "(minesweeper, beast). The actions (or moves) are replayed and checked.",
     2, CLI_MAX_POSITIONAL, "seed", "", run_link},
    {"record", "GAME START [--seed N] [ACTION...]",
     "Print the same game as a record line, \"GAME START | MOVES\".", 2, CLI_MAX_POSITIONAL, "seed",
     "", run_record},
    {"open", "TEXT",
     "Read a link fragment, a whole address, a record (a note after ';' is left out)\n"
     "or a gomoku game's Piskvork .psq, replay every move and print the game as JSON:\n"
     "game, start, params, seed, actions, moves, positions (the POS after 0..n\n"
     "moves), link and record (both canonical).",
     1, 1, "", "", run_open},
    {"review", "TEXT [--level L]",
     "Review the game of a link, an address or a record (finished or not) and print\n"
     "JSON: each ply's move, the engine's move, the mover's win chance before and\n"
     "after (exact where the game is solved), its class (best, good, inaccuracy,\n"
     "mistake, blunder) and a summary per side with an accuracy (docs/contract.md).\n"
     "The level (default: the highest) sets the work a ply.",
     1, 1, "level", "", run_review},
    {"match", "GAME --a L [--b L] --games N [--seed S] [--params P] [--time MS] [--quiet]",
     "Play AI against AI; the last line is \"a=W b=W draws=D\" (one-player games:\n"
     "--a only, \"won=W lost=L\", after a line with the win rate, its 95% Wilson\n"
     "interval and the ms a game). Two-player games come in pairs on one deal with\n"
     "the seats swapped.",
     1, 1, "a b games seed params time", "quiet", run_match},
    {"play", "GAME [--level L] [--seed N] [--params P] [--second]",
     "Play against the AI in the terminal (you move first unless --second).\n"
     "Type a move, or: hint, undo, legal, quit.",
     1, 1, "level seed params", "second", cli_play},
    {"pbrain", "[--level L]",
     "Play gomoku as a Gomocup brain: the piskvork protocol on stdin/stdout (START,\n"
     "RECTSTART, RESTART, BEGIN, TURN, BOARD, TAKEBACK, INFO, ABOUT, END). Moves use\n"
     "the clock of INFO timeout_turn/time_left, else the level's budget.",
     0, 0, "level", "", cli_pbrain},
    {"solve", "connect4 [--weak] [--params WxH] [--no-book]",
     "Read move strings (1-based columns, one position a line) on stdin and print\n"
     "\"MOVES SCORE\" with the exact score for the side to move (--weak: -1, 0, 1);\n"
     "a summary line goes to stderr. --no-book skips the 7x6 opening book.",
     1, 1, "params", "weak no-book", cli_solve},
    {"help", "[COMMAND]", "Show help.", 0, 1, "", "", run_help},
};

static const cli_command *find_command(const char *name)
{
    for (int i = 0; i < QP_ARRAY_LEN(COMMANDS); i++)
        if (!strcmp(COMMANDS[i].name, name))
            return &COMMANDS[i];
    return NULL;
}

static void print_usage(FILE *f, const cli_command *c)
{
    fprintf(f, "usage: qipan %s %s\n%s\n", c->name, c->usage, c->help);
}

static int run_help(const cli_args *a)
{
    if (a->n_positional == 1) {
        const cli_command *c = find_command(a->positional[0]);
        if (!c)
            return cli_bad("no command '%s' (try: qipan help)", a->positional[0]);
        print_usage(stdout, c);
        return CLI_OK;
    }
    puts("qipan: six grid board games, their rules and AIs (docs/contract.md).\n"
         "usage: qipan COMMAND [ARGS]; qipan COMMAND --help for one command.\n");
    for (int i = 0; i < QP_ARRAY_LEN(COMMANDS); i++)
        printf("  %-9s %s\n", COMMANDS[i].name, COMMANDS[i].usage);
    puts("\nGames and their params:");
    for (int i = 0; i < qp_game_count; i++)
        printf("  %-12s levels 1-%d; params: %s\n", qp_games[i]->id, qp_games[i]->max_level,
               qp_games[i]->params_help);
    return CLI_OK;
}

static bool word_in(const char *word, const char *list)
{
    size_t n = strlen(word);
    for (const char *p = list; *p;) {
        const char *end = strchr(p, ' ');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len == n && !strncmp(p, word, n))
            return true;
        if (!end)
            break;
        p = end + 1;
    }
    return false;
}

/* Splits argv into positional arguments and the command's known options. */
static int parse_args(const cli_command *c, int argc, char **argv, cli_args *a)
{
    memset(a, 0, sizeof *a);
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i];
        if (s[0] == '-' && s[1] == '-' && s[2]) {
            const char *name = s + 2;
            bool takes_value = word_in(name, c->options);
            if (!takes_value && !word_in(name, c->flags))
                return cli_bad("%s: unknown option --%s (try: qipan %s --help)", c->name, name,
                               c->name);
            if (cli_opt(a, name) || a->n_options == CLI_MAX_OPTIONS)
                return cli_bad("%s: --%s given twice", c->name, name);
            if (takes_value && i + 1 >= argc)
                return cli_bad("%s: --%s needs a value", c->name, name);
            a->opt_name[a->n_options] = name;
            a->opt_value[a->n_options++] = takes_value ? argv[++i] : "";
        } else {
            if (a->n_positional == CLI_MAX_POSITIONAL)
                return cli_bad("%s: too many arguments", c->name);
            a->positional[a->n_positional++] = s;
        }
    }
    if (a->n_positional < c->min_args || a->n_positional > c->max_args)
        return cli_bad("usage: qipan %s %s", c->name, c->usage);
    return CLI_OK;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return cli_bad("usage: qipan COMMAND [ARGS] (try: qipan help)");
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))
        argv[1] = "help";
    const cli_command *c = find_command(argv[1]);
    if (!c)
        return cli_bad("unknown command '%s' (try: qipan help)", argv[1]);
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            print_usage(stdout, c);
            return CLI_OK;
        }
    }
    cli_args a;
    int rc = parse_args(c, argc - 2, argv + 2, &a);
    if (rc != CLI_OK)
        return rc;
    rc = c->run(&a);
    if (fflush(stdout) != 0)
        return CLI_FAILED;
    return rc;
}
