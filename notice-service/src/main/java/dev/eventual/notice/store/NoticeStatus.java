package dev.eventual.notice.store;

import dev.eventual.common.status.ConsumeStatus;
import dev.eventual.common.status.DownstreamStatus;

/**
 * {@code notice_log.status}: PROCESSING (claimed, before the channel is called) → SUCCESS (the channel
 * accepted it; final) or FAIL (the channel refused it for good). A retry takes FAIL, or a PROCESSING
 * whose lease ran out, back to PROCESSING with attempts + 1. See docs/state-machines.md.
 */
public enum NoticeStatus {
    PROCESSING,
    SUCCESS,
    FAIL;

    /** The batch status API's view. */
    public DownstreamStatus downstream() {
        return switch (this) {
            case PROCESSING -> DownstreamStatus.PROCESSING;
            case SUCCESS -> DownstreamStatus.SUCCESS;
            case FAIL -> DownstreamStatus.FAIL;
        };
    }

    /** What is reported to order-service. */
    public ConsumeStatus reported() {
        return switch (this) {
            case PROCESSING -> ConsumeStatus.PROCESSING;
            case SUCCESS -> ConsumeStatus.SUCCESS;
            case FAIL -> ConsumeStatus.FAIL;
        };
    }
}
