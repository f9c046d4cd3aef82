package dev.eventual.reconcile.console;

import dev.eventual.order.core.reconcile.WorkOrders;
import org.junit.jupiter.api.Test;

import java.time.LocalDateTime;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** What the order's story says of an event the outbox wrote while the broker was down (issue 39). */
class OrderStoryTest {

    private static final LocalDateTime WRITTEN = LocalDateTime.of(2026, 11, 29, 12, 0, 0, 123_000_000);
    private final OrderStory story = new OrderStory(1L, null, List.of(), List.of(), List.of(), null);

    @Test
    void anEventThatWentThroughAHalfMessageHasNoNote() {
        assertThat(story.brokerNote(event("SENT", false, 0, null, null))).isNull();
    }

    @Test
    void aRelayedEventSaysWhenTheRelaySentIt() {
        assertThat(story.brokerNote(event("CONSUMED", true, 3, null, LocalDateTime.of(2026, 11, 29, 12, 4, 5, 999_000_000))))
                .isEqualTo("accepted while the broker was down, relayed at 2026-11-29 12:04:05");
    }

    @Test
    void aWaitingEventSaysHowManySendsWereTriedAndWhenTheNextIs() {
        LocalDateTime next = LocalDateTime.of(2026, 11, 29, 12, 0, 8);

        assertThat(story.brokerNote(event("WAITING", true, 0, WRITTEN, null)))
                .isEqualTo("accepted while the broker was down; waiting for the broker, no send tried yet, next at 2026-11-29 12:00:00");
        assertThat(story.brokerNote(event("WAITING", true, 1, next, null)))
                .isEqualTo("accepted while the broker was down; waiting for the broker, 1 send tried, next at 2026-11-29 12:00:08");
        assertThat(story.brokerNote(event("WAITING", true, 4, next, null)))
                .isEqualTo("accepted while the broker was down; waiting for the broker, 4 sends tried, next at 2026-11-29 12:00:08");
    }

    @Test
    void anEventTheRelayGaveUpOnSaysItWentToAWorkOrder() {
        assertThat(story.brokerNote(event("WAITING", true, 16, null, null)))
                .isEqualTo("accepted while the broker was down; not relayed, 16 sends tried: handed to a work order");
    }

    @Test
    void anEventItsConsumersHadBeforeTheRelayMarkedItSaysSo() {
        assertThat(story.brokerNote(event("CONSUMED", true, 0, null, null)))
                .isEqualTo("accepted while the broker was down; its consumers had it before the relay marked it sent");
        // reconciliation re-drove it while the relay still planned a send: the relay's plan is over
        assertThat(story.brokerNote(event("CONSUMED", true, 2, LocalDateTime.of(2026, 11, 29, 12, 0), null)))
                .isEqualTo("accepted while the broker was down; its consumers had it before the relay marked it sent");
    }

    @Test
    void theReportsOfArchivedEventsAreSaidToHaveLeftWithThem() {
        WorkOrders.Event live = event("CONSUMED", false, 0, null, null);
        WorkOrders.Event archived = new WorkOrders.Event(8L, "ORDER_CANCELED", "CONSUMED", "SUCCESS", 0, WRITTEN, null,
                null, WRITTEN, WRITTEN, "message_log_hist", false, 0, null, null);

        assertThat(new OrderStory(1L, null, List.of(live), List.of(), List.of(), null).reportsArchived()).isFalse();
        assertThat(new OrderStory(1L, null, List.of(live, archived), List.of(), List.of(), null).reportsArchived()).isTrue();
    }

    @Test
    void aWorkOrderAConsumersRefusalOpenedSaysThatARetryIsRefusedToo() {
        assertThat(story.refusalNote(workOrder("REFUSED", "SUCCESS"))).startsWith("a consumer refused the event")
                .contains("RETRY is refused the same way");
        assertThat(story.refusalNote(workOrder("RELEASED", "REFUSED"))).isNotNull();
        assertThat(story.refusalNote(workOrder("FAIL", "NOT_FOUND"))).isNull();
        assertThat(story.refusalNote(workOrder(null, null))).isNull();
    }

    private static WorkOrders.WorkOrder workOrder(String inventory, String notice) {
        return new WorkOrders.WorkOrder(1025L, 1L, "ORDER_CANCELED", 7L, 1001L, WorkOrders.Status.OPEN, null, "refused: ...",
                "CANCELED", inventory, notice, 0, 1, null, null, null, WRITTEN, WRITTEN);
    }

    private static WorkOrders.Event event(String msgStatus, boolean acceptedWithoutBroker, int relayAttempts,
                                          LocalDateTime nextRelayTime, LocalDateTime relayedAt) {
        return new WorkOrders.Event(7L, "ORDER_CREATED", msgStatus, "PENDING", 0, WRITTEN, null, null, WRITTEN, WRITTEN,
                "message_log", acceptedWithoutBroker, relayAttempts, nextRelayTime, relayedAt);
    }
}
