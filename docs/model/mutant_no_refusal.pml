/* Breaks invariant 1 (retention run): a copy that comes after the consumer's retention cleaned its record is taken
   for a first delivery, so the order's stock is deducted twice (docs/retention.md, "A late event never applies twice"). */
#define RETENTION
#define MUT_NO_REFUSAL
#include "order_life.pml"
