package dev.eventual.auth.grants;

import org.springframework.security.oauth2.server.authorization.InMemoryOAuth2AuthorizationService;
import org.springframework.security.oauth2.server.authorization.OAuth2Authorization;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationService;
import org.springframework.security.oauth2.server.authorization.OAuth2TokenType;
import org.springframework.stereotype.Component;

/**
 * The grants in flight and issued, kept in memory. Spring Authorization Server's in-memory store is not
 * safe for concurrent use (two code exchanges at once failed with a ConcurrentModificationException and a
 * 500), so every call holds one lock; a login takes a few of them, far below the cost of its password
 * hash. Issued grants are not evicted: a process of this server keeps every login since its start, a
 * few kilobytes each (docs/security.md, "Limits").
 */
@Component
class Authorizations implements OAuth2AuthorizationService {

    private final InMemoryOAuth2AuthorizationService store = new InMemoryOAuth2AuthorizationService();

    @Override
    public synchronized void save(OAuth2Authorization authorization) {
        store.save(authorization);
    }

    @Override
    public synchronized void remove(OAuth2Authorization authorization) {
        store.remove(authorization);
    }

    @Override
    public synchronized OAuth2Authorization findById(String id) {
        return store.findById(id);
    }

    @Override
    public synchronized OAuth2Authorization findByToken(String token, OAuth2TokenType tokenType) {
        return store.findByToken(token, tokenType);
    }
}
