/* Breaks invariant 5: the claim writes its token without re-checking that the row is still due
   (no version / due guard), so two executors that read the same page both hold the row. */
#define MUT_CLAIM_NO_GUARD
#include "order_life.pml"
