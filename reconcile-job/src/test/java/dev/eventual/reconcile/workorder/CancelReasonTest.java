package dev.eventual.reconcile.workorder;

import dev.eventual.common.api.TextLimits;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** What CANCEL_ORDER writes into the cancel's reason is within what order-service takes, for every note the edge takes. */
class CancelReasonTest {

    @Test
    void theLongestNoteByTheLongestSubjectOnTheLargestIdFitsTheCancelReason() {
        String note = "n".repeat(TextLimits.WORK_ORDER_NOTE);

        String reason = WorkOrderResolution.cancelReason(Long.MAX_VALUE, "s".repeat(TextLimits.SUBJECT), note);

        assertThat(reason).startsWith("work order " + Long.MAX_VALUE + " (").endsWith("): " + note)
                .hasSizeLessThanOrEqualTo(TextLimits.CANCEL_REASON);
    }
}
