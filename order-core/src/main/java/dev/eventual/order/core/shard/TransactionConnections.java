package dev.eventual.order.core.shard;

import org.springframework.core.InfrastructureProxy;
import org.springframework.jdbc.datasource.DelegatingDataSource;

import javax.sql.DataSource;

/**
 * The transaction manager's data source: connections from the manual-commit pools, bound to the thread
 * under the routing data source the mappers and {@code JdbcClient}s use (Spring unwraps an
 * {@link InfrastructureProxy} to find a transaction's connection), so that they join the transaction.
 */
final class TransactionConnections extends DelegatingDataSource implements InfrastructureProxy {

    private final DataSource boundAs;

    TransactionConnections(DataSource transactionPools, DataSource boundAs) {
        super(transactionPools);
        this.boundAs = boundAs;
    }

    @Override
    public Object getWrappedObject() {
        return boundAs;
    }
}
