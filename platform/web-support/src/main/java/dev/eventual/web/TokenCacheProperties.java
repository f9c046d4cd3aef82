package dev.eventual.web;

import jakarta.validation.constraints.Positive;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * @param maximumSize {@code eventual.security.token-cache.maximum-size}: verified access tokens kept at once
 *                    (docs/security.md, "Checking a token"); beyond it the least used are dropped and
 *                    verified again when they come back. Each is a few KB (the token and its claims);
 *                    default 10,000, the callers of a token's 5-minute lifetime on one instance
 */
@Validated
@ConfigurationProperties("eventual.security.token-cache")
public record TokenCacheProperties(@DefaultValue("10000") @Positive long maximumSize) {
}
