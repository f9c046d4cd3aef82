package dev.eventual.order.api;

import dev.eventual.web.ApiProblemException;

import java.util.Optional;
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
        KeyRefusal refusal = refusal(header, bodyField);
        if (refusal != null) {
            throw ApiProblemException.invalid(refusal.field(), refusal.rule());
        }
        String given = header != null ? header : bodyField;
        return given != null ? given : UUID.randomUUID().toString();
    }

    /**
     * The key the client gave, where {@link #idempotencyKey} would take it as it is; empty when none is given (the
     * key will be minted) or it would be refused. For {@link SoldOutDoor}, which steps aside instead of refusing.
     * A body field's own form is Bean Validation's ({@link CreateOrderRequest}).
     */
    static Optional<String> givenKey(String header, String bodyField) {
        String given = header != null ? header : bodyField;
        return given == null || refusal(header, bodyField) != null ? Optional.empty() : Optional.of(given);
    }

    private record KeyRefusal(String field, String rule) {
    }

    private static KeyRefusal refusal(String header, String bodyField) {
        if (header != null && !header.matches(IDEMPOTENCY_KEY_PATTERN)) {
            return new KeyRefusal("Idempotency-Key", IDEMPOTENCY_KEY_RULE);
        }
        if (header != null && bodyField != null && !header.equals(bodyField)) {
            return new KeyRefusal("idempotencyKey", "differs from the Idempotency-Key header");
        }
        return null;
    }
}
