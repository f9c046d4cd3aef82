package dev.eventual.scenarios.fault;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.inventory.deduct.StockLedger;
import dev.eventual.notice.consume.NoticeEventHandler;
import dev.eventual.order.tx.LocalOrderTransaction;
import dev.eventual.order.tx.LocalTxOutcome;
import dev.eventual.order.tx.OrderEventPublisher;
import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;
import org.springframework.aop.framework.Advised;
import org.springframework.aop.framework.AopProxyUtils;
import org.springframework.aop.framework.ProxyFactory;
import org.springframework.aop.support.NameMatchMethodPointcutAdvisor;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import java.util.Arrays;

/**
 * Puts the {@link FaultPoint}s into a service's own beans. Registered as an ordinary (unordered)
 * post-processor, so it runs after Spring's transaction proxying and its advice goes outermost:
 * "after the deduction" then really means after its commit.
 */
final class FaultPoints implements BeanPostProcessor {

    private final FaultSwitches switches;

    FaultPoints(FaultSwitches switches) {
        this.switches = switches;
    }

    @Override
    public Object postProcessAfterInitialization(Object bean, String beanName) {
        Class<?> type = AopProxyUtils.ultimateTargetClass(bean);
        NameMatchMethodPointcutAdvisor advisor;
        if (type == OrderEventPublisher.class) {
            advisor = advisor(this::aroundOrderEvent, "publish");
        } else if (type == StockLedger.class) {
            advisor = advisor(this::aroundDeduction, "deduct", "applyAll");
        } else if (type == NoticeEventHandler.class) {
            advisor = advisor(this::aroundNoticeConsumption, "handleAll", "handle");
        } else {
            return bean;
        }
        if (bean instanceof Advised advised) {
            advised.addAdvisor(0, advisor);
            return bean;
        }
        ProxyFactory factory = new ProxyFactory(bean);
        factory.setProxyTargetClass(true);
        factory.addAdvisor(advisor);
        return factory.getProxy(type.getClassLoader());
    }

    /**
     * Wraps the local transaction an order event is published with. Placement and cancel share
     * the publisher, so the event type picks the points; arguments are found by type, not position.
     */
    private Object aroundOrderEvent(MethodInvocation invocation) throws Throwable {
        Object[] arguments = invocation.getArguments();
        OrderEventType eventType = (OrderEventType) arguments[indexOf(arguments, OrderEventType.class)];
        FaultPoint beforeCommit = eventType == OrderEventType.ORDER_CANCELED
                ? FaultPoint.CANCEL_HANG_BEFORE_LOCAL_COMMIT : FaultPoint.ORDER_HANG_BEFORE_LOCAL_COMMIT;
        FaultPoint afterCommit = eventType == OrderEventType.ORDER_CANCELED
                ? FaultPoint.CANCEL_HANG_AFTER_LOCAL_COMMIT : FaultPoint.ORDER_HANG_AFTER_LOCAL_COMMIT;
        int work = indexOf(arguments, LocalOrderTransaction.class);
        LocalOrderTransaction original = (LocalOrderTransaction) arguments[work];
        arguments[work] = (LocalOrderTransaction) transactionId -> {
            LocalTxOutcome outcome = original.execute(transactionId);
            if (switches.armed(beforeCommit)) {
                switches.hang(beforeCommit);
            }
            if (outcome == LocalTxOutcome.COMMITTED && switches.armed(afterCommit)) {
                // runs once the commit succeeded, before the outcome can reach the broker
                TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                    @Override
                    public void afterCommit() {
                        switches.hang(afterCommit);
                    }
                });
            }
            return outcome;
        };
        return invocation.proceed();
    }

    private static int indexOf(Object[] arguments, Class<?> type) {
        for (int i = 0; i < arguments.length; i++) {
            if (type.isInstance(arguments[i])) {
                return i;
            }
        }
        throw new IllegalStateException("no " + type.getSimpleName() + " among " + Arrays.toString(arguments));
    }

    private Object aroundDeduction(MethodInvocation invocation) throws Throwable {
        switches.holdWhileArmed(FaultPoint.INVENTORY_HOLD);
        Object outcome = invocation.proceed();
        if (switches.armed(FaultPoint.INVENTORY_HANG_AFTER_DEDUCT)) {
            switches.hang(FaultPoint.INVENTORY_HANG_AFTER_DEDUCT);
        }
        return outcome;
    }

    private Object aroundNoticeConsumption(MethodInvocation invocation) throws Throwable {
        if (switches.armed(FaultPoint.NOTICE_DROP)) {
            switches.arrive(FaultPoint.NOTICE_DROP);
            return null;
        }
        switches.holdWhileArmed(FaultPoint.NOTICE_HOLD);
        return invocation.proceed();
    }

    private static NameMatchMethodPointcutAdvisor advisor(MethodInterceptor advice, String... methods) {
        NameMatchMethodPointcutAdvisor advisor = new NameMatchMethodPointcutAdvisor(advice);
        advisor.setMappedNames(methods);
        return advisor;
    }
}
