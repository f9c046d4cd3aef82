package dev.eventual.notice.compose;

import dev.eventual.notice.channel.Notice;
import org.springframework.stereotype.Component;

/** Turns a request into the notice a channel sends: recipient, stable message id, short plain text. */
@Component
public class NoticeComposer {

    /** A cancel reason comes from a user or an operator: keep it short in the mail. */
    static final int MAX_REASON = 200;

    private final RecipientResolver recipients;

    public NoticeComposer(RecipientResolver recipients) {
        this.recipients = recipients;
    }

    public Notice compose(NoticeRequest request) {
        String recipient = recipients.recipientFor(request.userId());
        return new Notice(request.orderId(), request.type(), recipient == null ? "" : recipient.strip(),
                MessageIds.of(request.orderId(), request.type()), subject(request), body(request));
    }

    static String subject(NoticeRequest request) {
        return switch (request.type()) {
            case ORDER_CREATED -> "Order " + request.orderId() + " received";
            case ORDER_CANCELED -> "Order " + request.orderId() + " canceled";
        };
    }

    static String body(NoticeRequest request) {
        String line = "Order " + request.orderId() + ": " + request.quantity() + " x SKU " + request.skuId();
        return switch (request.type()) {
            case ORDER_CREATED -> line + ".\nWe received your order and will let you know when it changes.\n";
            case ORDER_CANCELED -> line + ".\nYour order was canceled" + reason(request.reason()) + ".\n";
        };
    }

    private static String reason(String reason) {
        if (reason == null || reason.isBlank()) {
            return "";
        }
        String oneLine = reason.strip().replaceAll("\\s+", " ");
        return ": " + (oneLine.length() <= MAX_REASON ? oneLine : oneLine.substring(0, MAX_REASON) + "...");
    }
}
