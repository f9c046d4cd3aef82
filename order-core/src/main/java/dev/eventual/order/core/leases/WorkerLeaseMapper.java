package dev.eventual.order.core.leases;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

import java.util.List;

/**
 * {@code order_worker_lease}. Every expiry is computed and compared by the database's clock
 * ({@code CURRENT_TIMESTAMP(3)}), never an instance's, so clock skew between hosts cannot let two
 * instances hold one worker id.
 */
@Mapper
interface WorkerLeaseMapper {

    String COLUMNS = "worker_id, holder, CAST(expires_at AS CHAR) AS expires_at, max_millis,"
            + " COALESCE(expires_at > CURRENT_TIMESTAMP(3), FALSE) AS live";
    String FREE = "(expires_at IS NULL OR expires_at <= CURRENT_TIMESTAMP(3))";

    @Select("SELECT " + COLUMNS + " FROM order_worker_lease WHERE worker_id = #{workerId}")
    WorkerLeases.Lease find(@Param("workerId") int workerId);

    /**
     * Free worker ids whose previous holders' ids all lie at or before {@code maxFloor}, least
     * recently used first: a new holder then rarely has to wait for its clock to pass the floor.
     */
    @Select("SELECT " + COLUMNS + " FROM order_worker_lease WHERE " + FREE + " AND max_millis <= #{maxFloor}"
            + " ORDER BY max_millis, worker_id LIMIT #{limit}")
    List<WorkerLeases.Lease> free(@Param("maxFloor") long maxFloor, @Param("limit") int limit);

    @Select("SELECT COUNT(*) FROM order_worker_lease WHERE expires_at > CURRENT_TIMESTAMP(3)")
    int countLive();

    /**
     * Takes a free worker id. Guarded by its state as read ({@code seenMaxMillis}), so of two instances
     * taking the same id at once exactly one gets 1 row, and the floor it mints after is the one it read.
     */
    @Update("UPDATE order_worker_lease SET holder = #{holder},"
            + " expires_at = TIMESTAMPADD(MICROSECOND, #{leaseMicros}, CURRENT_TIMESTAMP(3)),"
            + " max_millis = GREATEST(max_millis, #{ceilingMillis}), taken_at = CURRENT_TIMESTAMP(3)"
            + " WHERE worker_id = #{workerId} AND max_millis = #{seenMaxMillis} AND " + FREE)
    int take(@Param("workerId") int workerId, @Param("seenMaxMillis") long seenMaxMillis, @Param("holder") String holder,
             @Param("leaseMicros") long leaseMicros, @Param("ceilingMillis") long ceilingMillis);

    /**
     * Extends the lease if this holder still has it. A lease that ran out is extended too when
     * nobody took it over meanwhile (the holder is unchanged), which is as safe as taking it anew.
     */
    @Update("UPDATE order_worker_lease SET expires_at = TIMESTAMPADD(MICROSECOND, #{leaseMicros}, CURRENT_TIMESTAMP(3)),"
            + " max_millis = GREATEST(max_millis, #{ceilingMillis})"
            + " WHERE worker_id = #{workerId} AND holder = #{holder} AND expires_at IS NOT NULL")
    int renew(@Param("workerId") int workerId, @Param("holder") String holder, @Param("leaseMicros") long leaseMicros,
              @Param("ceilingMillis") long ceilingMillis);

    /**
     * Frees the worker id. {@code lastMillis} (no id minted under it is later) replaces the ceiling
     * promised at the last renewal, so the next holder, a restart with the same configured id
     * included, need not wait for that ceiling to pass.
     */
    @Update("UPDATE order_worker_lease SET expires_at = NULL, max_millis = #{lastMillis}"
            + " WHERE worker_id = #{workerId} AND holder = #{holder}")
    int release(@Param("workerId") int workerId, @Param("holder") String holder, @Param("lastMillis") long lastMillis);
}
