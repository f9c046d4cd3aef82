/*
 * One order's life across order-service, the broker, the outbox relay, inventory-service,
 * notice-service and two reconcile executors. docs/model/README.md maps every step to the class
 * and method it follows; change one, change the other.
 *
 * Mutant switches (each docs/model/mutant_*.pml defines one and includes this file):
 *   MUT_CHECKBACK_ORDER_ROW  check-back answers from the recorded event, not the attempt barrier
 *   MUT_RELAY_SENT_FIRST     relay marks the row SENT (and commits) before it sends
 *   MUT_NO_DEDUP             inventory deducts again on a redelivered create
 *   MUT_RELEASE_UNCHECKED    cancel restores stock without looking at the deduct record
 *   MUT_NO_FENCE             cancel of an unseen order leaves no FENCED record
 *   MUT_CLAIM_NO_GUARD       claim writes its token without re-checking that the row is still due
 *   MUT_ONE_GROUP_CONSUMED   a report derives CONSUMED from its own group's SUCCESS alone
 *   MUT_ORDER_READ_FIRST     reconcile reads the order status before the consumers' statuses
 *   MUT_PAGE_ORDER_STATUS    a re-driven row is decided again on the order status read before the re-drives
 *   MUT_SETTLE_UNGUARDED     reconcile's writes do not check that the row's claim is still its own
 *   MUT_NO_REFUSAL           (RETENTION) a copy that finds its cleaned record gone is applied as a first delivery
 *   MUT_REFUSAL_NOT_REOPENED (RETENTION) a REFUSED report leaves a finished row finished
 *   MUT_REFUSAL_ACKED_UNREPORTED (RETENTION) a refused delivery is acknowledged although its report was lost
 * Configuration switches:
 *   NORECONCILE              no reconcile executors: the outbox's own delivery promise (invariant 2)
 *   STRICT_P2                invariant 2 without its canceled-order exception (fails, by design: README)
 *   SECOND_CANCEL            the client cancels again when the first cancel did not commit
 *   EAGER                    a row may come due while its event's copies wait at the consumers (one executor)
 *   RETENTION                inventory's record is cleaned after the order settled, then a late copy comes (one executor)
 */

/* ---- bounds ---- */
#define MAXR        1   /* reconcile retries before the work order (max-retries, 5 in production) */
#define RMAX        2   /* relay sends before the relay hands the row to a work order */
#define CHECKS      1   /* check-backs before the broker gives the half message up */

/* events, consumer groups; index of a (event, group) pair is e*2+g */
#define CR 0
#define CA 1
#define INV 0
#define NOT 1

/* publish attempts, each its own transaction id (barrier key) */
#define H  0   /* placement's half message */
#define F  1   /* the broker fallback's attempt of the same placement ("relay-" + UUID) */
#define K1 2   /* first cancel: half message */
#define KF 3   /* first cancel through the fallback (created event still WAITING, or broker down) */
#define K2 4   /* the client's second cancel: half message */
#define NA 5

/* tx_attempt_barrier row of an attempt */
#define B_NONE   0
#define B_LOCKED 1   /* inserted by the attempt's open local transaction: a check-back's INSERT IGNORE waits */
#define B_COMMIT 2
#define B_ROLLED 3

/* broker's view of a half message */
#define HM_NONE 0
#define HM_HALF 1
#define HM_COMMIT 2
#define HM_ROLLBACK 3
#define HM_DROPPED 4

/* t_order.status */
#define O_NONE 0
#define O_CREATED 1
#define O_CANCELED 2

/* message_log.msg_status (0 = no row: the event never committed) */
#define M_WAITING 1
#define M_SENT 2
#define M_CONSUMED 3
#define M_FAIL 4

/* message_log.reconcile_status */
#define R_PENDING 1
#define R_RETRY 2
#define R_SUCCESS 3
#define R_FAIL 4   /* a work order is open */

/* message_consumer_status.status (0 = no report) */
#define C_PROC 1
#define C_SUCC 2
#define C_FAIL 3
#define C_REF  4   /* REFUSED: the consumer refused a copy that came after its retention */

/* inventory_deduct_log.status */
#define D_NONE 0
#define D_SUCCESS 1
#define D_FAIL 2
#define D_FENCED 3
#define D_RELEASED 4

/* notice_log.status */
#define N_NONE 0
#define N_PROC 1
#define N_SUCC 2
#define N_FAIL 3

