package dev.eventual.web;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * @param maxRequestBody         {@code eventual.web.max-request-body}: larger bodies get 413 before any
 *                               parsing (default 16KB; an order is a few hundred bytes)
 * @param maxInternalRequestBody {@code eventual.web.max-internal-request-body}: the same for {@code /internal/**},
 *                               which only token holders reach (default 512KB: a batch of 500 consumer
 *                               reports with long details)
 */
@ConfigurationProperties("eventual.web")
public record RequestLimitProperties(@DefaultValue("16KB") DataSize maxRequestBody,
                                     @DefaultValue("512KB") DataSize maxInternalRequestBody) {
}
