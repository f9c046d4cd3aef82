-- One SKU's count and reservations at one moment (an atomic read).
-- KEYS[1] available count, KEYS[2] reservations. Returns {count or nil, {order id, value, ...}}.
return {redis.call('GET', KEYS[1]), redis.call('HGETALL', KEYS[2])}
