package dev.eventual.launcher;

import java.net.URI;
import java.util.Locale;
import java.util.Map;

/**
 * One request of the bad-input corpus and the refusal it must get.
 *
 * @param endpoint the endpoint it targets as documented, e.g. {@code POST /api/orders}
 * @param what     what is wrong with this request
 * @param path     path and query exactly as sent (already percent-encoded)
 * @param body     null sends no body
 * @param chunked  sends the body without a Content-Length, so only counting can catch its size
 * @param type     the problem {@code type} the answer must carry
 * @param field    the input the problem must name in {@code invalidParams}; null when the request is
 *                 refused as a whole (malformed, unauthorized, wrong method, ...)
 */
record BadInput(Service service, String endpoint, String what, String method, String path,
                Map<String, String> headers, byte[] body, boolean chunked, int status, URI type, String field) {

    enum Service { ORDER, INVENTORY, NOTICE, RECONCILE }

    /** The test name: service, endpoint, what is wrong and the expected status. */
    @Override
    public String toString() {
        return service.name().toLowerCase(Locale.ROOT) + " " + endpoint + ": " + what + " -> " + status;
    }
}
