package dev.eventual.order.api;

import dev.eventual.web.ApiProblemException;

import java.util.UUID;

/** Input rules of the order API that Bean Validation cannot express on its own. */
final class OrderRequests {

    static final String IDEMPOTENCY_KEY_PATTERN = "[A-Za-z0-9._:-]{1,64}";
    static final String IDEMPOTENCY_KEY_RULE = "must be 1-64 characters of A-Z a-z 0-9 . _ : -";

    private OrderRequests() {
    }

    /**
     * The key from the header or the body; both may be given if equal. Without any, the request is
     * not idempotent and gets a key of its own.
     */
    static String idempotencyKey(String header, String bodyField) {
        if (header != null && !header.matches(IDEMPOTENCY_KEY_PATTERN)) {
            throw ApiProblemException.invalid("Idempotency-Key", IDEMPOTENCY_KEY_RULE);
        }
        if (header != null && bodyField != null && !header.equals(bodyField)) {
            throw ApiProblemException.invalid("idempotencyKey", "differs from the Idempotency-Key header");
        }
        if (header != null) {
            return header;
        }
        return bodyField != null ? bodyField : UUID.randomUUID().toString();
    }
}
