package dev.eventual.notice.compose;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PatternRecipientResolverTest {

    @Test
    void replacesTheUserIdPlaceholder() {
        assertThat(new PatternRecipientResolver("user-{userId}@example.com").recipientFor(42)).isEqualTo("user-42@example.com");
        assertThat(new PatternRecipientResolver("{userId}+{userId}@example.com").recipientFor(7)).isEqualTo("7+7@example.com");
    }

    @Test
    void aPatternWithoutPlaceholderSendsEverythingToOneMailbox() {
        assertThat(new PatternRecipientResolver(" orders@example.com ").recipientFor(42)).isEqualTo("orders@example.com");
    }

    @Test
    void aBlankPatternIsRefusedAtStartUp() {
        assertThatThrownBy(() -> new PatternRecipientResolver(" ")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("recipient-pattern");
        assertThatThrownBy(() -> new PatternRecipientResolver(null)).isInstanceOf(IllegalArgumentException.class);
    }
}
