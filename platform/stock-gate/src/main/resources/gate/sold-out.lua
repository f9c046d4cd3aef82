-- Whether an order of quantity units is sold out to a buyer who surely has no order of the SKU, without
-- reserving anything: order-service asks it at its door, ahead of its web stack, and answers such an order
-- 409 there (docs/stock-gate.md, "A refusal without SQL"). The same test as reserve's sold-out answer.
-- KEYS[1] available count, KEYS[2] admissions; ARGV[1] quantity, ARGV[2] the buyer ("userId:Idempotency-Key")
-- Returns the units left when so (at least 0); -1 otherwise: units left, not seeded, or the buyer may have an
-- order, and the reservation decides, as for every other order.
local available = redis.call('GET', KEYS[1])
if not available or tonumber(available) >= tonumber(ARGV[1]) then
  return -1
end
if redis.call('HEXISTS', KEYS[2], ARGV[2]) == 1 then
  return -1
end
local complete = redis.call('HGET', KEYS[2], '#complete')
if complete and complete == string.match(redis.call('INFO', 'server'), 'run_id:(%x+)') then
  return math.max(tonumber(available), 0)
end
return -1
