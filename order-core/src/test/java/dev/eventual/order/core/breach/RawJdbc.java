package dev.eventual.order.core.breach;

import java.sql.Connection;

/** A deliberate breach of OrderCoreStructureTest: JDBC beside MyBatis, away from where connections are kept. */
class RawJdbc {

    Connection connection;
}
