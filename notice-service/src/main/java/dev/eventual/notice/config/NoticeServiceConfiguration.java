package dev.eventual.notice.config;

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

    /** The demo resolver; declare another {@link RecipientResolver} bean (a user directory) to replace it. */
    @Bean
    @ConditionalOnMissingBean
    RecipientResolver recipientResolver(NoticeProperties properties) {
        return new PatternRecipientResolver(properties.recipientPattern());
    }
}
