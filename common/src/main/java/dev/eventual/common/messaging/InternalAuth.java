package dev.eventual.common.messaging;

/** Service-to-service authentication of {@code /internal/**} endpoints. */
public final class InternalAuth {

    /** Carries the shared service token; a missing or wrong value is answered with 401. */
    public static final String TOKEN_HEADER = "X-Eventual-Service-Token";

    public static final String INTERNAL_PATH_PREFIX = "/internal/";

    private InternalAuth() {
    }
}
