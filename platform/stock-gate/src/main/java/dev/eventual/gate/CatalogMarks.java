package dev.eventual.gate;

import org.springframework.data.redis.connection.ClusterSlotHashUtil;

import java.util.Arrays;
import java.util.List;

/**
 * The "catalog seeded" mark, one key per cluster slot (docs/stock-gate.md, "The catalog mark"). A SKU's
 * mark hashes to the SKU's own slot, so whichever server holds the SKU's count holds its mark: a master
 * that comes back empty loses both together, while the other masters keep theirs, and a slot moved by
 * resharding carries its mark along. On a single Redis the same keys simply live together.
 */
final class CatalogMarks {

    static final int SLOTS = ClusterSlotHashUtil.SLOT_COUNT;
    private static final String PREFIX = "eventual:gate:catalog-seeded:";
    private static final List<String> KEYS = keys();

    private CatalogMarks() {
    }

    /** The mark of the slot {@code key} hashes to. */
    static String of(String key) {
        return KEYS.get(ClusterSlotHashUtil.calculateSlot(key));
    }

    /** Every slot's mark, in slot order. */
    static List<String> all() {
        return KEYS;
    }

    /**
     * A hash tag for every slot: the shortest base-36 numbers, first come first served (about 160,000
     * CRC16s, a few milliseconds once per JVM). The tags are fixed by the CRC16, so every service finds
     * the same keys.
     */
    private static List<String> keys() {
        String[] marks = new String[SLOTS];
        int found = 0;
        for (int i = 0; found < SLOTS; i++) {
            String tag = Integer.toString(i, 36);
            int slot = ClusterSlotHashUtil.calculateSlot(tag);
            if (marks[slot] == null) {
                marks[slot] = PREFIX + "{" + tag + "}";
                found++;
            }
        }
        return List.copyOf(Arrays.asList(marks));
    }
}
