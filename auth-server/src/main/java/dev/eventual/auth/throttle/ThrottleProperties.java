package dev.eventual.auth.throttle;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

import java.time.Duration;

/**
 * How many failed sign-ins the login form takes before it refuses more (docs/security.md, "Sign-in
 * guessing"). Failures count from the first one for {@code window}; once a limit is reached, attempts
 * are refused without a password check until that window has passed.
 *
 * @param window             how long failures count, from the first one; also the longest a lock-out lasts
 * @param failuresPerUser    failed sign-ins of one user name within the window (unknown names included)
 * @param failuresPerAddress failed sign-ins from one client address within the window, whatever the
 *                           names: larger, since many people may share an address (an office, a proxy,
 *                           the compose stack's port on the host)
 */
@Validated
@ConfigurationProperties("eventual.auth.sign-in-throttle")
record ThrottleProperties(
        @DefaultValue("5m") @NotNull @DurationMin(seconds = 1) Duration window,
        @DefaultValue("5") @Positive int failuresPerUser,
        @DefaultValue("20") @Positive int failuresPerAddress) {
}
