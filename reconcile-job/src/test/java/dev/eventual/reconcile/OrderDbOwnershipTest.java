package dev.eventual.reconcile;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.apache.ibatis.annotations.Delete;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Update;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * order-service owns order_db (docs/design.md, "Who owns order_db"): this job writes only the
 * reconciliation columns of message_log, its work orders and the archive. Every statement of its
 * mappers is read here, so a new one that writes an order, a consumer status or an event's own
 * fields fails this test instead of slipping in.
 */
class OrderDbOwnershipTest {

    private static final Pattern WRITE = Pattern.compile("\\b(INSERT INTO|DELETE FROM|(?<!KEY\\s)UPDATE)\\s+(\\w+)", Pattern.CASE_INSENSITIVE);
    private static final Pattern SET = Pattern.compile("\\bSET\\b(.*?)\\bWHERE\\b", Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    private static final Pattern ASSIGNED = Pattern.compile("(\\w+)\\s*=");

    private static final Map<String, Set<String>> ALLOWED_WRITES = Map.of(
            "INSERT INTO", Set.of("message_log_hist", "reconcile_work_order", "reconcile_work_order_audit"),
            "DELETE FROM", Set.of("message_log", "tx_attempt_barrier"),
            "UPDATE", Set.of("message_log", "reconcile_work_order"));

    /** message_log's columns that belong to reconciliation; the event and its consumers' verdict are order-service's. */
    private static final Set<String> RECONCILIATION_COLUMNS = Set.of("reconcile_status", "retry_count",
            "next_reconcile_time", "last_error", "claim_token", "version");

    @Test
    void writesOnlyWhatReconciliationOwns() {
        List<String> statements = statements();
        assertThat(statements).as("the job's mapper statements").hasSizeGreaterThan(5);
        assertThat(statements).allSatisfy(statement -> assertThat(breaches(statement)).as(statement).isEmpty());
    }

    /** The check itself: statements only order-service may run are caught. */
    @Test
    void anOrdersOrAnEventsOwnFieldsAreOutOfBounds() {
        assertThat(breaches("UPDATE message_log SET msg_status = 'CONSUMED', version = version + 1 WHERE id = #{id}"))
                .containsExactly("UPDATE message_log sets msg_status");
        assertThat(breaches("UPDATE t_order SET status = 'CANCELED' WHERE order_id = #{id}"))
                .containsExactly("UPDATE t_order");
        assertThat(breaches("INSERT INTO message_consumer_status (order_id) VALUES (#{id})"))
                .containsExactly("INSERT INTO message_consumer_status");
        assertThat(breaches("INSERT INTO reconcile_work_order (order_id) VALUES (#{id}) ON DUPLICATE KEY UPDATE status = 'OPEN'"))
                .isEmpty();
    }

    private static List<String> breaches(String mapperStatement) {
        // MyBatis' script tags (<foreach collection="ids" ...>) are not SQL
        String statement = mapperStatement.replaceAll("<[^>]+>", " ");
        List<String> breaches = new ArrayList<>();
        Matcher write = WRITE.matcher(statement);
        while (write.find()) {
            String verb = write.group(1).toUpperCase().replaceAll("\\s+", " ");
            String table = write.group(2);
            if (!ALLOWED_WRITES.get(verb).contains(table)) {
                breaches.add(verb + " " + table);
            } else if (verb.equals("UPDATE") && table.equals("message_log")) {
                assignedColumns(statement).stream().filter(column -> !RECONCILIATION_COLUMNS.contains(column))
                        .forEach(column -> breaches.add("UPDATE message_log sets " + column));
            }
        }
        return breaches;
    }

    private static List<String> assignedColumns(String statement) {
        Matcher set = SET.matcher(statement);
        if (!set.find()) {
            throw new IllegalArgumentException("no SET ... WHERE in " + statement);
        }
        List<String> columns = new ArrayList<>();
        Matcher assigned = ASSIGNED.matcher(set.group(1).replaceAll("#\\{[^}]*}", "?"));
        while (assigned.find()) {
            columns.add(assigned.group(1));
        }
        return columns;
    }

    private static List<String> statements() {
        List<String> statements = new ArrayList<>();
        for (JavaClass type : new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.eventual.reconcile")) {
            if (!type.isAnnotatedWith(Mapper.class)) {
                continue;
            }
            for (Method method : type.reflect().getDeclaredMethods()) {
                if (method.getAnnotation(Insert.class) != null) {
                    statements.add(String.join(" ", method.getAnnotation(Insert.class).value()));
                }
                if (method.getAnnotation(Update.class) != null) {
                    statements.add(String.join(" ", method.getAnnotation(Update.class).value()));
                }
                if (method.getAnnotation(Delete.class) != null) {
                    statements.add(String.join(" ", method.getAnnotation(Delete.class).value()));
                }
            }
        }
        return statements;
    }
}
