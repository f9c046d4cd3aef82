package dev.eventual.order.core.outbox;

import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;
import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.order.core.status.MessageStatus;
import dev.eventual.order.core.status.ReconcileStatus;

import java.time.LocalDateTime;

/** A row of {@code message_log}: one order event, its payload and its reconciliation state. */
@TableName("message_log")
class MessageLogRow {

    @TableId(type = IdType.AUTO)
    private Long id;
    private Long orderId;
    private OrderEventType eventType;
    private Integer shardKey;
    private String topic;
    private String tag;
    private String msgKey;
    private String transactionId;
    private String payload;
    /** W3C trace context of the request that wrote the event (docs/tracing.md); null without tracing. */
    private String traceParent;
    private MessageStatus msgStatus;
    private ReconcileStatus reconcileStatus;
    private Integer retryCount;
    private LocalDateTime nextReconcileTime;
    private Integer version;
    private String lastError;
    private String claimToken;
    /** Sends the relay tried for a WAITING row; null on insert means the column's default, 0. */
    private Integer relayAttempts;
    /** When the relay may send a WAITING row; null when the row is not the relay's. */
    private LocalDateTime nextRelayTime;
    private LocalDateTime createdAt;
    private LocalDateTime updatedAt;

    public Long getId() { return id; }
    public void setId(Long id) { this.id = id; }
    public Long getOrderId() { return orderId; }
    public void setOrderId(Long orderId) { this.orderId = orderId; }
    public OrderEventType getEventType() { return eventType; }
    public void setEventType(OrderEventType eventType) { this.eventType = eventType; }
    public Integer getShardKey() { return shardKey; }
    public void setShardKey(Integer shardKey) { this.shardKey = shardKey; }
    public String getTopic() { return topic; }
    public void setTopic(String topic) { this.topic = topic; }
    public String getTag() { return tag; }
    public void setTag(String tag) { this.tag = tag; }
    public String getMsgKey() { return msgKey; }
    public void setMsgKey(String msgKey) { this.msgKey = msgKey; }
    public String getTransactionId() { return transactionId; }
    public void setTransactionId(String transactionId) { this.transactionId = transactionId; }
    public String getPayload() { return payload; }
    public void setPayload(String payload) { this.payload = payload; }
    public String getTraceParent() { return traceParent; }
    public void setTraceParent(String traceParent) { this.traceParent = traceParent; }
    public MessageStatus getMsgStatus() { return msgStatus; }
    public void setMsgStatus(MessageStatus msgStatus) { this.msgStatus = msgStatus; }
    public ReconcileStatus getReconcileStatus() { return reconcileStatus; }
    public void setReconcileStatus(ReconcileStatus reconcileStatus) { this.reconcileStatus = reconcileStatus; }
    public Integer getRetryCount() { return retryCount; }
    public void setRetryCount(Integer retryCount) { this.retryCount = retryCount; }
    public LocalDateTime getNextReconcileTime() { return nextReconcileTime; }
    public void setNextReconcileTime(LocalDateTime nextReconcileTime) { this.nextReconcileTime = nextReconcileTime; }
    public Integer getVersion() { return version; }
    public void setVersion(Integer version) { this.version = version; }
    public String getLastError() { return lastError; }
    public void setLastError(String lastError) { this.lastError = lastError; }
    public String getClaimToken() { return claimToken; }
    public void setClaimToken(String claimToken) { this.claimToken = claimToken; }
    public Integer getRelayAttempts() { return relayAttempts; }
    public void setRelayAttempts(Integer relayAttempts) { this.relayAttempts = relayAttempts; }
    public LocalDateTime getNextRelayTime() { return nextRelayTime; }
    public void setNextRelayTime(LocalDateTime nextRelayTime) { this.nextRelayTime = nextRelayTime; }
    public LocalDateTime getCreatedAt() { return createdAt; }
    public void setCreatedAt(LocalDateTime createdAt) { this.createdAt = createdAt; }
    public LocalDateTime getUpdatedAt() { return updatedAt; }
    public void setUpdatedAt(LocalDateTime updatedAt) { this.updatedAt = updatedAt; }
}
