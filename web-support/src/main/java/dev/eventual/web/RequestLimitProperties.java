package dev.eventual.web;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * @param maxRequestBody {@code eventual.web.max-request-body}: larger bodies get 413 before any
 *                       parsing (default 16KB; an order is a few hundred bytes)
 */
@ConfigurationProperties("eventual.web")
public record RequestLimitProperties(@DefaultValue("16KB") DataSize maxRequestBody) {
}
