package dev.eventual.scenarios;

import dev.eventual.launcher.identity.SuiteIdentity;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Access tokens from the suite's authorization server, one sign-in per person for the whole scenario
 * (tokens live 30 minutes, longer than any scenario): customers place their own orders, the admin
 * cancels (as a support desk would, for any customer), the operator reads.
 */
final class SuiteTokens {

    private final SuiteIdentity identity;
    private final Map<String, String> tokens = new ConcurrentHashMap<>();

    SuiteTokens(SuiteIdentity identity) {
        this.identity = identity;
    }

    String customer(long userId) {
        return of("customer:" + userId);
    }

    String admin() {
        return of("adam");
    }

    String operator() {
        return of("olga");
    }

    private String of(String who) {
        return tokens.computeIfAbsent(who, identity::token);
    }
}
