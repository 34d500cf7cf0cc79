/* args.c — what the sub-commands share (cli.h): their options, the game
 * they name, and how they say that the input is bad. main.c dispatches to
 * the sub-commands and they call these, so the calls go one way. */
#include <stdarg.h>
#include <string.h>

#include "cli.h"

const char *cli_opt(const cli_args *a, const char *name)
{
    for (int i = 0; i < a->n_options; i++)
        if (!strcmp(a->opt_name[i], name))
            return a->opt_value[i];
    return NULL;
}

int cli_bad(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("qipan: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return CLI_BAD_INPUT;
}

const qp_game *cli_game(const cli_args *a)
{
    const qp_game *g;
    qp_error err;
    if (!qp_engine_game(a->positional[0], &g, &err)) {
        cli_bad("%s", err.msg);
        return NULL;
    }
    return g;
}
