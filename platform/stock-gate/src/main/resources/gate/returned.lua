-- inventory released a deducted order's units to the database stock (a cancel): they go back on
-- sale once per order, however often the release is told.
-- KEYS[1] available count, KEYS[2] the order's return marker; ARGV[1] quantity, ARGV[2] marker ttl (s)
-- Returns the quantity returned, 0 for a repeat.
if redis.call('SET', KEYS[2], ARGV[1], 'NX', 'EX', ARGV[2]) then
  if redis.call('EXISTS', KEYS[1]) == 1 then
    redis.call('INCRBY', KEYS[1], ARGV[1])
  end
  return tonumber(ARGV[1])
end
return 0
