/* Breaks invariant 6: a report derives CONSUMED from its own group alone, so the row is finished
   while the other group never had the event, and no work order opens. */
#define MUT_ONE_GROUP_CONSUMED
#include "order_life.pml"
