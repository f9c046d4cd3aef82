-- inventory applied the order's deduction to the database stock: the reservation is no longer in
-- flight; the count does not change (the unit left both the count and the stock long ago).
-- KEYS[1] reservations; ARGV[1] order id. Returns 1 when it ended a reservation, 0 otherwise.
return redis.call('HDEL', KEYS[1], ARGV[1])
