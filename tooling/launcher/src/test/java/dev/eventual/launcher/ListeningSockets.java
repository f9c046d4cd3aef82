package dev.eventual.launcher;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The TCP sockets some processes listen on, read from Linux's /proc: "address:port" in hex as the kernel writes it. */
final class ListeningSockets {

    private static final String LISTEN = "0A";

    private ListeningSockets() {
    }

    /** @return each listening socket of the processes as {@code tcp|tcp6 localAddress:port} (kernel hex) */
    static List<String> of(long... pids) throws IOException {
        Set<String> inodes = new HashSet<>();
        for (long pid : pids) {
            try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "fd"))) {
                for (Path fd : fds) {
                    try {
                        String target = Files.readSymbolicLink(fd).toString();
                        if (target.startsWith("socket:[")) {
                            inodes.add(target.substring(8, target.length() - 1));
                        }
                    } catch (IOException closedMeanwhile) {
                        // a descriptor closed while listing
                    }
                }
            }
        }
        List<String> listening = new ArrayList<>();
        for (String table : List.of("tcp", "tcp6")) {
            for (String line : Files.readAllLines(Path.of("/proc/net", table))) {
                String[] fields = line.trim().split("\\s+");
                if (fields.length > 9 && LISTEN.equals(fields[3]) && inodes.contains(fields[9])) {
                    listening.add(table + " " + fields[1]);
                }
            }
        }
        return listening;
    }

    /** 127.0.0.1 in /proc/net/tcp, and ::ffff:127.0.0.1 or ::1 in tcp6. */
    static boolean isLoopback(String socket) {
        String address = socket.substring(socket.indexOf(' ') + 1, socket.indexOf(':'));
        return address.equals("0100007F") || address.equals("0000000000000000FFFF00000100007F")
                || address.equals("00000000000000000000000001000000");
    }
}
