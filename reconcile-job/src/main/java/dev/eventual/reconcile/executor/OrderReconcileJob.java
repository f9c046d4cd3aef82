package dev.eventual.reconcile.executor;

import com.xxl.job.core.context.XxlJobHelper;
import com.xxl.job.core.handler.annotation.XxlJob;
import dev.eventual.reconcile.run.ReconcileRun;
import dev.eventual.reconcile.run.RunResult;
import dev.eventual.reconcile.shard.ShardRange;
import org.springframework.stereotype.Component;

/**
 * {@code orderReconcileJob}, for SHARDING_BROADCAST: every executor gets the same trigger with its
 * own index, and reconciles only its shard's key range. A stale total (an executor just died or
 * joined) makes ranges overlap or leave gaps for one run: overlaps are harmless because rows are
 * claimed, gaps are covered by the next run.
 */
@Component
public class OrderReconcileJob {

    private final ReconcileRun run;

    public OrderReconcileJob(ReconcileRun run) {
        this.run = run;
    }

    @XxlJob("orderReconcileJob")
    public void reconcile() {
        int total = Math.max(1, XxlJobHelper.getShardTotal());
        int index = Math.min(Math.max(0, XxlJobHelper.getShardIndex()), total - 1);
        RunResult result = run.run(ShardRange.of(index, total));
        XxlJobHelper.log("shard {} of {}: {}", index, total, result.summary());
        XxlJobHelper.handleSuccess(result.summary());
    }
}
