package dev.eventual.notice.support;

import dev.eventual.notice.channel.NoticeChannel;
import dev.eventual.notice.compose.PatternRecipientResolver;
import dev.eventual.notice.config.NoticeProperties;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;

@TestConfiguration(proxyBeanMethods = false)
public class NoticeTestConfiguration {

    /** Replaces the demo resolver (it is pluggable); delegates to the configured pattern. */
    @Bean
    @Primary
    TestRecipients testRecipients(NoticeProperties properties) {
        return new TestRecipients(new PatternRecipientResolver(properties.recipientPattern()));
    }

    /** The clock the service judges late events by (docs/retention.md), which a test may move on. */
    @Bean
    TestClock testClock() {
        return new TestClock();
    }

    /** Wraps the configured channel so that a test can make it fail for chosen orders. */
    @Bean
    @Primary
    TestChannel testChannel(@Qualifier("noticeChannel") NoticeChannel configured) {
        return new TestChannel(configured);
    }
}
