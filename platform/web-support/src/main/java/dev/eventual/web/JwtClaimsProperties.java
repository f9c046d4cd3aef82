package dev.eventual.web;

import jakarta.validation.constraints.NotBlank;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Where an access token says who its user is, for identity providers other than the suite's own
 * (docs/security.md, "Another identity provider"). Issuer, audience and keys are Spring Boot's
 * {@code spring.security.oauth2.resourceserver.jwt.*}.
 *
 * @param rolesClaim      the claim holding the roles (customer, operator, admin), a dotted path into
 *                        nested objects: {@code realm_access.roles} for Keycloak's realm roles
 * @param customerIdClaim the claim holding a customer's numeric id, the one its orders carry
 */
@Validated
@ConfigurationProperties("eventual.security.jwt")
public record JwtClaimsProperties(@DefaultValue("roles") @NotBlank String rolesClaim,
                                  @DefaultValue("customer_id") @NotBlank String customerIdClaim) {
}
