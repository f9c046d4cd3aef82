package dev.eventual.launcher;

import java.net.URI;
import java.util.Locale;
import java.util.Map;

/**
 * One request of the bad-input corpus and the refusal it must get.
 *
 * @param endpoint the endpoint it targets as documented, e.g. {@code POST /api/orders}
 * @param what     what is wrong with this request
 * @param as       who it is sent as: the IT adds that caller's credential (a real bearer token of the
 *                 shared suite, a person's or a client's) to {@code headers}
 * @param forgery  null, or how the bearer token of {@code as} is forged before it is sent
 * @param path     path and query exactly as sent (already percent-encoded); {@link BadInputCorpus#ANOTHERS_ORDER}
 *                 stands for a real order of another customer, placed by the IT
 * @param body     null sends no body
 * @param chunked  sends the body without a Content-Length, so only counting can catch its size
 * @param type     the problem {@code type} the answer must carry
 * @param field    the input the problem must name in {@code invalidParams}; null when the request is
 *                 refused as a whole (malformed, unauthorized, wrong method, ...)
 * @param detail   what the problem's {@code detail} must say (for a 401: which credential is missing or
 *                 wrong; for a 403: why); null when any non-blank detail will do
 */
record BadInput(Service service, String endpoint, String what, Identity as, Forgery forgery, String method, String path,
                Map<String, String> headers, byte[] body, boolean chunked, int status, URI type, String field,
                String detail) {

    enum Service { ORDER, INVENTORY, NOTICE, RECONCILE }

    /** A caller of the shared suite, and the credential the IT sends for it: a real bearer token of its own. */
    enum Identity {
        /** No credential at all (a case may still carry a wrong one in its own headers). */
        NONE(null, false),
        /** alice, customer 1: the user of the corpus' order bodies ({@code "userId":1}). */
        CUSTOMER("alice", false),
        OPERATOR("olga", false),
        ADMIN("adam", false),
        /** reconcile-job's own client: re-drives, releases, repairs the stock gate and cancels. */
        RECONCILE_JOB("reconcile-job", true),
        /** inventory-service's own client: reports its consumer group's outcomes. */
        INVENTORY_SERVICE("inventory-service", true),
        /** The payment provider's client: pays. */
        PAYMENT_PROVIDER("payment-provider", true);

        /** What {@code SuiteIdentity.token} signs in or gets a client token for; null for no one. */
        final String who;
        private final boolean client;

        Identity(String who, boolean client) {
            this.who = who;
            this.client = client;
        }

        boolean isPerson() {
            return who != null && !client;
        }

        /** One of the suite's confidential clients (client credentials), never a person. */
        boolean isClient() {
            return client;
        }

        boolean hasToken() {
            return who != null;
        }
    }

    /**
     * A bearer token forged from the real one of {@link #as}, never signed with the suite's key: the
     * claims changed and signed with a key of the test's own, no signature, a signature by the public
     * key, or a real signature over a changed payload ({@code ForgedTokens}).
     */
    enum Forgery {
        EXPIRED("expired"),
        NOT_YET_VALID("not yet valid"),
        WRONG_ISSUER("from another issuer"),
        WRONG_AUDIENCE("for another audience"),
        OWN_KEY("signed with a key of the caller's own"),
        ALG_NONE("alg none (unsigned)"),
        HS256_WITH_THE_PUBLIC_KEY("HS256 with the auth server's public key as the secret"),
        TAMPERED("real signature, payload changed to the admin role");

        final String description;

        Forgery(String description) {
            this.description = description;
        }
    }

    /** The test name: service, endpoint, caller, what is wrong and the expected status. */
    @Override
    public String toString() {
        String caller = as == Identity.NONE ? "" : " as " + as.name().toLowerCase(Locale.ROOT);
        return service.name().toLowerCase(Locale.ROOT) + " " + endpoint + caller + ": " + what + " -> " + status;
    }
}
