package dev.eventual.reconcile.shard;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ShardRangeTest {

    @Test
    void shardsOfEveryTotalCoverTheKeySpaceOnceAndEvenly() {
        for (int total = 1; total <= 64; total++) {
            int next = 0;
            for (int index = 0; index < total; index++) {
                ShardRange range = ShardRange.of(index, total);
                assertThat(range.fromKey()).as("%d of %d", index, total).isEqualTo(next);
                int width = range.toKeyInclusive() - range.fromKey() + 1;
                assertThat(width).isBetween(ShardRange.KEY_SPACE / total, ShardRange.KEY_SPACE / total + 1);
                next = range.toKeyInclusive() + 1;
            }
            assertThat(next).isEqualTo(ShardRange.KEY_SPACE);
        }
    }

    @Test
    void theOtherShardsKeysAreEveryKeyButThisShardsOnce() {
        for (int total = 1; total <= 8; total++) {
            for (int index = 0; index < total; index++) {
                ShardRange range = ShardRange.of(index, total);
                int[] owners = new int[ShardRange.KEY_SPACE];
                List<ShardRange.KeyRange> all = new java.util.ArrayList<>(range.othersKeys());
                all.add(range.keys());
                for (ShardRange.KeyRange keys : all) {
                    for (int key = keys.fromKey(); key <= keys.toKeyInclusive(); key++) {
                        owners[key]++;
                    }
                }
                assertThat(owners).as("%d of %d", index, total).containsOnly(1);
                assertThat(range.othersKeys()).as("%d of %d", index, total).hasSize(total == 1 ? 0
                        : index == 0 || index == total - 1 ? 1 : 2);
            }
        }
    }

    @Test
    void overSeveralServersEveryServersKeysHaveExactlyOneOwnerAndEachShardSeesTheRestAsOthers() {
        for (int servers : new int[] {1, 2, 4, 8}) {
            for (int total = 1; total <= 10; total++) {
                int[][] owners = new int[servers][ShardRange.KEY_SPACE];
                for (int index = 0; index < total; index++) {
                    ShardRange range = ShardRange.of(index, total);
                    int[][] seen = new int[servers][ShardRange.KEY_SPACE];
                    count(range.own(servers), owners);
                    count(range.own(servers), seen);
                    count(range.others(servers), seen);
                    for (int server = 0; server < servers; server++) {
                        assertThat(seen[server]).as("shard %d of %d, server %d of %d", index, total, server, servers).containsOnly(1);
                    }
                    if (servers >= total) {
                        assertThat(range.own(servers)).as("whole servers").allMatch(part -> part.keys().fromKey() == 0
                                && part.keys().toKeyInclusive() == ShardRange.KEY_SPACE - 1);
                    } else {
                        assertThat(range.own(servers)).as("one server").hasSize(1);
                    }
                }
                for (int server = 0; server < servers; server++) {
                    assertThat(owners[server]).as("%d shards, server %d of %d", total, server, servers).containsOnly(1);
                }
            }
        }
        assertThat(ShardRange.of(1, 3).own(1)).containsExactly(new ShardRange.Part(0, ShardRange.of(1, 3).keys()));
    }

    private static void count(List<ShardRange.Part> parts, int[][] counts) {
        for (ShardRange.Part part : parts) {
            for (int key = part.keys().fromKey(); key <= part.keys().toKeyInclusive(); key++) {
                counts[part.server()][key]++;
            }
        }
    }

    @Test
    void everyServerIsWorkedWholeByExactlyOneShardTheOneItsNumberModuloTheTotalNames() {
        for (int servers : new int[] {1, 2, 4, 8}) {
            for (int total = 1; total <= 10; total++) {
                int[] owners = new int[servers];
                for (int index = 0; index < total; index++) {
                    for (int server : ShardRange.of(index, total).wholeServers(servers)) {
                        assertThat(server % total).as("server %d of %d, shard %d of %d", server, servers, index, total)
                                .isEqualTo(index);
                        owners[server]++;
                    }
                }
                assertThat(owners).as("%d shards over %d servers", total, servers).containsOnly(1);
            }
        }
        assertThat(ShardRange.of(1, 2).wholeServers(4)).containsExactly(1, 3);
        // more shards than servers: the first ones take a server each, the rest none
        assertThat(ShardRange.of(0, 3).wholeServers(1)).containsExactly(0);
        assertThat(ShardRange.of(2, 3).wholeServers(2)).isEmpty();
        // where both apply, the same servers as the reconcile run's own parts
        assertThat(ShardRange.of(1, 2).wholeServers(4))
                .isEqualTo(ShardRange.of(1, 2).own(4).stream().map(ShardRange.Part::server).toList());
    }

    @Test
    void nonExistingShardsAreRefused() {
        assertThatThrownBy(() -> ShardRange.of(2, 2)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ShardRange.of(-1, 2)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ShardRange.of(0, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
