/* Breaks invariant 4: a cancel that finds no deduct record leaves none (no FENCED row), so a create
   delivered after it still deducts, and the canceled order keeps the stock. */
#define MUT_NO_FENCE
#include "order_life.pml"
