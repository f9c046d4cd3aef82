package dev.eventual.scenarios.fault;

import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.consumer.receive.ReceivedEvent;
import dev.eventual.inventory.deduct.StockLedger;
import dev.eventual.notice.consume.NoticeEventHandler;
import dev.eventual.order.core.outbox.OrderOutbox;
import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;
import org.springframework.aop.framework.Advised;
import org.springframework.aop.framework.AopProxyUtils;
import org.springframework.aop.framework.ProxyFactory;
import org.springframework.aop.support.NameMatchMethodPointcutAdvisor;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.util.ClassUtils;

import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/**
 * Puts the {@link FaultPoint}s into a service's own beans. Registered as an ordinary (unordered)
 * post-processor, so it runs after Spring's transaction proxying and its advice goes outermost:
 * "after the deduction" then really means after its commit.
 */
final class FaultPoints implements BeanPostProcessor {

    /**
     * The relay's mapper (order-core's outbox, package-private): known by its name, so production code needs
     * no hook. {@code markSent} runs in the claim's transaction after every send of the batch got SEND_OK.
     */
    private static final String RELAY_MAPPER = "dev.eventual.order.core.outbox.RelayMapper";

    private final FaultSwitches switches;

    FaultPoints(FaultSwitches switches) {
        this.switches = switches;
    }

    @Override
    public Object postProcessAfterInitialization(Object bean, String beanName) {
        Class<?> type = AopProxyUtils.ultimateTargetClass(bean);
        NameMatchMethodPointcutAdvisor advisor;
        if (bean instanceof OrderOutbox.EventSender) {
            advisor = advisor(this::aroundOrderEvent, "publish");
        } else if (type == StockLedger.class) {
            advisor = advisor(this::aroundDeduction, "deduct", "applyAll");
        } else if (type == NoticeEventHandler.class) {
            advisor = advisor(this::aroundNoticeConsumption, "handleAll", "handle");
        } else if (ClassUtils.getAllInterfacesForClassAsSet(type).stream().anyMatch(i -> i.getName().equals(RELAY_MAPPER))) {
            advisor = advisor(this::aroundRelayMark, "markSent");
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
        int work = indexOf(arguments, Runnable.class);
        Runnable original = (Runnable) arguments[work];
        arguments[work] = (Runnable) () -> {
            original.run(); // a refusal throws: nothing to hang before a commit that will not come
            if (switches.armed(beforeCommit)) {
                switches.hang(beforeCommit);
            }
            if (switches.armed(afterCommit)) {
                // runs once the commit succeeded, before the outcome can reach the broker
                TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                    @Override
                    public void afterCommit() {
                        switches.hang(afterCommit);
                    }
                });
            }
        };
        return invocation.proceed();
    }

    /** After the relay's batch was stored by the broker and marked SENT, before that mark commits. */
    private Object aroundRelayMark(MethodInvocation invocation) throws Throwable {
        Object marked = invocation.proceed();
        if (switches.armed(FaultPoint.RELAY_HANG_BEFORE_MARK_COMMIT)) {
            Collection<?> ids = (Collection<?>) invocation.getArguments()[0];
            switches.hang(FaultPoint.RELAY_HANG_BEFORE_MARK_COMMIT, ids.size());
        }
        return marked;
    }

    private static int indexOf(Object[] arguments, Class<?> type) {
        for (int i = 0; i < arguments.length; i++) {
            if (type.isInstance(arguments[i])) {
                return i;
            }
        }
        throw new IllegalStateException("no " + type.getSimpleName() + " among " + Arrays.toString(arguments));
    }

    /**
     * Holds calls that carry order-created events (a cancel-only batch passes, so a cancel can
     * overtake a held create); arrivals count events, since batches may carry several.
     */
    private Object aroundDeduction(MethodInvocation invocation) throws Throwable {
        int creates = events(invocation.getArguments()[0], OrderEventType.ORDER_CREATED);
        if (creates > 0) {
            switches.holdWhileArmed(FaultPoint.INVENTORY_HOLD, creates);
        }
        Object outcome = invocation.proceed();
        if (switches.armed(FaultPoint.INVENTORY_HANG_AFTER_DEDUCT)) {
            switches.hang(FaultPoint.INVENTORY_HANG_AFTER_DEDUCT);
        }
        return outcome;
    }

    private Object aroundNoticeConsumption(MethodInvocation invocation) throws Throwable {
        int events = events(invocation.getArguments()[0], null);
        if (switches.armed(FaultPoint.NOTICE_DROP)) {
            switches.arrive(FaultPoint.NOTICE_DROP, events);
            return null;
        }
        switches.holdWhileArmed(FaultPoint.NOTICE_HOLD, events);
        return invocation.proceed();
    }

    private static NameMatchMethodPointcutAdvisor advisor(MethodInterceptor advice, String... methods) {
        NameMatchMethodPointcutAdvisor advisor = new NameMatchMethodPointcutAdvisor(advice);
        advisor.setMappedNames(methods);
        return advisor;
    }

    /** How many events of the type (null: any) a handler call carries: a batch, or one event. */
    private static int events(Object argument, OrderEventType type) {
        if (argument instanceof List<?> batch) {
            return (int) batch.stream().filter(event -> type == null || ((ReceivedEvent) event).type() == type).count();
        }
        if (argument instanceof ReceivedEvent event) {
            return type == null || event.type() == type ? 1 : 0;
        }
        return type == null || type == OrderEventType.ORDER_CREATED && argument instanceof OrderCreatedEvent ? 1 : 0;
    }
}
