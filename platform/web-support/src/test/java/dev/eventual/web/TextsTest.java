package dev.eventual.web;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TextsTest {

    @Test
    void aTextWithinTheWidthStaysAsItIs() {
        assertThat(Texts.truncate("abc", 3)).isEqualTo("abc");
        assertThat(Texts.truncate("", 0)).isEmpty();
    }

    @Test
    void aLongerTextKeepsItsFirstCharacters() {
        assertThat(Texts.truncate("abcdef", 4)).isEqualTo("abcd");
    }

    @Test
    void nullStaysNull() {
        assertThat(Texts.truncate(null, 4)).isNull();
    }
}
