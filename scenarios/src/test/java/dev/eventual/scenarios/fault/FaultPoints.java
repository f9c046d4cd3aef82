package dev.eventual.scenarios.fault;

import dev.eventual.inventory.deduct.StockLedger;
import dev.eventual.notice.consume.OrderEventListener;
import dev.eventual.order.tx.LocalOrderTransaction;
import dev.eventual.order.tx.LocalTransactionRunner;
import dev.eventual.order.tx.LocalTxOutcome;
import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;
import org.springframework.aop.framework.Advised;
import org.springframework.aop.framework.AopProxyUtils;
import org.springframework.aop.framework.ProxyFactory;
import org.springframework.aop.support.NameMatchMethodPointcutAdvisor;
import org.springframework.beans.factory.config.BeanPostProcessor;

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
        if (type == LocalTransactionRunner.class) {
            advisor = advisor("run", this::aroundLocalTransaction);
        } else if (type == StockLedger.class) {
            advisor = advisor("deduct", this::aroundDeduction);
        } else if (type == OrderEventListener.class) {
            advisor = advisor("onMessage", this::aroundNoticeConsumption);
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

    private Object aroundLocalTransaction(MethodInvocation invocation) throws Throwable {
        if (switches.armed(FaultPoint.ORDER_HANG_BEFORE_LOCAL_COMMIT)) {
            Object[] arguments = invocation.getArguments();
            LocalOrderTransaction work = (LocalOrderTransaction) arguments[3];
            arguments[3] = (LocalOrderTransaction) transactionId -> {
                work.execute(transactionId);
                switches.hang(FaultPoint.ORDER_HANG_BEFORE_LOCAL_COMMIT);
                throw new IllegalStateException("unreachable: the thread hangs until the process is killed");
            };
        }
        Object outcome = invocation.proceed();
        if (outcome == LocalTxOutcome.COMMITTED && switches.armed(FaultPoint.ORDER_HANG_AFTER_LOCAL_COMMIT)) {
            switches.hang(FaultPoint.ORDER_HANG_AFTER_LOCAL_COMMIT);
        }
        return outcome;
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

    private static NameMatchMethodPointcutAdvisor advisor(String method, MethodInterceptor advice) {
        NameMatchMethodPointcutAdvisor advisor = new NameMatchMethodPointcutAdvisor(advice);
        advisor.setMappedName(method);
        return advisor;
    }
}
