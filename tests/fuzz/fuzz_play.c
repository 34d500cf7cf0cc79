/* Random action sequences: each input byte picks one of the legal actions;
 * every state along the way satisfies the invariants, games end within
 * max_plies, and now and then the AI (level 1) must answer legally. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int actions[QP_MAX_ACTIONS];
    const qp_game *g = fuzz_game(&data, &size);
    qp_error err;
    if (!g || size < 2)
        return 0;
    memset(&fuzz_st, 0, g->state_size);
    if (!g->init(&fuzz_st, NULL, (uint64_t)data[0] << 8 | data[1], &err))
        abort(); /* default params must always work */
    int plies = 0;
    for (size_t i = 2; i < size; i++) {
        fuzz_check_state(g, &fuzz_st);
        int n = g->legal(&fuzz_st, actions, QP_MAX_ACTIONS);
        if (n == 0)
            break;
        int a = actions[(data[i] * 251u + i) % (unsigned)n];
        if (data[i] == 0xff) {
            qp_ai_opts o = {1, data[i - 1], 0};
            FUZZ_ASSERT(qp_ai_choose(g, &fuzz_st, &o, &a, NULL, &err));
        }
        g->apply(&fuzz_st, a);
        FUZZ_ASSERT(++plies <= g->max_plies);
    }
    return 0;
}
