package dev.eventual.order.core.orders;

import dev.eventual.order.core.status.OrderStatus;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PaymentDecisionTest {

    @Test
    void aCreatedOrderIsPaid() {
        assertThat(PaymentDecision.decide(new PaymentStateRow(1, OrderStatus.CREATED, 0, null), "pay-1"))
                .isEqualTo(Orders.PaymentResult.PAID);
    }

    @Test
    void aPaidOrderTakesOnlyItsOwnPaymentAgain() {
        PaymentStateRow paid = new PaymentStateRow(1, OrderStatus.PAID, 1, "pay-1");

        assertThat(PaymentDecision.decide(paid, "pay-1")).isEqualTo(Orders.PaymentResult.REPEATED);
        assertThat(PaymentDecision.decide(paid, "pay-2")).isEqualTo(Orders.PaymentResult.OTHER_PAYMENT);
        assertThat(PaymentDecision.decide(paid, "PAY-1")).as("ids are compared exactly").isEqualTo(Orders.PaymentResult.OTHER_PAYMENT);
    }

    @Test
    void aCanceledOrderIsNeverPaidAndAMissingOneIsNotFound() {
        assertThat(PaymentDecision.decide(new PaymentStateRow(1, OrderStatus.CANCELED, 1, null), "pay-1"))
                .isEqualTo(Orders.PaymentResult.CANCELED);
        // paid, then canceled: the old payment id does not make a repeat of a canceled order a success
        assertThat(PaymentDecision.decide(new PaymentStateRow(1, OrderStatus.CANCELED, 2, "pay-1"), "pay-1"))
                .isEqualTo(Orders.PaymentResult.CANCELED);
        assertThat(PaymentDecision.decide(null, "pay-1")).isEqualTo(Orders.PaymentResult.NOT_FOUND);
    }

    @Test
    void refusalsNameTheOrderAndItsStatus() {
        assertThat(PaymentDecision.refusal(42, OrderStatus.CANCELED, Orders.PaymentResult.CANCELED))
                .contains("order 42").contains("CANCELED");
        assertThat(PaymentDecision.refusal(42, OrderStatus.PAID, Orders.PaymentResult.OTHER_PAYMENT))
                .contains("order 42").contains("PAID").contains("another payment");
        assertThatThrownBy(() -> PaymentDecision.refusal(42, OrderStatus.PAID, Orders.PaymentResult.REPEATED))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
