-- Reserve quantity units of one SKU for one order, or say why not (docs/stock-gate.md).
-- KEYS[1] available count, KEYS[2] reservations (order id -> "quantity:reservedAtMillis")
-- ARGV[1] order id, ARGV[2] quantity, ARGV[3] now (epoch millis, the caller's clock)
-- Returns {1, quantity} reserved (or reserved before: a repeat answers the first decision),
-- {0, available} sold out, {-1, 0} not seeded (the count is unknown: never guess it).
local held = redis.call('HGET', KEYS[2], ARGV[1])
if held then
  return {1, tonumber(string.match(held, '^(%d+)'))}
end
local available = redis.call('GET', KEYS[1])
if not available then
  return {-1, 0}
end
available = tonumber(available)
local quantity = tonumber(ARGV[2])
if available < quantity then
  return {0, available}
end
redis.call('DECRBY', KEYS[1], quantity)
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2] .. ':' .. ARGV[3])
return {1, quantity}
