package dev.eventual.notice.config;

import dev.eventual.consumer.retention.LateEvents;
import dev.eventual.consumer.retention.RetentionFloor;
import dev.eventual.consumer.retention.RetentionProperties;
import dev.eventual.notice.channel.LogNoticeChannel;
import dev.eventual.notice.channel.MailNoticeChannel;
import dev.eventual.notice.channel.NoticeChannel;
import dev.eventual.notice.compose.PatternRecipientResolver;
import dev.eventual.notice.compose.RecipientResolver;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.mail.javamail.JavaMailSender;

import java.time.Clock;

@Configuration
@EnableConfigurationProperties(NoticeProperties.class)
public class NoticeServiceConfiguration {

    /** The one channel notices go through, chosen by {@code eventual.notice.channel}. */
    @Bean
    NoticeChannel noticeChannel(NoticeProperties properties, ObjectProvider<JavaMailSender> mailSender) {
        return switch (properties.channel()) {
            case LOG -> new LogNoticeChannel();
            case MAIL -> new MailNoticeChannel(mailSender.getIfAvailable(() -> {
                throw new IllegalStateException("eventual.notice.channel=mail needs spring.mail.host");
            }), properties.mailFrom());
        };
    }

    /**
     * Which events are too late to be applied without their record (docs/retention.md). Made only once the retention
     * outlives every way an event can still arrive here, this service's broker redeliveries included: a shorter
     * {@code eventual.consumer.retention.keep} fails the start, naming what the floor is made of.
     */
    @Bean
    LateEvents lateEvents(RetentionProperties retention, NoticeProperties properties, ObjectProvider<Clock> clock) {
        RetentionFloor.check(retention, properties.maxReconsumeTimes(), NoticeProperties.MAX_RECONSUME_TIMES_PROPERTY);
        return new LateEvents(retention, clock.getIfAvailable(Clock::systemUTC));
    }

    /** The demo resolver; declare another {@link RecipientResolver} bean (a user directory) to replace it. */
    @Bean
    @ConditionalOnMissingBean
    RecipientResolver recipientResolver(NoticeProperties properties) {
        return new PatternRecipientResolver(properties.recipientPattern());
    }
}
