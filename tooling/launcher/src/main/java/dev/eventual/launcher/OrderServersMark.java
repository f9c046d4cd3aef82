package dev.eventual.launcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How many servers a local data directory's order_db is split across, kept in {@code order-db-servers}
 * beside the data. An order lives on the server its id names (docs/design.md, "Sharding order_db"), so
 * starting kept data with another number would strand orders: that is refused, not guessed.
 */
final class OrderServersMark {

    static final String FILE = "order-db-servers";

    private OrderServersMark() {
    }

    /** The data directory's number: the mark's, or 1 (a directory from before the mark, or a new one). */
    static int read(Path data) {
        Path mark = data.resolve(FILE);
        if (!Files.exists(mark)) {
            return 1;
        }
        try {
            return Integer.parseInt(Files.readString(mark).strip());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(mark + " should hold how many servers order_db is split across");
        }
    }

    /**
     * @param requested {@code --order-shards}, 0 when not given
     * @return the number to start with, now kept in the mark
     * @throws IllegalArgumentException the data directory holds orders split another way
     */
    static int agree(Path data, int requested) {
        boolean kept = Files.exists(data.resolve("mariadb"));
        int had = read(data);
        int servers = requested == 0 ? had : requested;
        if (kept && servers != had) {
            throw new IllegalArgumentException(data + " holds order_db on " + had + " server(s), not " + servers
                    + ": its orders would lie on servers their ids do not name. Start without --order-shards, delete the"
                    + " directory to start empty, or move them (docs/operations.md, \"Resharding order_db\").");
        }
        try {
            Files.createDirectories(data);
            Files.writeString(data.resolve(FILE), servers + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return servers;
    }
}
