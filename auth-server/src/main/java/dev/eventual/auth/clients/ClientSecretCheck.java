package dev.eventual.auth.clients;

import org.springframework.boot.security.oauth2.server.authorization.autoconfigure.servlet.OAuth2AuthorizationServerProperties;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Refuses to start while a confidential client (the services', the payment provider's, the console's)
 * has no secret of its own: a missing {@code EVENTUAL_*_CLIENT_SECRET} would otherwise register the
 * placeholder's text or an empty secret, and no secret ships with the suite (docs/security.md, "Services
 * prove who they are"). A public client (no authentication method but {@code none}) has none by design.
 */
@Component
class ClientSecretCheck {

    /** As the services' own secrets: long enough that guessing is no way in. */
    static final int MINIMUM_LENGTH = 16;

    ClientSecretCheck(OAuth2AuthorizationServerProperties properties) {
        List<String> refused = refused(properties.getClient());
        if (!refused.isEmpty()) {
            throw new IllegalStateException("no secret of at least " + MINIMUM_LENGTH + " characters for client "
                    + String.join(", ", refused) + ": set it (docs/security.md, \"Services prove who they are\")");
        }
    }

    static List<String> refused(Map<String, OAuth2AuthorizationServerProperties.Client> clients) {
        List<String> refused = new ArrayList<>();
        clients.forEach((name, client) -> {
            OAuth2AuthorizationServerProperties.Registration registration = client.getRegistration();
            if (registration.getClientAuthenticationMethods().equals(Set.of("none"))) {
                return;
            }
            if (!acceptable(registration.getClientSecret())) {
                refused.add(registration.getClientId() == null ? name : registration.getClientId());
            }
        });
        return refused;
    }

    /** {@code {noop}secret} or {@code {bcrypt}hash}: what follows the encoder's id, and no unresolved {@code ${...}}. */
    private static boolean acceptable(String secret) {
        if (secret == null || secret.contains("${")) {
            return false;
        }
        String value = secret.startsWith("{") && secret.indexOf('}') > 0 ? secret.substring(secret.indexOf('}') + 1) : secret;
        return value.strip().length() >= MINIMUM_LENGTH;
    }
}
