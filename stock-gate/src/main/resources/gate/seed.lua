-- The count derived from the database stock: stock minus the reservations still in flight.
-- KEYS[1] available count, KEYS[2] reservations; ARGV[1] the database stock. Returns the count set.
local held = 0
for _, value in ipairs(redis.call('HVALS', KEYS[2])) do
  held = held + tonumber(string.match(value, '^(%d+)'))
end
local available = tonumber(ARGV[1]) - held
redis.call('SET', KEYS[1], available)
return available
