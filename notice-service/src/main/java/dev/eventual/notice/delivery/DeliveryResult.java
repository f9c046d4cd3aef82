package dev.eventual.notice.delivery;

import dev.eventual.notice.store.NoticeStatus;

/** The outcome of a delivery and the notice's status after it. */
public record DeliveryResult(DeliveryOutcome outcome, NoticeStatus status, String detail) {
}