/* downstream status the reconcile job reads (DownstreamStatus) */
#define S_NF 0
#define S_PROC 1
#define S_SUCC 2
#define S_FAIL 3
#define S_REL 4
#define S_REF 5

/* verdicts */
#define V_DONE 0
#define V_WAIT 1
#define V_REDRIVE 2
#define V_ESC 3

/* ---- order_db ---- */
byte barrier[NA];
byte order;
byte ms[2];        /* msg_status per event row */
byte rs[2];        /* reconcile_status */
byte retries[2];
byte token[2];     /* claim_token: 0 none, else executor id */
bool due[2];       /* next_reconcile_time <= now */
byte relayTries[2];
bool relayGone[2]; /* next_relay_time NULL after the last failed send: the relay let go */
bool wo[2];        /* a work order is open for the event */
byte cs[4];        /* consumer status reports */

/* ---- broker ---- */
byte half[NA];
byte checks[NA];
bool pend[4];      /* a deliverable copy not yet acknowledged, per (event, group); copies of one
                      event are one message to the consumer (its dedup makes their number irrelevant) */
#define SEND(e) pend[(e)*2+INV] = true; pend[(e)*2+NOT] = true

/* ---- inventory_db, notice_db ---- */
byte ded;
byte nl[2];
#ifdef RETENTION
bool cleaned;      /* inventory's retention deleted the order's deduct record (ded keeps what it was, as a ghost) */
bool refused;      /* inventory holds a REFUSED record for the created event */
byte late = 1;     /* copies of the created event that come after the retention (a DLQ resend, a restored broker) */
#endif

/* ---- fault budgets (each fault may happen this often in one run) ---- */
byte crashes = 1;      /* order-service, relay, inventory or notice-service dies at its worst moment */
byte faults = 1;       /* one of: a local transaction fails before commit, a deduction finds too little
                          stock, the notice channel refuses, a status report is lost */

/* ---- ghosts: what the invariants speak of ---- */
byte deducted;     /* stock units taken (one per deduction) */
byte released;     /* stock units given back */
bool got[4];       /* the event reached the group (broker delivery or re-drive) */
byte live[2];      /* executor holding a live claim of the row */
bool dead[3];      /* executor died */
bool lapsed;       /* executor 1 outlived its claim's lease and goes on (a zombie) */
#if defined(EAGER) || defined(RETENTION)
#define ONE_EXECUTOR
#endif
#ifdef ONE_EXECUTOR
byte execCrashes = 0;  /* the eager and retention runs: one executor, without its fault (the main run has those) */
#else
byte execCrashes = 1;
#endif

/* ===================== order-service: the outbox ===================== */

/* OrderTransactionListener.executeLocalTransaction / BrokerFallback.publish -> LocalTransactionRunner.run */
inline localTx(a, e, st, ok) {
  ok = false;
  atomic {
    /* AttemptBarrier.enter: the first statement; a check-back's ROLLED_BACK row makes it fail on the key */
    if
    :: barrier[a] == B_NONE -> barrier[a] = B_LOCKED
    :: else -> skip   /* ATTEMPT_ROLLED_BACK */
    fi
  }
  if
  :: barrier[a] == B_LOCKED ->
     atomic {
       if
       /* message_log insert (unique order, event) and the work: order insert / guarded cancel; commit */
       :: ms[e] == 0 && ((e == CR && order == O_NONE) || (e == CA && order == O_CREATED)) ->
          barrier[a] = B_COMMIT;
          order = (e == CR -> O_CREATED : O_CANCELED);
          ms[e] = st; rs[e] = R_PENDING; due[e] = true;
          ok = true
       /* the event is recorded already, or the order moved (unique key / version guard): rolled back, barrier row too */
       :: !(ms[e] == 0 && ((e == CR && order == O_NONE) || (e == CA && order == O_CREATED))) -> barrier[a] = B_NONE
       /* the database failed before commit */
       :: faults > 0 -> faults--; barrier[a] = B_NONE
       fi
     }
  :: else -> skip
  fi
}

/* broker marks a half message deliverable: invariant 3 */
inline brokerCommit(a, e) {
  assert(barrier[a] == B_COMMIT);    /* inv3: never a message of an attempt that did not commit */
  half[a] = HM_COMMIT; SEND(e)
}

