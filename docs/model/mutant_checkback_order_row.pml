/* Breaks invariant 3: the check-back answers from the recorded event (whichever attempt wrote it)
   instead of the attempt barrier, so a half message whose send "failed" is committed beside the fallback. */
#define MUT_CHECKBACK_ORDER_ROW
#include "order_life.pml"
