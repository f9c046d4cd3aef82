package dev.eventual.reconcile.executor;

import com.xxl.job.core.context.XxlJobHelper;
import com.xxl.job.core.handler.annotation.XxlJob;
import dev.eventual.reconcile.gate.GateRepairResult;
import dev.eventual.reconcile.gate.StockGateRepair;
import org.springframework.stereotype.Component;

/**
 * {@code stockGateRepairJob}, for one executor at a time (route FIRST): the repair works per SKU, not
 * per order shard, and every step is idempotent, so a second executor running it at once does no harm.
 */
@Component
public class StockGateRepairJob {

    private final StockGateRepair repair;

    public StockGateRepairJob(StockGateRepair repair) {
        this.repair = repair;
    }

    @XxlJob("stockGateRepairJob")
    public void repairGate() {
        GateRepairResult result = repair.run();
        XxlJobHelper.log("{}", result.summary());
        XxlJobHelper.handleSuccess(result.summary());
    }
}
