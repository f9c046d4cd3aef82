package dev.eventual.common.api.problem;

import java.net.URI;

/**
 * RFC 9457 problem {@code type} values every service answers with. Bodies are
 * {@code application/problem+json} with {@code type, title, status, detail, instance} and, for
 * validation problems, an {@value #INVALID_PARAMS} extension listing {@link InvalidParam}s.
 */
public final class ProblemTypes {

    public static final String INVALID_PARAMS = "invalidParams";

    public static final URI VALIDATION = URI.create("urn:eventual:problem:validation");
    public static final URI MALFORMED_REQUEST = URI.create("urn:eventual:problem:malformed-request");
    public static final URI UNSUPPORTED_MEDIA_TYPE = URI.create("urn:eventual:problem:unsupported-media-type");
    public static final URI NOT_FOUND = URI.create("urn:eventual:problem:not-found");
    public static final URI CONFLICT = URI.create("urn:eventual:problem:conflict");
    /** The stock gate has too few units of the SKU left (docs/stock-gate.md). */
    public static final URI SOLD_OUT = URI.create("urn:eventual:problem:sold-out");
    /** The stock gate's catalog is seeded and has no count for the SKU: it is not sold (docs/stock-gate.md). */
    public static final URI UNKNOWN_SKU = URI.create("urn:eventual:problem:unknown-sku");
    public static final URI UNAUTHORIZED = URI.create("urn:eventual:problem:unauthorized");
    /** Authenticated, but the caller's role may not make this act. */
    public static final URI FORBIDDEN = URI.create("urn:eventual:problem:forbidden");
    public static final URI BROKER_UNAVAILABLE = URI.create("urn:eventual:problem:broker-unavailable");
    public static final URI DATABASE_UNAVAILABLE = URI.create("urn:eventual:problem:database-unavailable");
    /** A write may or may not have happened (its commit call failed); read the resource to learn it. */
    public static final URI OUTCOME_UNKNOWN = URI.create("urn:eventual:problem:outcome-unknown");
    /**
     * A consumer refused to clean its records: its retention does not outlive the caller's re-drive horizon
     * (docs/retention.md, "The floor"). Nothing was deleted.
     */
    public static final URI RETENTION_TOO_SHORT = URI.create("urn:eventual:problem:retention-too-short");
    public static final URI DEPENDENCY_UNAVAILABLE = URI.create("urn:eventual:problem:dependency-unavailable");
    public static final URI INTERNAL = URI.create("urn:eventual:problem:internal");

    /** For protocol-level refusals with no type of their own (405, 406, ...). */
    public static URI forHttpStatus(int status) {
        return URI.create("urn:eventual:problem:http-" + status);
    }

    private ProblemTypes() {
    }
}
