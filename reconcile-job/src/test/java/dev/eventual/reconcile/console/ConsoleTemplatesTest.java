package dev.eventual.reconcile.console;

import org.junit.jupiter.api.Test;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The console shows what people and services wrote (notes, errors, reasons): its templates must escape
 * everything, so none may use Thymeleaf's unescaped forms, {@code th:utext} or the inline {@code [(...)]}.
 */
class ConsoleTemplatesTest {

    @Test
    void noTemplateWritesUnescapedText() throws IOException {
        Resource[] templates = new PathMatchingResourcePatternResolver().getResources("classpath:/templates/console/*.html");

        assertThat(templates).hasSizeGreaterThanOrEqualTo(5);
        for (Resource template : templates) {
            String html = template.getContentAsString(StandardCharsets.UTF_8);
            assertThat(html).as(template.getFilename()).doesNotContain("th:utext").doesNotContain("[(");
        }
    }
}
