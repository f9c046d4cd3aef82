/* Breaks invariant 1 (released only if deducted): the cancel restores stock without looking at
   the deduct record. */
#define MUT_RELEASE_UNCHECKED
#include "order_life.pml"