/* the client's end-transaction answer, or its loss (order-service dies between local commit and broker commit) */
inline answer(a, e, ok) {
  if
  :: ok ->
     if
     :: atomic { half[a] == HM_HALF -> brokerCommit(a, e) }
     :: half[a] != HM_HALF -> skip          /* a check-back settled it already */
     /* answer lost (or UNKNOWN after a commit call that failed but committed): the check-back settles it */
     :: atomic { crashes > 0 -> crashes-- }; goto down
     fi
  :: else ->
     if
     :: atomic { half[a] == HM_HALF -> half[a] = HM_ROLLBACK }
     :: half[a] != HM_HALF -> skip
     :: true -> skip   /* commit call failed and nothing committed: UNKNOWN, the check-back settles it */
     fi
  fi
}

proctype OrderService() {
  bool ok;
  /* Placing.placeOnServer -> OrderEventPublisher.publish */
  if
  :: half[H] = HM_HALF; localTx(H, CR, M_SENT, ok); answer(H, CR, ok)
  :: half[H] = HM_HALF; localTx(F, CR, M_WAITING, ok)  /* stored, but the send timed out: fallback */
  :: localTx(F, CR, M_WAITING, ok)                      /* not stored, or breaker open: fallback */
  fi;
  /* Canceling.cancelOnServer: the client may cancel, and cancel once more if the first did not go through */
  if
  :: order == O_CREATED ->
     if
     :: ms[CR] == M_WAITING -> localTx(KF, CA, M_WAITING, ok)  /* EARLIER_EVENT_WAITING */
     :: ms[CR] != M_WAITING -> half[K1] = HM_HALF; localTx(K1, CA, M_SENT, ok); answer(K1, CA, ok)
     fi;
#ifdef SECOND_CANCEL
     if
     :: order == O_CREATED -> half[K2] = HM_HALF; localTx(K2, CA, M_SENT, ok); answer(K2, CA, ok)
     :: true -> skip
     fi
#endif
     skip
  :: true -> skip
  fi;
down:
  skip
}

/* ===================== the broker: check-back ===================== */

/* one check-back of attempt a, whose half message is still waiting for its answer */
inline checkBack(a, e) {
#ifndef NORECONCILE
  if
  :: checks[a] >= CHECKS -> half[a] = HM_DROPPED   /* transactionCheckMax: given up */
  :: else -> checks[a]++;
#endif
#ifdef MUT_CHECKBACK_ORDER_ROW
     /* answers from whether the event is recorded, whichever attempt recorded it */
     if
     :: ms[e] != 0 -> brokerCommit(a, e)
     :: else -> half[a] = HM_ROLLBACK
     fi
#else
     /* CheckBack.answer -> AttemptBarrier.settle: INSERT IGNORE ROLLED_BACK under the attempt's own id */
     if
     :: barrier[a] == B_NONE -> barrier[a] = B_ROLLED; half[a] = HM_ROLLBACK
#ifndef NORECONCILE
     :: barrier[a] == B_LOCKED -> skip          /* lock wait ran out: UNKNOWN, asked again (counted) */
#endif
     /* without the give-up, an UNKNOWN answer is the same as the check-back coming later: left out, so
        that the model has no cycle and needs no fairness assumption */
     :: barrier[a] == B_COMMIT -> brokerCommit(a, e)
     :: barrier[a] == B_ROLLED -> half[a] = HM_ROLLBACK
     fi
#endif
#ifndef NORECONCILE
  fi
#endif
}

proctype Broker() {
end:
  do
  :: atomic { half[H] == HM_HALF -> checkBack(H, CR) }
  :: atomic { half[K1] == HM_HALF -> checkBack(K1, CA) }
  :: atomic { half[K2] == HM_HALF -> checkBack(K2, CA) }
  od
}

/* ===================== the outbox relay ===================== */

/* OrderRelay.failed: back-off, or after RMAX sends letGo + the work order (DueRowMapper.handOver) */
inline relayFailed(e) {
  relayTries[e]++;
  if
  :: relayTries[e] >= RMAX ->
     relayGone[e] = true;
     if
     :: rs[e] == R_PENDING || rs[e] == R_RETRY -> rs[e] = R_FAIL; token[e] = 0; wo[e] = true
     :: else -> skip
     fi
  :: else -> skip
  fi
}

/* one relay pass over the row of event e (RelayMapper.claimDue ... markSent / markFailed / letGo) */
inline relayRow(e) {
#ifdef MUT_RELAY_SENT_FIRST
  ms[e] = M_SENT;                      /* marked and committed first ... */
  if
  :: crashes > 0 -> crashes--          /* ... and the service dies before the send */
  :: SEND(e)
  fi
#else
  /* OrderRelay.relayBatch: send, await SEND_OK, markSent in the claim's transaction */
  if
  :: SEND(e); ms[e] = M_SENT          /* SEND_OK */
  :: crashes > 0 -> crashes--; SEND(e)  /* stored, died before commit: sent again */
  :: SEND(e); relayFailed(e)            /* stored, but no answer in time */
  :: relayFailed(e)                                              /* not stored */
  fi
#endif
}

