package dev.eventual.order.tx;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.common.status.MessageStatus;
import dev.eventual.order.id.ShardKeys;
import dev.eventual.order.store.MessageLogMapper;
import dev.eventual.order.store.MessageLogRow;
import org.apache.rocketmq.spring.core.RocketMQLocalTransactionState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Component;

/**
 * Answers the broker's transaction check exactly (DESIGN §4.5), never by guessing from statuses:
 * a rollback tombstone is inserted under the event's unique key with INSERT IGNORE. While the
 * local transaction is in flight the insert waits on its row lock. Then:
 * <ul>
 *   <li>1 row inserted: the local transaction never committed, and now never can → ROLLBACK;</li>
 *   <li>0 rows and the row is a real event → it committed → COMMIT;</li>
 *   <li>0 rows and the row is a tombstone → an earlier check already rolled it back → ROLLBACK;</li>
 *   <li>0 rows and no row (IGNORE swallowed some other error), or the database failed → UNKNOWN,
 *       and the broker asks again later.</li>
 * </ul>
 */
@Component
public class CheckBack {

    private static final Logger log = LoggerFactory.getLogger(CheckBack.class);

    private final MessageLogMapper messageLog;

    public CheckBack(MessageLogMapper messageLog) {
        this.messageLog = messageLog;
    }

    public RocketMQLocalTransactionState answer(long orderId, OrderEventType eventType, String transactionId) {
        try {
            int inserted = messageLog.insertTombstone(orderId, eventType, ShardKeys.of(orderId),
                    OrderMessaging.ORDER_TOPIC, eventType.tag(), Long.toString(orderId), transactionId);
            if (inserted == 1) {
                log.info("Order {}: check-back for {} found no committed local transaction; tombstone written, ROLLBACK",
                        orderId, eventType);
                return RocketMQLocalTransactionState.ROLLBACK;
            }
            MessageLogRow row = messageLog.find(orderId, eventType);
            if (row == null) {
                log.warn("Order {}: check-back for {} inserted nothing and found nothing; UNKNOWN", orderId, eventType);
                return RocketMQLocalTransactionState.UNKNOWN;
            }
            RocketMQLocalTransactionState answer = row.getMsgStatus() == MessageStatus.ROLLED_BACK
                    ? RocketMQLocalTransactionState.ROLLBACK : RocketMQLocalTransactionState.COMMIT;
            log.info("Order {}: check-back for {} answered {}", orderId, eventType, answer);
            return answer;
        } catch (DataAccessException e) {
            log.warn("Order {}: check-back for {} could not reach the database, UNKNOWN: {}", orderId, eventType, e.toString());
            return RocketMQLocalTransactionState.UNKNOWN;
        }
    }
}
