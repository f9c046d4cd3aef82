package dev.eventual.order.core.orders;

import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;
import dev.eventual.order.core.status.OrderStatus;

import java.time.LocalDateTime;

/** A row of {@code t_order}. Timestamps are UTC. */
@TableName("t_order")
class OrderRow {

    @TableId(type = IdType.INPUT)
    private Long orderId;
    private Long userId;
    private String idempotencyKey;
    private Long skuId;
    private Integer quantity;
    private OrderStatus status;
    private Integer version;
    private LocalDateTime createdAt;
    private LocalDateTime updatedAt;

    /**
     * A new order as it is inserted, with its own time (not the database's default), so what was written
     * is what the 201 answers (docs/order-service.md, "Placing an order").
     */
    static OrderRow created(long orderId, long userId, String idempotencyKey, long skuId, int quantity,
                                   LocalDateTime createdAt) {
        OrderRow row = new OrderRow();
        row.orderId = orderId;
        row.userId = userId;
        row.idempotencyKey = idempotencyKey;
        row.skuId = skuId;
        row.quantity = quantity;
        row.status = OrderStatus.CREATED;
        row.version = 0;
        row.createdAt = createdAt;
        row.updatedAt = createdAt;
        return row;
    }

    public Long getOrderId() { return orderId; }
    public void setOrderId(Long orderId) { this.orderId = orderId; }
    public Long getUserId() { return userId; }
    public void setUserId(Long userId) { this.userId = userId; }
    public String getIdempotencyKey() { return idempotencyKey; }
    public void setIdempotencyKey(String idempotencyKey) { this.idempotencyKey = idempotencyKey; }
    public Long getSkuId() { return skuId; }
    public void setSkuId(Long skuId) { this.skuId = skuId; }
    public Integer getQuantity() { return quantity; }
    public void setQuantity(Integer quantity) { this.quantity = quantity; }
    public OrderStatus getStatus() { return status; }
    public void setStatus(OrderStatus status) { this.status = status; }
    public Integer getVersion() { return version; }
    public void setVersion(Integer version) { this.version = version; }
    public LocalDateTime getCreatedAt() { return createdAt; }
    public void setCreatedAt(LocalDateTime createdAt) { this.createdAt = createdAt; }
    public LocalDateTime getUpdatedAt() { return updatedAt; }
    public void setUpdatedAt(LocalDateTime updatedAt) { this.updatedAt = updatedAt; }
}
