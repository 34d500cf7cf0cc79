/* Params and action parsing: the input is "PARAMS\nACTION\nACTION...";
 * each is refused with a message or applied, never half-applied. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const qp_game *g = fuzz_game(&data, &size);
    qp_error err = {""};
    if (!g || size < 1)
        return 0;
    uint64_t seed = data[0];
    char *text = (char *)fuzz_string(data + 1, size - 1);
    char *line = strtok(text, "\n");
    const char *params = line && strcmp(line, "-") ? line : NULL;
    memset(&fuzz_st, 0, g->state_size);
    if (!qp_check_ascii(params ? params : "", 256, "params", &err) ||
        !g->init(&fuzz_st, params, seed, &err)) {
        FUZZ_ASSERT(err.msg[0] != '\0');
        return 0;
    }
    fuzz_check_state(g, &fuzz_st);
    static char before[QP_TEXT_MAX * 4], after[QP_TEXT_MAX * 4];
    while ((line = strtok(NULL, "\n")) != NULL) {
        qp_buf b;
        qp_buf_init(&b, before, sizeof before);
        g->format_pos(&fuzz_st, &b);
        err.msg[0] = '\0';
        if (qp_apply_text(g, &fuzz_st, line, &err)) {
            fuzz_check_state(g, &fuzz_st);
        } else {
            FUZZ_ASSERT(err.msg[0] != '\0');
            qp_buf_init(&b, after, sizeof after);
            g->format_pos(&fuzz_st, &b);
            FUZZ_ASSERT(!strcmp(before, after)); /* a refused action changes nothing */
        }
    }
    return 0;
}