proctype Relay() {
end:
  do
  /* claimDue: WAITING, due, and no earlier WAITING event of the same order */
  :: atomic { ms[CR] == M_WAITING && !relayGone[CR] -> relayRow(CR) }
  :: atomic { ms[CA] == M_WAITING && !relayGone[CA] && (ms[CR] != M_WAITING || relayGone[CR]) -> relayRow(CA) }
  od
}

/* ===================== consumer reports to order-service ===================== */

/* ConsumerStatusRecorder.apply: monotonic (ConsumeStatus.mayBecome), derive msg_status, finish the row */
inline report(e, g, st) {
  if
#ifdef RETENTION
  /* ConsumeStatus.REFUSED replaces any status and nothing replaces it; msg_status FAIL; a row reconcile had
     finished is handed back (ReportedEventMapper.reopen: RETRY, due now, retry count 0) */
  :: st == C_REF && cs[e*2+g] != C_REF && ms[e] != 0 ->
     cs[e*2+g] = C_REF; ms[e] = M_FAIL;
#ifndef MUT_REFUSAL_NOT_REOPENED
     if
     :: rs[e] == R_SUCCESS -> rs[e] = R_RETRY; retries[e] = 0; due[e] = true
     :: else -> skip
     fi
#else
     skip
#endif
  :: cs[e*2+g] == C_REF -> skip
#endif
  :: (cs[e*2+g] == 0 || cs[e*2+g] == C_PROC || (cs[e*2+g] == C_FAIL && st != C_PROC)) && cs[e*2+g] != st && st != C_REF &&
     ms[e] != 0 ->
     cs[e*2+g] = st;
     if
     :: cs[e*2+INV] == C_FAIL || cs[e*2+NOT] == C_FAIL -> ms[e] = M_FAIL
#ifdef MUT_ONE_GROUP_CONSUMED
     :: cs[e*2+g] == C_SUCC && !(cs[e*2+INV] == C_FAIL || cs[e*2+NOT] == C_FAIL) ->
#else
     :: cs[e*2+INV] == C_SUCC && cs[e*2+NOT] == C_SUCC ->
#endif
        ms[e] = M_CONSUMED;
        /* consumeAndFinish: finished unless a run holds it (claim token) or a work order has it */
        if
        :: (rs[e] == R_PENDING || rs[e] == R_RETRY) && token[e] == 0 && order != O_NONE -> rs[e] = R_SUCCESS
        :: else -> skip
        fi
     :: else -> ms[e] = (ms[e] == M_WAITING -> M_WAITING : M_SENT)
     fi
  :: else -> skip   /* a repeat, a late report that would undo SUCCESS, or an unknown event */
  fi
}

/* ===================== inventory-service ===================== */

#ifdef RETENTION
#define KEPT (!cleaned)
#else
#define KEPT true
#endif

/* StockLedger.deduct (retryFailed: the reconcile retry API) */
inline deduct(retryFailed) {
  if
#ifdef RETENTION
  /* LateEvents: no record, and the order older than keep minus the skew allowance: a REFUSED record, no effect */
  :: refused -> skip
#ifdef MUT_NO_REFUSAL
  :: cleaned && !refused -> ded = D_SUCCESS; deducted++   /* the record is gone: taken for a first delivery */
#else
  :: cleaned && !refused -> refused = true
#endif
#endif
  :: KEPT && ded == D_NONE ->
     if
     :: ded = D_SUCCESS; deducted++
     :: faults > 0 -> faults--; ded = D_FAIL   /* insufficient stock: recorded, acknowledged */
     fi
  :: KEPT && ded == D_FAIL && retryFailed ->
     if
     :: ded = D_SUCCESS; deducted++
     :: faults > 0 -> faults--   /* still short */
     fi
#ifdef MUT_NO_DEDUP
  :: KEPT && ded == D_SUCCESS -> deducted++   /* no record consulted */
#endif
  :: else -> skip   /* the record says it was seen: nothing changes */
  fi;
  assert(deducted <= 1);                           /* inv1 */
  assert(deducted == 0 || barrier[H] == B_COMMIT || barrier[F] == B_COMMIT)   /* inv3 */
}

