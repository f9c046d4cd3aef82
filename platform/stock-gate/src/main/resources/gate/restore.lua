-- The rebuild after Redis lost its data: an order in flight (committed in order_db, not yet settled
-- by inventory) gets its reservation again before the SKU is seeded. A seeded SKU's reservations are
-- the truth already, so it changes nothing there; nor does a repeat.
-- KEYS[1] available count, KEYS[2] reservations; ARGV[1] order id, ARGV[2] quantity, ARGV[3] reserved at (epoch millis)
-- Returns 1 when it restored the reservation, 0 otherwise.
if redis.call('EXISTS', KEYS[1]) == 1 then
  return 0
end
return redis.call('HSETNX', KEYS[2], ARGV[1], ARGV[2] .. ':' .. ARGV[3])
