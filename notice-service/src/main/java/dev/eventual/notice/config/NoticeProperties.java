package dev.eventual.notice.config;

import dev.eventual.notice.channel.ChannelType;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

import java.time.Duration;

/**
 * {@code eventual.notice.*}.
 *
 * @param channel           {@code log} (default: one INFO line per notice) or {@code mail} (SMTP through
 *                          {@code spring.mail.*})
 * @param maxReconsumeTimes how often the broker redelivers an event whose notice failed for a technical
 *                          reason (SMTP or database unreachable) before it goes to the dead-letter queue
 *                          {@code %DLQ%eventual-notice-consumer}; a refused notice is never redelivered
 * @param lease             how long a delivery owns a PROCESSING notice before another delivery may take
 *                          it over (a crashed or stuck sender); must exceed the channel's worst-case send
 *                          time (see the {@code mail.smtp.*timeout} settings)
 * @param recipientPattern  the demo recipient resolver's address pattern; {@code {userId}} is replaced
 * @param mailFrom          the mail channel's From address
 * @param redriveBudget     how long one batch re-drive call may spend starting sends before it answers with
 *                          the notices done so far (the rest wait for the reconcile job's next run); keep it
 *                          well below the reconcile job's read timeout to notice-service (5 s)
 */
@Validated
@ConfigurationProperties("eventual.notice")
public record NoticeProperties(
        @DefaultValue("log") @NotNull ChannelType channel,
        @DefaultValue("16") @Min(0) @Max(32) int maxReconsumeTimes,
        @DefaultValue("30s") @NotNull Duration lease,
        @DefaultValue("user-{userId}@example.com") @NotBlank String recipientPattern,
        @DefaultValue("no-reply@eventual.example") @NotBlank String mailFrom,
        @DefaultValue("3s") @NotNull Duration redriveBudget) {

    /** The name {@link #maxReconsumeTimes} is set by, for the messages that name it. */
    public static final String MAX_RECONSUME_TIMES_PROPERTY = "eventual.notice.max-reconsume-times";

    public NoticeProperties {
        if (lease != null && (lease.isNegative() || lease.isZero())) {
            throw new IllegalArgumentException("eventual.notice.lease must be positive, not " + lease);
        }
        if (redriveBudget != null && redriveBudget.isNegative()) {
            throw new IllegalArgumentException("eventual.notice.redrive-budget must not be negative, not " + redriveBudget);
        }
    }
}
