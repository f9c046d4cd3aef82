-- An order that will never be committed gives its reservation back: once, however often asked.
-- KEYS[1] available count, KEYS[2] reservations; ARGV[1] order id
-- Returns the quantity given back, 0 when the order holds nothing (given back before, or applied).
local held = redis.call('HGET', KEYS[2], ARGV[1])
if not held then
  return 0
end
local quantity = tonumber(string.match(held, '^(%d+)'))
redis.call('HDEL', KEYS[2], ARGV[1])
if redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('INCRBY', KEYS[1], quantity)
end
return quantity
