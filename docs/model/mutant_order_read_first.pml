/* Breaks invariant 7: reconcile reads the order status before asking the consumers, so a cancel that
   commits and fences the stock between the two reads is seen as "CREATED, released": a work order for
   a consistent order (ReconcileRun.work read in this order until 2026-11-30). */
#define MUT_ORDER_READ_FIRST
#include "order_life.pml"
