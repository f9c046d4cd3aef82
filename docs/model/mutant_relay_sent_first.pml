/* Breaks invariant 2 (the outbox alone, without reconciliation): the relay marks the row SENT
   and commits before it sends; a crash in between loses the event for good. */
#define NORECONCILE
#define MUT_RELAY_SENT_FIRST
#include "order_life.pml"
