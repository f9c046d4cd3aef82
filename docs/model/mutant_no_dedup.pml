/* Breaks invariant 1: inventory deducts a redelivered create again (no deduct record consulted). */
#define MUT_NO_DEDUP
#include "order_life.pml"
