-- The count derived from the database stock: stock minus the reservations still in flight.
-- inventory-service calls it holding the SKU's stock row lock, so no deduction or release commits
-- meanwhile (docs/stock-gate.md, "Seeding exactly").
-- KEYS[1] available count, KEYS[2] reservations; ARGV[1] '1' when it may create a missing count,
-- '0' when a missing count is left to the rebuild (Redis lost its data: the reservations of the orders
-- in flight must be restored first); ARGV[2] the database stock; ARGV[3..] orders inventory has
-- settled (a deduct record exists): the stock holds their outcome already, so their reservations end
-- here, and a late applied or give-back for them finds nothing.
-- Returns {1 if it was seeded before else 0, the count before (0 if none), the count set, reservations
-- ended}, or {-1, 0, 0, 0} when the count was missing and left alone.
local before = redis.call('GET', KEYS[1])
if not before and ARGV[1] ~= '1' then
  return {-1, 0, 0, 0}
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
