package dev.eventual.reconcile.console;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The console exists where its OAuth2 client is registered (the profile {@code console} of
 * reconcile-job.yml): without it {@code /console} is not served at all, rather than served unguarded.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@ConditionalOnProperty(prefix = "spring.security.oauth2.client.registration." + ConsoleEnabled.REGISTRATION, name = "client-id")
@interface ConsoleEnabled {

    /** The client registration's id, also the last part of its redirect URI ({@code /login/oauth2/code/eventual}). */
    String REGISTRATION = "eventual";
}
