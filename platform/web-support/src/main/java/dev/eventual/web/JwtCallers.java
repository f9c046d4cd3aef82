package dev.eventual.web;

import org.springframework.core.convert.converter.Converter;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken;
import org.springframework.security.oauth2.server.resource.authentication.JwtGrantedAuthoritiesConverter;

import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A validated access token as the caller it speaks for: roles from the configured claim (unknown values
 * ignored), the customer id from its claim, and the scopes it was granted ({@code scope} or {@code scp},
 * as Spring Security reads them: {@code SCOPE_orders.pay}), which is how a service's client token acts.
 * A bean: reconcile-job's console maps the access token of a browser sign-in with it, so a person has
 * the same roles there as with the API.
 */
public final class JwtCallers implements Converter<Jwt, AbstractAuthenticationToken> {

    private static final String SCOPE = "SCOPE_";

    private final JwtClaimsProperties claims;
    private final JwtGrantedAuthoritiesConverter scopes = new JwtGrantedAuthoritiesConverter();

    public JwtCallers(JwtClaimsProperties claims) {
        this.claims = claims;
    }

    @Override
    public AbstractAuthenticationToken convert(Jwt jwt) {
        return new JwtAuthenticationToken(jwt, Stream.concat(
                roles(jwt).stream().map(role -> new SimpleGrantedAuthority(role.authority())),
                scopes.convert(jwt).stream()).toList(), jwt.getSubject());
    }

    /** Who an already checked token (signature, issuer, audience, expiry) speaks for. */
    public Caller caller(Jwt jwt) {
        Set<CallerRole> roles = roles(jwt);
        return new Caller(jwt.getSubject(), roles, roles.contains(CallerRole.CUSTOMER) ? customerId(jwt) : null,
                scopes.convert(jwt).stream().map(GrantedAuthority::getAuthority)
                        .map(authority -> authority.substring(SCOPE.length())).collect(Collectors.toSet()));
    }

    /** The authority a scope gives, {@code SCOPE_orders.pay}. */
    static String authority(String scope) {
        return SCOPE + scope;
    }

    private Set<CallerRole> roles(Jwt jwt) {
        Set<CallerRole> roles = EnumSet.noneOf(CallerRole.class);
        if (claim(jwt.getClaims(), claims.rolesClaim()) instanceof Collection<?> values) {
            values.forEach(value -> CallerRole.ofClaim(String.valueOf(value)).ifPresent(roles::add));
        }
        if (roles.contains(CallerRole.CUSTOMER) && customerId(jwt) == null) {
            // a customer without an id could own no order: none of its requests can be served
            roles.remove(CallerRole.CUSTOMER);
        }
        return roles;
    }

    private Long customerId(Jwt jwt) {
        Object value = claim(jwt.getClaims(), claims.customerIdClaim());
        if (value instanceof Number number && number.longValue() > 0 && number.doubleValue() == number.longValue()) {
            return number.longValue();
        }
        if (value instanceof String text && text.matches("[1-9][0-9]{0,18}")) {
            try {
                return Long.parseLong(text);
            } catch (NumberFormatException beyondLong) {
                return null;
            }
        }
        return null;
    }

    private static Object claim(Map<String, Object> claims, String path) {
        Object value = claims;
        for (String part : List.of(path.split("\\."))) {
            if (!(value instanceof Map<?, ?> map)) {
                return null;
            }
            value = map.get(part);
        }
        return value;
    }
}
