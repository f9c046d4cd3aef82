package dev.eventual.web;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Who may make a public act ({@code /api/**} handler): every one carries this, or it answers 403 to
 * everyone. The security filter chain matches the annotated handlers' paths and methods
 * ({@link AllowedActs}), so a caller without the role is refused before the body is read, learning
 * nothing about what a valid request looks like. What a caller may do with a particular resource
 * (a customer's own orders) is the use case's to decide.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
public @interface Allowed {

    /** What the act is, for the problem detail ("placing an order"). */
    String act();

    /** The roles that may make it. */
    CallerRole[] value();
}