/* StockLedger.release */
inline release() {
#ifdef MUT_RELEASE_UNCHECKED
  if
  :: ded != D_RELEASED -> released++; ded = D_RELEASED
  :: else -> skip
  fi;
#else
  if
  :: ded == D_NONE ->
#ifdef MUT_NO_FENCE
     skip
#else
     ded = D_FENCED
#endif
  :: ded == D_SUCCESS -> released++; ded = D_RELEASED
  :: ded == D_FAIL -> ded = D_FENCED
  :: else -> skip
  fi;
#endif
  assert(released <= deducted);   /* inv1: released only if deducted */
  assert(released <= 1)           /* inv4: given back at most once */
}

/* OrderEventHandler.reported: a cancel is SUCCESS, a create SUCCESS only if it deducted */
#ifdef RETENTION
#define invStatus(e) (((e) == CR && refused) -> C_REF : (((e) == CA || ded == D_SUCCESS) -> C_SUCC : C_FAIL))
#else
#define invStatus(e) (((e) == CA || ded == D_SUCCESS) -> C_SUCC : C_FAIL)
#endif

/* OrderEventHandler.handleAll / handle: the ledger's transaction, then the report, then the ack */
inline invConsume(e) {
  got[e*2+INV] = true;
  if
  :: e == CR -> deduct(false)
  :: else -> release()
  fi;
  if
  :: report(e, INV, invStatus(e)); pend[e*2+INV] = false
  :: faults > 0 -> faults--;                 /* report lost */
#if defined(RETENTION) && !defined(MUT_REFUSAL_ACKED_UNREPORTED)
     /* a delivery's refusal is acknowledged only once order-service took its report (OrderEventHandler.confirmRefusal) */
     if :: e == CR && refused -> skip :: else -> pend[e*2+INV] = false fi
#else
     pend[e*2+INV] = false
#endif
  :: crashes > 0 -> crashes--                /* died after the effect, before report and ack: redelivered */
  fi
}

proctype Inventory() {
end:
  do
  :: atomic { pend[CR*2+INV] -> invConsume(CR) }
  :: atomic { pend[CA*2+INV] -> invConsume(CA) }
  od
}

/* ===================== notice-service ===================== */

/* NoticeClaims.claim (ClaimRule) + channel + NoticeDelivery.send; returns in st the reported status, 0 for none */
inline deliver(e, st) {
  st = 0;
  if
  :: nl[e] == N_SUCC -> st = C_SUCC    /* already sent: the report is repeated */
  :: nl[e] != N_SUCC ->
     /* claimed (insert, or take-over of FAIL / of an expired lease: only a dead claimer leaves PROCESSING) */
     nl[e] = N_PROC;
     if
     :: nl[e] = N_SUCC; st = C_SUCC    /* the channel took it */
     :: faults > 0 -> faults--; nl[e] = N_FAIL; st = C_FAIL    /* the channel refused it */
     :: crashes > 0 -> crashes--        /* sent, died before recording: PROCESSING, resent after the lease */
     fi
  fi
}

/* NoticeEventHandler -> NoticeDelivery.deliver, then the ack (none: redelivered) */
inline noticeConsume(e, st) {
  got[e*2+NOT] = true;
  deliver(e, st);
  if
  :: st != 0 ->
     if
     :: report(e, NOT, st)
     :: faults > 0 -> faults--   /* report lost */
     fi;
     pend[e*2+NOT] = false
  :: else -> skip
  fi;
  st = 0
}

proctype Notice() {
  byte st;
end:
  do
  :: atomic { pend[CR*2+NOT] -> noticeConsume(CR, st) }
  :: atomic { pend[CA*2+NOT] -> noticeConsume(CA, st) }
  od
}

#ifdef RETENTION
/* ===================== retention (docs/retention.md) ===================== */

/* inventory's cleanup deletes the order's deduct record once it is older than keep: by then the order's
   rows are settled and no copy is in flight (the floor, RetentionFloor, outlasts the broker's redeliveries
   and the upstream horizon); then one more copy of the created event comes (a DLQ resend, a broker restored
   from a backup), which LateEvents must refuse */
proctype Retention() {
end_wait:
  atomic { !cleaned && ded != D_NONE && !pend[CR*2+INV] && !pend[CR*2+NOT] && !pend[CA*2+INV] && !pend[CA*2+NOT] &&
           (rs[CR] == R_SUCCESS || rs[CR] == R_FAIL) && (ms[CA] == 0 || rs[CA] == R_SUCCESS || rs[CA] == R_FAIL) &&
           token[CR] == 0 && token[CA] == 0 -> cleaned = true };
end_cleaned:
  atomic { late > 0 -> late--; pend[CR*2+INV] = true }
}
#endif

