/* Breaks invariant 5: reconcile's writes do not check that the claim is still the run's own, so an
   executor that outlived its lease (a zombie) writes over the row its successor now holds. */
#define MUT_SETTLE_UNGUARDED
#include "order_life.pml"
