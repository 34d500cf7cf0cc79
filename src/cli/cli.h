/* cli.h — what the qipan command's sub-commands share. */
#ifndef QP_CLI_H
#define QP_CLI_H

#include <stdio.h>

#include "engine.h"

#define CLI_MAX_POSITIONAL 512
#define CLI_MAX_OPTIONS 12

/* Exit statuses (docs/contract.md): 0 done, 2 bad input, 1 anything else. */
enum { CLI_OK = 0, CLI_FAILED = 1, CLI_BAD_INPUT = 2 };

typedef struct {
    const char *positional[CLI_MAX_POSITIONAL];
    int n_positional;
    const char *opt_name[CLI_MAX_OPTIONS];
    const char *opt_value[CLI_MAX_OPTIONS]; /* "" for flags */
    int n_options;
} cli_args;

typedef struct {
    const char *name;
    const char *usage; /* arguments after the name */
    const char *help; /* what it does, one or more lines */
    int min_args, max_args; /* positional arguments */
    const char *options; /* space-separated names taking a value */
    const char *flags; /* space-separated names taking none */
    int (*run)(const cli_args *a);
} cli_command;

/* The value of --name, or NULL. */
const char *cli_opt(const cli_args *a, const char *name);
/* Prints "qipan: message" to stderr and returns CLI_BAD_INPUT. */
int cli_bad(const char *fmt, ...);
/* Looks up the game named by the first positional argument. */
const qp_game *cli_game(const cli_args *a);

int cli_play(const cli_args *a);
int cli_pbrain(const cli_args *a);
int cli_solve(const cli_args *a);

#endif
