package dev.eventual.scenarios.fault;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.locks.LockSupport;

/**
 * Fault switches shared by the test JVM and the service JVMs through files: a point is armed while
 * the file {@code <point>} exists, and the service counts the calls that reached an armed point in
 * {@code <point>.arrivals}. Files, because they work across processes and survive a SIGKILL.
 */
public final class FaultSwitches {

    private final Path directory;

    public FaultSwitches(Path directory) {
        this.directory = directory;
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public boolean armed(FaultPoint point) {
        return Files.exists(directory.resolve(point.id()));
    }

    public void arm(FaultPoint point) {
        try {
            Files.writeString(directory.resolve(point.id()), "armed");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public void disarm(FaultPoint point) {
        try {
            Files.deleteIfExists(directory.resolve(point.id()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Disarms the point and forgets its arrivals. */
    public void reset(FaultPoint point) {
        disarm(point);
        try {
            Files.deleteIfExists(arrivalsFile(point));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public int arrivals(FaultPoint point) {
        try {
            Path file = arrivalsFile(point);
            return Files.exists(file) ? Integer.parseInt(Files.readString(file).trim()) : 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Counts one more arrival at the point. */
    public void arrive(FaultPoint point) {
        arrive(point, 1);
    }

    /**
     * Counts {@code events} more arrivals (a batch of events arrives as many); written by rename so a
     * reader never sees half a number.
     */
    public synchronized void arrive(FaultPoint point, int events) {
        try {
            Path temporary = directory.resolve(point.id() + ".tmp");
            Files.writeString(temporary, Integer.toString(arrivals(point) + events));
            Files.move(temporary, arrivalsFile(point), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Counts the arrival and blocks this thread for good: the test kills the process next. */
    public void hang(FaultPoint point) {
        hang(point, 1);
    }

    /** Counts {@code events} arrivals (a batch arrives as many) and blocks this thread for good. */
    public void hang(FaultPoint point, int events) {
        arrive(point, events);
        while (true) {
            LockSupport.park(this);
        }
    }

    /** Counts the arriving events and blocks while the point stays armed. */
    public void holdWhileArmed(FaultPoint point, int events) {
        if (!armed(point)) {
            return;
        }
        arrive(point, events);
        while (armed(point)) {
            LockSupport.parkNanos(this, 50_000_000L);
        }
    }

    private Path arrivalsFile(FaultPoint point) {
        return directory.resolve(point.id() + ".arrivals");
    }
}
