package dev.eventual.notice.store;

import dev.eventual.common.status.ConsumeStatus;
import dev.eventual.common.status.DownstreamStatus;

/**
 * {@code notice_log.status}: PROCESSING (claimed, before the channel is called) → SUCCESS (the channel
 * accepted it; final) or FAIL (the channel refused it for good). A retry takes FAIL, or a PROCESSING
 * whose lease ran out, back to PROCESSING with attempts + 1. REFUSED is written instead of a first claim when
 * the event came after the retention (docs/retention.md): nothing is sent, and nothing takes it over. See
 * docs/state-machines.md.
 */
public enum NoticeStatus {
    PROCESSING,
    SUCCESS,
    FAIL,
    /** The event came after the retention with no record: the notice may have gone out already, so it never goes. */
    REFUSED;

    /** The batch status API's view. */
    public DownstreamStatus downstream() {
        return switch (this) {
            case PROCESSING -> DownstreamStatus.PROCESSING;
            case SUCCESS -> DownstreamStatus.SUCCESS;
            case FAIL -> DownstreamStatus.FAIL;
            case REFUSED -> DownstreamStatus.REFUSED;
        };
    }

    /** What is reported to order-service: a refusal reopens the event there, for a work order (docs/retention.md). */
    public ConsumeStatus reported() {
        return switch (this) {
            case PROCESSING -> ConsumeStatus.PROCESSING;
            case SUCCESS -> ConsumeStatus.SUCCESS;
            case FAIL -> ConsumeStatus.FAIL;
            case REFUSED -> ConsumeStatus.REFUSED;
        };
    }
}
