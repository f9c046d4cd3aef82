package dev.eventual.reconcile.executor;

import com.xxl.job.core.context.XxlJobHelper;
import com.xxl.job.core.handler.annotation.XxlJob;
import dev.eventual.reconcile.shard.ShardRange;
import dev.eventual.reconcile.timeout.TimeoutResult;
import dev.eventual.reconcile.timeout.UnpaidOrderTimeout;
import org.springframework.stereotype.Component;

/**
 * {@code unpaidOrderTimeoutJob}, for SHARDING_BROADCAST like {@link OrderReconcileJob}: each executor
 * cancels the overdue unpaid orders of its own key range. A stale shard total makes ranges overlap for
 * one run: an order canceled twice costs one 409, counted as a lost race.
 */
@Component
public class UnpaidOrderTimeoutJob {

    private final UnpaidOrderTimeout timeout;

    public UnpaidOrderTimeoutJob(UnpaidOrderTimeout timeout) {
        this.timeout = timeout;
    }

    @XxlJob("unpaidOrderTimeoutJob")
    public void cancelUnpaid() {
        int total = Math.max(1, XxlJobHelper.getShardTotal());
        int index = Math.min(Math.max(0, XxlJobHelper.getShardIndex()), total - 1);
        TimeoutResult result = timeout.run(ShardRange.of(index, total));
        XxlJobHelper.log("shard {} of {}: {}", index, total, result.summary());
        XxlJobHelper.handleSuccess(result.summary());
    }
}
