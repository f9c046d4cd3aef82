package dev.eventual.web;

import org.springframework.core.env.Environment;

/**
 * Refuses to start a service whose Feign calls take its own client's token (docs/security.md, "Services
 * prove who they are") while that client has no secret of 16+ characters ({@code EVENTUAL_CLIENT_SECRET}):
 * without this the service would start and fail every call to its peers.
 */
final class PeerCallCredential {

    static final int MINIMUM_LENGTH = 16;

    PeerCallCredential(Environment environment) {
        String registration = environment.getProperty("spring.cloud.openfeign.oauth2.client-registration-id");
        String secret = registration == null ? null
                : environment.getProperty("spring.security.oauth2.client.registration." + registration + ".client-secret");
        if (secret == null || secret.strip().length() < MINIMUM_LENGTH) {
            throw new IllegalStateException("this service calls its peers with its own OAuth2 client ("
                    + registration + "), but its secret is missing or under " + MINIMUM_LENGTH
                    + " characters: set EVENTUAL_CLIENT_SECRET (docs/security.md)");
        }
    }
}
