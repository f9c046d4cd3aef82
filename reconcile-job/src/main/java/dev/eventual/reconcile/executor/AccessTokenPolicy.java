package dev.eventual.reconcile.executor;

import java.util.Locale;
import java.util.Set;

/**
 * The executor's access token is all that stands between the network and "run this job": an empty
 * one let anybody run code (CVE history of XXL-Job), and 2.3.1–2.4.x shipped a well-known default.
 */
final class AccessTokenPolicy {

    static final int MIN_LENGTH = 16;
    private static final Set<String> WELL_KNOWN = Set.of("default_token", "xxl-job", "xxl_job", "xxljob",
            "changeme", "change-me", "secret", "token", "password", "123456");

    private AccessTokenPolicy() {
    }

    /** @return why the token is unacceptable, or null when it is fine */
    static String problemWith(String token) {
        if (token == null || token.isBlank()) {
            return "xxl.job.access-token is empty";
        }
        if (WELL_KNOWN.contains(token.trim().toLowerCase(Locale.ROOT))) {
            return "xxl.job.access-token is a published default";
        }
        if (token.length() < MIN_LENGTH) {
            return "xxl.job.access-token is shorter than " + MIN_LENGTH + " characters";
        }
        return null;
    }
}
