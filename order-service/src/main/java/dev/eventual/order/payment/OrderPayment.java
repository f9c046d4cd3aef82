package dev.eventual.order.payment;

import dev.eventual.order.core.orders.Orders;
import dev.eventual.order.core.orders.Orders.Payment;
import dev.eventual.order.core.orders.Orders.PaymentResult;
import dev.eventual.order.query.OrderNotFoundException;
import dev.eventual.tracing.OrderTraces;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * Confirms a payment through order-core ({@link Orders#pay}: CREATED → PAID by one guarded update, so a
 * payment and a cancel of the same order never both win). Every confirmation is logged with who asked, the
 * order and the payment id: it is an admin act.
 */
@Service
public class OrderPayment {

    private static final Logger log = LoggerFactory.getLogger(OrderPayment.class);

    private final Orders orders;
    private final PaymentMetrics metrics;

    OrderPayment(Orders orders, PaymentMetrics metrics) {
        this.orders = orders;
        this.metrics = metrics;
    }

    /**
     * Pays the order, or finds it paid by this very payment already (a repeated callback).
     *
     * @throws OrderNotFoundException   no such order
     * @throws OrderNotPayableException the order is canceled, or paid by another payment
     */
    public PaymentResult pay(long orderId, String paymentId, String caller) {
        try (OrderTraces.OrderInLogs inLogs = OrderTraces.inLogs(orderId)) {
            Payment payment = orders.pay(orderId, paymentId);
            metrics.count(payment.result());
            log.info("Payment of order {} by {}: payment id {}, {}", orderId, caller, paymentId,
                    payment.refusal() == null ? payment.result() : payment.result() + " (" + payment.refusal() + ")");
            return switch (payment.result()) {
                case PAID, REPEATED -> payment.result();
                case NOT_FOUND -> throw new OrderNotFoundException(orderId);
                case OTHER_PAYMENT, CANCELED -> throw new OrderNotPayableException(payment.refusal());
            };
        }
    }
}
