package dev.eventual.web;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An admin act on a public path (outside {@code /internal/**}) that needs the service token. The
 * security filter chain matches the annotated handlers' paths and methods ({@link AdminActs}), so
 * the token is checked before the body is read or validated and a caller without it learns nothing
 * about what a valid request would look like: every such request is 401.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
public @interface RequiresServiceToken {

    /** What the act is, for the problem detail ("setting stock"). */
    String value();
}
