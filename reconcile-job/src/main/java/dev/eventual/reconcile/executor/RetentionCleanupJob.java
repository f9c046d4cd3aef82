package dev.eventual.reconcile.executor;

import com.xxl.job.core.context.XxlJobHelper;
import com.xxl.job.core.handler.annotation.XxlJob;
import dev.eventual.reconcile.retention.RetentionCleanup;
import dev.eventual.reconcile.retention.RetentionResult;
import dev.eventual.reconcile.shard.ShardRange;
import org.springframework.stereotype.Component;

/**
 * {@code retentionCleanupJob}, for SHARDING_BROADCAST like {@link OrderReconcileJob}: executor i of n deletes what is
 * past its retention on the order_db servers s with s mod n == i, and executor 0 also asks the consumers to clean
 * theirs (docs/retention.md). A stale shard total makes two executors work one server for a run, or none: every
 * batch deletes only rows past their retention, so a second one deletes nothing twice, and the next run covers a gap.
 */
@Component
public class RetentionCleanupJob {

    private final RetentionCleanup cleanup;

    public RetentionCleanupJob(RetentionCleanup cleanup) {
        this.cleanup = cleanup;
    }

    @XxlJob("retentionCleanupJob")
    public void clean() {
        int total = Math.max(1, XxlJobHelper.getShardTotal());
        int index = Math.min(Math.max(0, XxlJobHelper.getShardIndex()), total - 1);
        RetentionResult result = cleanup.run(ShardRange.of(index, total));
        XxlJobHelper.log("shard {} of {}: {}", index, total, result.summary());
        XxlJobHelper.handleSuccess(result.summary());
    }
}
