package dev.eventual.auth.tokens;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Component;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code eventual.auth.tokens.issued{client, grant}}: access tokens issued, per client and grant. A service
 * keeps its client-credentials token until shortly before it expires, so under any load its rate is about one
 * per token lifetime (docs/security.md, "The flows"); a rate that follows the order rate means a service asks
 * per call. Tags are bounded: clients are the registered ones, grants the server's.
 */
@Component
class IssuedTokens {

    static final String METER = "eventual.auth.tokens.issued";

    private final MeterRegistry registry;
    private final Map<String, Counter> counters = new ConcurrentHashMap<>();

    IssuedTokens(MeterRegistry registry) {
        this.registry = registry;
    }

    void issued(String clientId, String grant) {
        counters.computeIfAbsent(clientId + ' ' + grant, key -> registry.counter(METER, "client", clientId, "grant", grant))
                .increment();
    }
}
