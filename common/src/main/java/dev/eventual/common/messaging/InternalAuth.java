package dev.eventual.common.messaging;

/**
 * The suite's service-to-service calls: {@code /internal/**} and the public acts a service makes take an
 * access token of the calling service's own OAuth2 client (client credentials), and each act needs one
 * scope of it (docs/security.md, "Services prove who they are"). The scopes are named here because the
 * authorization server grants them, the calling service asks for them and the called service checks them.
 */
public final class InternalAuth {

    public static final String INTERNAL_PATH_PREFIX = "/internal/";

    /** The payment provider confirms a payment (order-service's {@code pay}). */
    public static final String SCOPE_PAY = "orders.pay";
    /** reconcile-job cancels an unpaid order by timeout, or one a work order says to cancel. */
    public static final String SCOPE_CANCEL = "orders.cancel";
    /** inventory-service reports its consumer group's outcomes to order-service, and no other group's. */
    public static final String SCOPE_REPORT_INVENTORY = "orders.report.inventory";
    /** notice-service reports its consumer group's outcomes to order-service, and no other group's. */
    public static final String SCOPE_REPORT_NOTICE = "orders.report.notice";
    /** reconcile-job asks inventory-service for an event's status, re-drives it and releases stock. */
    public static final String SCOPE_INVENTORY_REDRIVE = "inventory.redrive";
    /** reconcile-job seeds and rebuilds inventory-service's stock gate. */
    public static final String SCOPE_STOCK_GATE = "inventory.gate";
    /** reconcile-job asks notice-service for a notice's status and re-drives it. */
    public static final String SCOPE_NOTICE_REDRIVE = "notices.redrive";

    private InternalAuth() {
    }

    /** The scope a client needs to report a consumer group's outcomes; null for a group the suite does not have. */
    public static String reportScopeOf(String consumerGroup) {
        return switch (consumerGroup) {
            case OrderMessaging.INVENTORY_CONSUMER_GROUP -> SCOPE_REPORT_INVENTORY;
            case OrderMessaging.NOTICE_CONSUMER_GROUP -> SCOPE_REPORT_NOTICE;
            default -> null;
        };
    }
}
