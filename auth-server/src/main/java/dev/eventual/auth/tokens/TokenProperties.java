package dev.eventual.auth.tokens;

import jakarta.validation.constraints.NotBlank;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * @param audience the {@code aud} of every access token: the services accept only tokens meant for them
 *                 ({@code spring.security.oauth2.resourceserver.jwt.audiences} there)
 */
@Validated
@ConfigurationProperties("eventual.auth.token")
record TokenProperties(@DefaultValue("eventual") @NotBlank String audience) {
}
