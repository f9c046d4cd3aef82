package dev.eventual.notice.store;

import dev.eventual.common.status.ConsumeStatus;
import dev.eventual.common.status.DownstreamStatus;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class NoticeStatusTest {

    @Test
    void mapsToTheStatusApiAndTheReport() {
        assertThat(NoticeStatus.PROCESSING.downstream()).isEqualTo(DownstreamStatus.PROCESSING);
        assertThat(NoticeStatus.SUCCESS.downstream()).isEqualTo(DownstreamStatus.SUCCESS);
        assertThat(NoticeStatus.FAIL.downstream()).isEqualTo(DownstreamStatus.FAIL);
        assertThat(NoticeStatus.PROCESSING.reported()).isEqualTo(ConsumeStatus.PROCESSING);
        assertThat(NoticeStatus.SUCCESS.reported()).isEqualTo(ConsumeStatus.SUCCESS);
        assertThat(NoticeStatus.FAIL.reported()).isEqualTo(ConsumeStatus.FAIL);
    }

    /** A notice refused for its late event: REFUSED to the status API and to order-service (docs/retention.md). */
    @Test
    void aRefusalIsRefusedToTheStatusApiAndToOrderService() {
        assertThat(NoticeStatus.REFUSED.downstream()).isEqualTo(DownstreamStatus.REFUSED);
        assertThat(NoticeStatus.REFUSED.reported()).isEqualTo(ConsumeStatus.REFUSED);
    }
}
