package dev.eventual.web;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Who may make an act (an {@code /api/**} or {@code /internal/**} handler): every one carries this, or the
 * service refuses to start. A person may make it with one of the {@link #value() roles}, a service with one
 * of the {@link #scopes() scopes} its OAuth2 client was granted (docs/security.md). The security filter
 * chain matches the annotated handlers' paths and methods ({@link AllowedActs}), so a caller without the
 * role or scope is refused before the body is read, learning nothing about what a valid request looks
 * like. What a caller may do with a particular resource (a customer's own orders) is the use case's to decide.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
public @interface Allowed {

    /** What the act is, for the problem detail ("placing an order"). */
    String act();

    /** The roles of people that may make it. */
    CallerRole[] value() default {};

    /** The scopes of services' client tokens that may make it ({@code dev.eventual.common.messaging.InternalAuth}). */
    String[] scopes() default {};
}
