package dev.eventual.reconcile.decide;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.status.DownstreamStatus;
import dev.eventual.order.core.status.OrderStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Every row of the decision table in docs/reconciliation.md. */
class DecisionTableTest {

    @ParameterizedTest(name = "created: order {0}, inventory {1}, notice {2} -> {3} {4}")
    @CsvSource(nullValues = "MISSING", value = {
            // order missing
            "MISSING,  SUCCESS,    SUCCESS,    ESCALATE, ''",
            // canceled: the ORDER_CANCELED event owns compensation
            "CANCELED, SUCCESS,    SUCCESS,    DONE,     ''",
            "CANCELED, SUCCESS,    NOT_FOUND,  DONE,     ''",
            "CANCELED, RELEASED,   FAIL,       DONE,     ''",
            "CANCELED, NOT_FOUND,  NOT_FOUND,  DONE,     ''",
            // stock released while the order lives: no automatic fix
            "CREATED,  RELEASED,   SUCCESS,    ESCALATE, ''",
            "PAID,     RELEASED,   NOT_FOUND,  ESCALATE, ''",
            // all done
            "CREATED,  SUCCESS,    SUCCESS,    DONE,     ''",
            "PAID,     SUCCESS,    SUCCESS,    DONE,     ''",
            // in progress
            "CREATED,  PROCESSING, SUCCESS,    WAIT,     ''",
            "CREATED,  SUCCESS,    PROCESSING, WAIT,     ''",
            "CREATED,  PROCESSING, NOT_FOUND,  WAIT,     ''",
            // missing or failed: re-drive from the stored payload
            "CREATED,  NOT_FOUND,  SUCCESS,    REDRIVE,  REDRIVE_INVENTORY",
            "CREATED,  FAIL,       SUCCESS,    REDRIVE,  REDRIVE_INVENTORY",
            "CREATED,  SUCCESS,    NOT_FOUND,  REDRIVE,  REDRIVE_NOTICE",
            "CREATED,  SUCCESS,    FAIL,       REDRIVE,  REDRIVE_NOTICE",
            "PAID,     NOT_FOUND,  NOT_FOUND,  REDRIVE,  REDRIVE_INVENTORY REDRIVE_NOTICE",
            "CREATED,  FAIL,       FAIL,       REDRIVE,  REDRIVE_INVENTORY REDRIVE_NOTICE",
            // a status the notice service never answers
            "CREATED,  SUCCESS,    RELEASED,   ESCALATE, ''",
            // a consumer refused the event (past its retention): a person, at once, whatever the rest says
            "CREATED,  REFUSED,    SUCCESS,    ESCALATE, ''",
            "PAID,     SUCCESS,    REFUSED,    ESCALATE, ''",
            "CREATED,  REFUSED,    NOT_FOUND,  ESCALATE, ''",
            "CREATED,  FAIL,       REFUSED,    ESCALATE, ''",
            "CREATED,  REFUSED,    PROCESSING, ESCALATE, ''",
            "CANCELED, REFUSED,    NOT_FOUND,  ESCALATE, ''"})
    void createdEvent(OrderStatus order, DownstreamStatus inventory, DownstreamStatus notice, Verdict verdict,
                      String actions) {
        Decision decision = DecisionTable.decide(new Observation(OrderEventType.ORDER_CREATED, order, inventory, notice));

        assertThat(decision.verdict()).isEqualTo(verdict);
        assertThat(decision.actions()).isEqualTo(actions(actions));
        assertThat(decision.reason()).isNotBlank();
    }

    @ParameterizedTest(name = "canceled: inventory {0}, cancel notice {1} -> {2} {3}")
    @CsvSource({
            "RELEASED,   SUCCESS,    DONE,     ''",
            "RELEASED,   PROCESSING, WAIT,     ''",
            "PROCESSING, SUCCESS,    WAIT,     ''",
            "RELEASED,   NOT_FOUND,  REDRIVE,  REDRIVE_CANCEL_NOTICE",
            "RELEASED,   FAIL,       REDRIVE,  REDRIVE_CANCEL_NOTICE",
            // stock still taken, or the cancel never reached inventory: release (or fence) it
            "SUCCESS,    SUCCESS,    REDRIVE,  RELEASE_INVENTORY",
            "NOT_FOUND,  SUCCESS,    REDRIVE,  RELEASE_INVENTORY",
            "FAIL,       SUCCESS,    REDRIVE,  RELEASE_INVENTORY",
            "SUCCESS,    NOT_FOUND,  REDRIVE,  RELEASE_INVENTORY REDRIVE_CANCEL_NOTICE",
            // a consumer refused the cancel (past its retention): a person, at once, never a release or a retry
            "REFUSED,    SUCCESS,    ESCALATE, ''",
            "RELEASED,   REFUSED,    ESCALATE, ''",
            "SUCCESS,    REFUSED,    ESCALATE, ''",
            "REFUSED,    PROCESSING, ESCALATE, ''",
            "REFUSED,    NOT_FOUND,  ESCALATE, ''"})
    void canceledEvent(DownstreamStatus inventory, DownstreamStatus notice, Verdict verdict, String actions) {
        Decision decision = DecisionTable.decide(
                new Observation(OrderEventType.ORDER_CANCELED, OrderStatus.CANCELED, inventory, notice));

        assertThat(decision.verdict()).isEqualTo(verdict);
        assertThat(decision.actions()).isEqualTo(actions(actions));
    }

    @Test
    void aRefusalByEitherConsumerEscalatesEveryEventAtOnceAndSaysWhy() {
        for (OrderEventType type : OrderEventType.values()) {
            for (OrderStatus order : OrderStatus.values()) {
                for (DownstreamStatus other : DownstreamStatus.values()) {
                    for (Observation seen : List.of(new Observation(type, order, DownstreamStatus.REFUSED, other),
                            new Observation(type, order, other, DownstreamStatus.REFUSED))) {
                        Decision decision = DecisionTable.decide(seen);

                        assertThat(decision.verdict()).as(seen.toString()).isEqualTo(Verdict.ESCALATE);
                        assertThat(decision.actions()).as(seen.toString()).isEmpty();
                        assertThat(decision.reason()).as(seen.toString()).startsWith("refused: ")
                                .contains("after the consumer's retention", "a person must decide");
                    }
                }
            }
        }
    }

    private static List<Action> actions(String names) {
        return names.isBlank() ? List.of() : Arrays.stream(names.trim().split("\\s+")).map(Action::valueOf).toList();
    }
}
