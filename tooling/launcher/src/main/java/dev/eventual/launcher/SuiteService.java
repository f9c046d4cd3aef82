package dev.eventual.launcher;

import dev.eventual.infra.db.ServiceDatabase;
import dev.eventual.inventory.InventoryServiceApplication;
import dev.eventual.notice.NoticeServiceApplication;
import dev.eventual.order.OrderServiceApplication;
import dev.eventual.reconcile.ReconcileJobApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;

import java.util.List;
import java.util.function.Supplier;

/** The four services of the suite: their discovery id, database and account, peers and Spring application. */
public enum SuiteService {

    ORDER("order-service", ServiceDatabase.ORDER, "order_service", OrderServiceApplication::application),
    INVENTORY("inventory-service", ServiceDatabase.INVENTORY, "inventory_service", InventoryServiceApplication::application),
    NOTICE("notice-service", ServiceDatabase.NOTICE, "notice_service", NoticeServiceApplication::application),
    RECONCILE("reconcile-job", ServiceDatabase.ORDER, "reconcile_job", ReconcileJobApplication::application);

    private final String serviceId;
    private final ServiceDatabase database;
    private final String databaseUser;
    private final Supplier<SpringApplicationBuilder> application;

    SuiteService(String serviceId, ServiceDatabase database, String databaseUser,
                 Supplier<SpringApplicationBuilder> application) {
        this.serviceId = serviceId;
        this.database = database;
        this.databaseUser = databaseUser;
        this.application = application;
    }

    /** Its own database account, named as in the docker-compose stack (deploy/mysql/initdb). */
    public String databaseUser() {
        return databaseUser;
    }

    public String serviceId() {
        return serviceId;
    }

    public ServiceDatabase database() {
        return database;
    }

    public SpringApplicationBuilder application() {
        return application.get();
    }

    /**
     * What its account may do on its database: the owner migrates it (DDL included); reconcile-job
     * works on order-service's order_db and only reads and writes rows (docs/design.md, "Who owns
     * order_db"). The same grants as the docker-compose stack's.
     */
    public String databasePrivileges() {
        return this == RECONCILE ? "SELECT, INSERT, UPDATE, DELETE" : "ALL PRIVILEGES";
    }

    /** Whether it is given the suite's Redis: the stock gate runs in order- and inventory-service, its repair in reconcile-job. */
    public boolean usesRedis() {
        return this == ORDER || this == INVENTORY || this == RECONCILE;
    }

    /** The services this one calls over HTTP. */
    public List<SuiteService> peers() {
        return switch (this) {
            case ORDER -> List.of();
            case INVENTORY, NOTICE -> List.of(ORDER);
            case RECONCILE -> List.of(ORDER, INVENTORY, NOTICE);
        };
    }
}
