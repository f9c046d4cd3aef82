package dev.eventual.notice.store;

/** Order id and status of one notice, for the batch status API. */
public record NoticeStatusRow(long orderId, NoticeStatus status) {
}
