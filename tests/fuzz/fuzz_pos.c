/* POS parsing: any text is either refused with a message or gives a state
 * that satisfies every invariant. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const qp_game *g = fuzz_game(&data, &size);
    qp_error err = {""};
    if (!g)
        return 0;
    const char *pos = fuzz_string(data, size);
    if (qp_engine_load(g, pos, &fuzz_st, &err))
        fuzz_check_state(g, &fuzz_st);
    else
        FUZZ_ASSERT(err.msg[0] != '\0');
    return 0;
}
