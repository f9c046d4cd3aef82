-- Reserve quantity units of one SKU for one order, or say why not (docs/stock-gate.md).
-- KEYS[1] available count, KEYS[2] reservations (order id -> "quantity:reservedAtMillis"),
-- KEYS[3] admissions (buyer "userId:Idempotency-Key" -> order id, and the field '#complete')
-- ARGV[1] order id, ARGV[2] quantity, ARGV[3] now (epoch millis, the caller's clock), ARGV[4] the buyer,
-- ARGV[5] the most buyers remembered, ARGV[6] how long they are remembered after the last admission (millis)
-- Returns {1, quantity, 1} reserved (or reserved before: a repeat answers the first decision),
-- {0, available, lookup} sold out, {-1, 0, 1} not seeded (the count is unknown: never guess it).
-- lookup is 0 only when no order can exist for this buyer: the admissions hold every buyer ever admitted
-- for the SKU ('#complete', set when its count was created for a new SKU, by this very server: one that
-- restarted may have lost its last writes, so its run id must match) and this buyer is not among them.
local held = redis.call('HGET', KEYS[2], ARGV[1])
if held then
  return {1, tonumber(string.match(held, '^(%d+)')), 1}
end
local available = redis.call('GET', KEYS[1])
if not available then
  return {-1, 0, 1}
end
available = tonumber(available)
local quantity = tonumber(ARGV[2])
if available < quantity then
  local lookup = 1
  if redis.call('HEXISTS', KEYS[3], ARGV[4]) == 0 then
    local complete = redis.call('HGET', KEYS[3], '#complete')
    if complete and complete == string.match(redis.call('INFO', 'server'), 'run_id:(%x+)') then
      lookup = 0
    end
  end
  return {0, available, lookup}
end
redis.call('DECRBY', KEYS[1], quantity)
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2] .. ':' .. ARGV[3])
-- forgetting the buyers is always safe (refusals are then looked up), so they are bounded
if redis.call('HLEN', KEYS[3]) >= tonumber(ARGV[5]) then
  redis.call('DEL', KEYS[3])
end
redis.call('HSET', KEYS[3], ARGV[4], ARGV[1])
redis.call('PEXPIRE', KEYS[3], ARGV[6])
return {1, quantity, 1}
