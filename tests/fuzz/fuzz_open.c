/* Opening links and records (qp_engine_open): any text is either refused
 * with a message or opens to JSON whose canonical link opens again to the
 * very same JSON. */
#include "fuzz.h"

static char open_out[1 << 20], open_again[1 << 20], link_text[QP_TEXT_MAX * 8];

/* The "link" field's value (links hold no '"' or '\\': those are %XX). */
static const char *link_of(const char *json)
{
    const char *p = strstr(json, ",\"link\":\"");
    FUZZ_ASSERT(p != NULL);
    p += strlen(",\"link\":\"");
    size_t n = strcspn(p, "\"");
    FUZZ_ASSERT(n < sizeof link_text);
    memcpy(link_text, p, n);
    link_text[n] = '\0';
    return link_text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    qp_error err = {""};
    qp_buf b, b2;
    qp_buf_init(&b, open_out, sizeof open_out);
    if (!qp_engine_open(fuzz_string(data, size), &b, &err)) {
        FUZZ_ASSERT(err.msg[0] != '\0');
        return 0;
    }
    FUZZ_ASSERT(open_out[0] == '{' && open_out[b.len - 1] == '}');
    qp_buf_init(&b2, open_again, sizeof open_again);
    FUZZ_ASSERT(qp_engine_open(link_of(open_out), &b2, &err));
    FUZZ_ASSERT(!strcmp(open_out, open_again));
    fuzz_sink += b.len;
    return 0;
}
