-- The count derived from the database stock: stock minus the reservations still in flight.
-- inventory-service calls it holding the SKU's stock row lock, so no deduction or release commits
-- meanwhile (docs/stock-gate.md, "Seeding exactly").
-- KEYS[1] available count, KEYS[2] reservations, KEYS[3] admissions; ARGV[1] what to do with a missing
-- count: '0' leave it to the rebuild (Redis lost its data: the reservations of the orders in flight must
-- be restored first), '1' create it, '2' create it for a SKU inventory has just created: no order can
-- have been admitted for it yet, so the admissions are marked complete (with this server's run id)
-- when none is held; ARGV[2] the database stock; ARGV[3..] orders inventory has
-- settled (a deduct record exists): the stock holds their outcome already, so their reservations end
-- here, and a late applied or give-back for them finds nothing.
-- Returns {1 if it was seeded before else 0, the count before (0 if none), the count set, reservations
-- ended}, or {-1, 0, 0, 0} when the count was missing and left alone.
local before = redis.call('GET', KEYS[1])
if not before and ARGV[1] == '0' then
  return {-1, 0, 0, 0}
end
if not before then
  -- only a count created for a new SKU starts a complete history of its buyers; any other (the rebuild)
  -- cannot know who was admitted before
  if ARGV[1] == '2' and redis.call('HLEN', KEYS[2]) == 0 and redis.call('HLEN', KEYS[3]) == 0 then
    redis.call('HSET', KEYS[3], '#complete', string.match(redis.call('INFO', 'server'), 'run_id:(%x+)'))
  else
    redis.call('HDEL', KEYS[3], '#complete')
  end
end
local ended = 0
for i = 3, #ARGV do
  ended = ended + redis.call('HDEL', KEYS[2], ARGV[i])
end
local held = 0
for _, value in ipairs(redis.call('HVALS', KEYS[2])) do
  held = held + tonumber(string.match(value, '^(%d+)'))
end
local available = tonumber(ARGV[2]) - held
redis.call('SET', KEYS[1], available)
if before then
  return {1, tonumber(before), available, ended}
end
return {0, 0, available, ended}