/* ===================== reconcile-job ===================== */

#ifndef NORECONCILE
/* DownstreamStatuses: inventory's status API maps FENCED to RELEASED */
inline invSeen(s) {
#ifdef RETENTION
  if
  :: refused -> s = S_REF
  :: cleaned && !refused -> s = S_NF
  :: else ->
#endif
  s = (ded == D_NONE -> S_NF : (ded == D_SUCCESS -> S_SUCC : (ded == D_FAIL -> S_FAIL : S_REL)))
#ifdef RETENTION
  fi
#endif
}
/* created notice: notice-service's status; cancel notice: the notice group's report (ReconcileRun.cancelNoticeReports) */
inline noticeSeen(e, s) {
  if
  :: e == CR -> s = (nl[CR] == N_NONE -> S_NF : (nl[CR] == N_PROC -> S_PROC : (nl[CR] == N_SUCC -> S_SUCC : S_FAIL)))
  :: else -> s = (cs[CA*2+NOT] == 0 -> S_NF : (cs[CA*2+NOT] == C_PROC -> S_PROC :
                 (cs[CA*2+NOT] == C_SUCC -> S_SUCC : S_FAIL)))
  fi
}

/* DecisionTable.decide; actions in ai (inventory retry / release) and an (notice retry) */
inline decide(e, o, si, sn, v, ai, an) {
  ai = false; an = false;
  if
  :: si == S_REF -> v = V_ESC   /* a refusal is a work order at once ("refused: ...") */
  :: si != S_REF && e == CR ->
     if
     :: o == O_NONE -> v = V_ESC
     :: o == O_CANCELED -> v = V_DONE
     :: o == O_CREATED && si == S_REL -> v = V_ESC
     :: o == O_CREATED && si == S_SUCC && sn == S_SUCC -> v = V_DONE
     :: o == O_CREATED && si != S_REL && !(si == S_SUCC && sn == S_SUCC) && (si == S_PROC || sn == S_PROC) -> v = V_WAIT
     :: o == O_CREATED && si != S_REL && !(si == S_SUCC && sn == S_SUCC) && !(si == S_PROC || sn == S_PROC) ->
        ai = (si == S_NF || si == S_FAIL); an = (sn == S_NF || sn == S_FAIL);
        v = (ai || an -> V_REDRIVE : V_ESC)
     fi
  :: si != S_REF && e == CA ->
     if
     :: si == S_REL && sn == S_SUCC -> v = V_DONE
     :: !(si == S_REL && sn == S_SUCC) && (si == S_PROC || sn == S_PROC) -> v = V_WAIT
     :: !(si == S_REL && sn == S_SUCC) && !(si == S_PROC || sn == S_PROC) ->
        ai = (si != S_REL); an = (sn == S_NF || sn == S_FAIL);
        v = (ai || an -> V_REDRIVE : V_ESC)
     fi
  fi
}

/* the claimer's writes are guarded by its token (DueRowMapper.finishAll / openWorkOrder / finishReconciled) */
inline settle(e, v) {
  if
#ifdef MUT_SETTLE_UNGUARDED
  :: true ->
#else
  :: token[e] == me ->
#endif
     assert(live[e] == 0 || live[e] == me);   /* inv5: no write for a row another executor holds */
     if
     :: v == V_DONE -> rs[e] = R_SUCCESS
     :: v == V_ESC || ((v == V_WAIT || v == V_REDRIVE) && retries[e] + 1 > MAXR) -> rs[e] = R_FAIL; wo[e] = true
     :: (v == V_WAIT || v == V_REDRIVE) && retries[e] + 1 <= MAXR -> rs[e] = R_RETRY; retries[e]++; due[e] = true
     fi;
     token[e] = 0
  :: else -> skip   /* the claim was lost: the row belongs to another run */
  fi;
  if :: live[e] == me -> live[e] = 0 :: else -> skip fi
}

/* Executor 1 does the work and may die; executor 2 reads one page beside it (the double trigger or
   second executor that must not hold the same row), and after executor 1 died takes its rows over.
   Executor 1 reads and claims in one step, executor 2 in two, so the claim race is there once without
   multiplying every run by it. */
