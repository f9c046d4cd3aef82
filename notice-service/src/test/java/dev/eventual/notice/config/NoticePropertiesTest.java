package dev.eventual.notice.config;

import dev.eventual.notice.channel.ChannelType;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class NoticePropertiesTest {

    @Test
    void defaultsAreTheDocumentedOnes() {
        NoticeProperties properties = bind(Map.of());

        assertThat(properties.channel()).isEqualTo(ChannelType.LOG);
        assertThat(properties.maxReconsumeTimes()).isEqualTo(16);
        assertThat(properties.lease()).isEqualTo(Duration.ofSeconds(30));
        assertThat(properties.recipientPattern()).isEqualTo("user-{userId}@example.com");
        assertThat(properties.mailFrom()).isEqualTo("no-reply@eventual.example");
        assertThat(properties.redriveBudget()).isEqualTo(Duration.ofSeconds(3));
    }

    @Test
    void bindsTheKnobs() {
        NoticeProperties properties = bind(Map.of("eventual.notice.channel", "mail", "eventual.notice.lease", "2m",
                "eventual.notice.max-reconsume-times", "3", "eventual.notice.recipient-pattern", "{userId}@corp.example"));

        assertThat(properties.channel()).isEqualTo(ChannelType.MAIL);
        assertThat(properties.lease()).isEqualTo(Duration.ofMinutes(2));
        assertThat(properties.maxReconsumeTimes()).isEqualTo(3);
        assertThat(properties.recipientPattern()).isEqualTo("{userId}@corp.example");
    }

    @Test
    void anUnknownChannelOrANonPositiveLeaseIsRefused() {
        assertThatThrownBy(() -> bind(Map.of("eventual.notice.channel", "sms"))).isInstanceOf(BindException.class);
        assertThatThrownBy(() -> bind(Map.of("eventual.notice.lease", "0s"))).isInstanceOf(BindException.class)
                .hasRootCauseMessage("eventual.notice.lease must be positive, not PT0S");
        assertThatThrownBy(() -> bind(Map.of("eventual.notice.redrive-budget", "-1s"))).isInstanceOf(BindException.class)
                .hasRootCauseMessage("eventual.notice.redrive-budget must not be negative, not PT-1S");
    }

    private static NoticeProperties bind(Map<String, String> values) {
        return new Binder(new MapConfigurationPropertySource(values)).bindOrCreate("eventual.notice", NoticeProperties.class);
    }
}
