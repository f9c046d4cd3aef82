/* Breaks invariant 8 (retention run): a REFUSED report leaves the event's finished row finished, so reconciliation
   never sees it again and the refusal gets no work order (order-core's ConsumerStatusRecorder reopens it). */
#define RETENTION
#define MUT_REFUSAL_NOT_REOPENED
#include "order_life.pml"
