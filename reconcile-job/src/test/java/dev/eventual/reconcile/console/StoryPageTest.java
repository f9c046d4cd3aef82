package dev.eventual.reconcile.console;

import dev.eventual.order.core.reconcile.WorkOrders;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.mock.web.MockServletContext;
import org.thymeleaf.context.WebContext;
import org.thymeleaf.spring6.SpringTemplateEngine;
import org.thymeleaf.templateresolver.ClassLoaderTemplateResolver;
import org.thymeleaf.web.servlet.JakartaServletWebApplication;

import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The order's story page as the console renders it, for what the retention changes (docs/retention.md): the
 * consumers' reports of archived events left with them, and a work order a consumer's refusal opened says that a
 * RETRY is refused too.
 */
class StoryPageTest {

    private static final LocalDateTime WRITTEN = LocalDateTime.of(2026, 11, 29, 12, 0);

    @Test
    void anOrderWithAnArchivedEventSaysItsReportsLeftWithItInsteadOfThatNoneReported() {
        String page = render(story(List.of(event("message_log_hist")), List.of()));

        assertThat(page).contains("id=\"reports-archived\"").doesNotContain("No consumer has reported.");
    }

    @Test
    void anOrderWithoutArchivedEventsAndReportsSaysNoneReported() {
        String page = render(story(List.of(event("message_log")), List.of()));

        assertThat(page).contains("No consumer has reported.").doesNotContain("id=\"reports-archived\"");
    }

    @Test
    void aWorkOrderAConsumersRefusalOpenedSaysARetryIsRefusedTheSameWay() {
        String refused = render(story(List.of(event("message_log")), List.of(workOrder("REFUSED"))));
        String failed = render(story(List.of(event("message_log")), List.of(workOrder("FAIL"))));

        assertThat(refused).contains("class=\"refusal\"").contains("RETRY is refused the same way");
        assertThat(failed).doesNotContain("class=\"refusal\"");
    }

    private static OrderStory story(List<WorkOrders.Event> events, List<WorkOrders.Audited> workOrders) {
        return new OrderStory(1025L, null, events, List.of(), workOrders, null);
    }

    private static WorkOrders.Event event(String keptIn) {
        return new WorkOrders.Event(7L, "ORDER_CANCELED", "CONSUMED", "SUCCESS", 0, WRITTEN, null, null, WRITTEN, WRITTEN,
                keptIn, false, 0, null, null);
    }

    private static WorkOrders.Audited workOrder(String inventory) {
        return new WorkOrders.Audited(new WorkOrders.WorkOrder(1025L * 1024 + 1, 1025L, "ORDER_CANCELED", 7L, 1001L,
                WorkOrders.Status.OPEN, null, "refused: ...", "CANCELED", inventory, "SUCCESS", 0, 1, null, null, null,
                WRITTEN, WRITTEN), List.of());
    }

    private static String render(OrderStory story) {
        ClassLoaderTemplateResolver templates = new ClassLoaderTemplateResolver();
        templates.setPrefix("templates/");
        templates.setSuffix(".html");
        SpringTemplateEngine engine = new SpringTemplateEngine();
        engine.setTemplateResolver(templates);
        MockServletContext servlet = new MockServletContext();
        WebContext context = new WebContext(JakartaServletWebApplication.buildApplication(servlet)
                .buildExchange(new MockHttpServletRequest(servlet), new MockHttpServletResponse()));
        context.setVariables(Map.of("story", story, "actions", List.of(WorkOrders.Action.RETRY, WorkOrders.Action.CLOSE),
                "noteLimit", 1000));
        return engine.process("console/story", context);
    }
}
