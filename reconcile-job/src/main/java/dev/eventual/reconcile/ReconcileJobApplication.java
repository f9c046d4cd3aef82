package dev.eventual.reconcile;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** XXL-Job executor that reconciles order_db against the downstream services. */
@SpringBootApplication
public class ReconcileJobApplication {

    public static void main(String[] args) {
        SpringApplication.run(ReconcileJobApplication.class, args);
    }
}
