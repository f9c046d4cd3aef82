/* Breaks invariant 7: a re-driven row is decided again on the order status read before the re-drives,
   so a cancel applied while they ran leaves "CREATED" beside the fence the retry answers (ReconcileRun
   until 27d9c82; CancelRaceIT met it on JDK 25). */
#define MUT_PAGE_ORDER_STATUS
#include "order_life.pml"