bool raced;
/* A row comes due (eventual.order.reconcile-delay, 60 s) once its own event is no longer in flight: no
   copy waiting at a consumer, no half message waiting for its check-back, no WAITING row the relay still
   sends. The other event of the order may still be in flight. Without this the job could also run in the
   first seconds of an event's life, which multiplies the states by about 50. EAGER (the eager run of
   check.sh) lets the row come due while copies of its event still wait at the consumers, with one
   executor and no executor fault. */
#ifdef EAGER
#define QUIET(e) ((ms[e] != M_WAITING || relayGone[e]) && \
                  ((e) == CA || half[H] != HM_HALF) && ((e) == CR || (half[K1] != HM_HALF && half[K2] != HM_HALF)))
#else
#define QUIET(e) (!pend[(e)*2+INV] && !pend[(e)*2+NOT] && (ms[e] != M_WAITING || relayGone[e]) && \
                  ((e) == CA || half[H] != HM_HALF) && ((e) == CR || (half[K1] != HM_HALF && half[K2] != HM_HALF)))
#endif
#define MAYSCAN (me == 1 || dead[1] || lapsed || !raced)
#define SCANNED if :: me == 2 && !dead[1] && !lapsed -> raced = true :: else -> skip fi

/* ReconcileRun.scan's finishConsumed, then DueRowMapper.claim and claimed(): the token read back */
inline claimRow() {
  if
  /* consumed rows of an existing order finish in one guarded statement, without a claim */
  :: (rs[e] == R_PENDING || rs[e] == R_RETRY) && due[e] && ms[e] == M_CONSUMED && order != O_NONE ->
     rs[e] = R_SUCCESS; token[e] = 0
  :: else ->
#ifdef MUT_CLAIM_NO_GUARD
     token[e] = me; due[e] = false;
#else
     if
     :: (rs[e] == R_PENDING || rs[e] == R_RETRY) && due[e] -> token[e] = me; due[e] = false
     :: else -> skip
     fi;
#endif
     if
     :: token[e] == me -> assert(live[e] == 0); live[e] = me; mine = true   /* inv5 */
     :: else -> skip
     fi
  fi
}

/* inv 7 (no work order from a stale view): "stock released or fenced although the order is CREATED"
   (DecisionTable.created's escalation) is for stock given back by hand; in the protocol a fence or
   release follows the cancel's commit, so the run must never see it beside a CREATED order */
#define FRESH assert(!(e == CR && o == O_CREATED && si == S_REL))

/* ReconcileRun.finish: done, but order-service never got the reports: recorded on the consumers'
   behalf first (ConsumerStatusRepair.recordApplied); then the row's own settlement */
inline finishRow() {
  if
  :: v == V_DONE && token[e] == me && ms[e] != M_CONSUMED && ((e == CR && si == S_SUCC) || (e == CA && si == S_REL)) && sn == S_SUCC ->
     report(e, INV, C_SUCC); report(e, NOT, C_SUCC)
  :: else -> skip
  fi;
  settle(e, v)
}

