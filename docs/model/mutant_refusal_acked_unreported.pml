/* Breaks invariant 8 (retention run): a refused delivery is acknowledged although its REFUSED report was lost, so
   order-service never hears of the refusal and no work order opens (the consumers until 2026-11-30). */
#define RETENTION
#define MUT_REFUSAL_ACKED_UNREPORTED
#include "order_life.pml"
