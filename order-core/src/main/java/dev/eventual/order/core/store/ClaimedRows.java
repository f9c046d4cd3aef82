package dev.eventual.order.core.store;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Finishes a page's settled rows in two statements whatever their number: the rows the claim token
 * still holds are locked, then all of them are updated at once. Knowing which rows were ours keeps
 * each row's log line and metric as exact as one UPDATE per row did.
 */
@Service
public class ClaimedRows {

    private final DueRowMapper rows;

    public ClaimedRows(DueRowMapper rows) {
        this.rows = rows;
    }

    /** @return the finishes that were applied; a row claimed meanwhile by another token is not among them */
    @Transactional
    public List<RowFinish> finish(List<RowFinish> finishes, String token) {
        if (finishes.isEmpty()) {
            return List.of();
        }
        Set<Long> held = new HashSet<>(rows.lockClaimed(finishes.stream().map(RowFinish::id).toList(), token));
        List<RowFinish> ours = finishes.stream().filter(finish -> held.contains(finish.id())).toList();
        if (!ours.isEmpty()) {
            rows.finishAll(ours, token);
        }
        return ours;
    }
}