proctype Executor(byte me) {
  byte e, o, si, sn, v, st;
  bool ai, an, mine;
end:
  do
  /* a dead executor's claim runs out: its rows are due again (claimLease) */
  :: atomic { token[CR] != 0 && dead[token[CR]] && !due[CR] && (rs[CR] == R_PENDING || rs[CR] == R_RETRY) -> due[CR] = true }
  :: atomic { token[CA] != 0 && dead[token[CA]] && !due[CA] && (rs[CA] == R_PENDING || rs[CA] == R_RETRY) -> due[CA] = true }
  /* ReconcileRun.scan: a page of due rows */
  :: atomic { (rs[CR] == R_PENDING || rs[CR] == R_RETRY) && due[CR] && QUIET(CR) && MAYSCAN -> e = CR; SCANNED;
              if :: me == 1 -> claimRow() :: else -> skip fi };
     goto row
  :: atomic { (rs[CA] == R_PENDING || rs[CA] == R_RETRY) && due[CA] && QUIET(CA) && MAYSCAN -> e = CA; SCANNED;
              if :: me == 1 -> claimRow() :: else -> skip fi };
row:
     if :: me == 2 -> atomic { claimRow() } :: else -> skip fi;
     if :: !mine -> goto nextRow :: else -> skip fi;
     /* executor 1's one fault: it dies holding the row, or it outlives its lease (a zombie: a pause, a
        slow call) and the row is due again while it goes on; its writes are then guarded by a token
        that may be someone else's */
     if
     :: atomic { me == 1 && execCrashes > 0 -> execCrashes--; dead[me] = true; live[e] = 0 }; goto gone
     :: atomic { me == 1 && execCrashes > 0 -> execCrashes--; lapsed = true; live[e] = 0; due[e] = true }
     :: true -> skip
     fi;
     /* ReconcileRun.work: the status calls (DownstreamStatuses, cancelNoticeReports), then the orders'
        status (pages.orderStatuses), then DecisionTable; each a read of its own */
#ifdef MUT_ORDER_READ_FIRST
     o = order;
#endif
     atomic { invSeen(si); noticeSeen(e, sn) };
     atomic {
#ifndef MUT_ORDER_READ_FIRST
       o = order;
#endif
       decide(e, o, si, sn, v, ai, an);
       if
       :: v != V_REDRIVE -> FRESH; finishRow(); goto nextRow
       :: else -> skip
       fi
     };
     /* Redriver.redrive: each action through the consumer's idempotent API (which reports as a
        delivery does), its answer replacing that status (Observation.after) */
     atomic {
       if
       :: ai ->
          got[e*2+INV] = true;
          if :: e == CR -> deduct(true) :: else -> release() fi;
          report(e, INV, invStatus(e));
          invSeen(si)
       :: else -> skip
       fi;
       if
       :: an ->
          got[e*2+NOT] = true;
          deliver(e, st);
          if :: st != 0 -> report(e, NOT, st) :: else -> skip fi;
          sn = (st == C_SUCC -> S_SUCC : S_FAIL)   /* no answer counts as FAIL */
       :: else -> skip
       fi
     };
     /* decided again with the re-driven rows' order status read again (Observation.withOrderStatus),
        then the page's finish */
     atomic {
#ifndef MUT_PAGE_ORDER_STATUS
       o = order;
#endif
       decide(e, o, si, sn, v, ai, an);
       FRESH;
       finishRow()
     };
nextRow:
     atomic { e = 0; o = 0; si = 0; sn = 0; v = 0; st = 0; ai = false; an = false; mine = false }
  od;
gone:
  skip
}
#endif

/* ===================== invariants ===================== */

/* inv 2: each committed event reached both groups, or a work order has it. One exception, by design:
   the created event of an order canceled meanwhile (DecisionTable: the cancel row owns compensation),
   see README "Invariant 2 and canceled orders". STRICT_P2 checks the invariant without it. */
#ifdef STRICT_P2
#define reachedOr(e) (ms[e] == 0 || (got[e*2+INV] && got[e*2+NOT]) || wo[e])
#else
#define reachedOr(e) (ms[e] == 0 || (got[e*2+INV] && got[e*2+NOT]) || wo[e] || (e == CR && order == O_CANCELED))
#endif
/* inv 4: a canceled order's stock is back (or its cancel has a work order) */
#define stockBack (order != O_CANCELED || deducted == released || wo[CA])
/* inv 6: every committed event finished with its effects in place, or a work order */
#define consistentCR (order == O_CANCELED || (ded == D_SUCCESS && nl[CR] == N_SUCC))
#define consistentCA ((ded == D_RELEASED || ded == D_FENCED) && nl[CA] == N_SUCC)
#define settledCR (ms[CR] == 0 || wo[CR] || (rs[CR] == R_SUCCESS && consistentCR))
#define settledCA (ms[CA] == 0 || wo[CA] || (rs[CA] == R_SUCCESS && consistentCA))

ltl p2 { <> [] (reachedOr(CR) && reachedOr(CA)) }
ltl p4 { <> [] stockBack }
ltl p6 { <> [] (settledCR && settledCA) }
/* the three at once (<>[]a && <>[]b == <>[](a && b)): the model's run, one search instead of three */
#ifdef RETENTION
/* inv 8 (issue 42): a copy refused after the retention always ends in a work order */
ltl p8 { <> [] (!refused || wo[CR]) }
/* the retention run's claim: 2, 4, 6 and 8 at once */
ltl p2468 { <> [] (reachedOr(CR) && reachedOr(CA) && stockBack && settledCR && settledCA && (!refused || wo[CR])) }
#endif
ltl p246 { <> [] (reachedOr(CR) && reachedOr(CA) && stockBack && settledCR && settledCA) }

init {
  atomic {
    run OrderService();
    run Broker();
    run Relay();
    run Inventory();
    run Notice();
#ifdef RETENTION
    run Retention();
#endif
#ifndef NORECONCILE
    run Executor(1);
#ifndef ONE_EXECUTOR
    run Executor(2);
#endif
#endif
  }
}
