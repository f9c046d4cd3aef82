package dev.eventual.consumer.receive;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Lets the consume threads that hold a batch at about the same time share one
 * {@link OrderEventBatchHandler#handleAll} call. The broker hands each thread what one pull of one
 * queue returned, which under a steady stream is one or two events; one transaction per such batch is
 * most of a consumer's cost per event (tooling/bench/README.md, issue 13 analysis).
 * <p>
 * The first thread to arrive leads a group: it waits up to the window (or until the group holds
 * {@code maxEvents}, or every consume thread: then nobody else can join), then applies every member's events at once while the members wait for the
 * outcome. A group nobody joined is handed back to its thread, which handles its batch as it would
 * without a window. When a shared call fails, no member takes the blame for another's event: each
 * member whose events are not known to be applied handles its own batch alone.
 */
final class ConsumeWindow {

    private static final Logger log = LoggerFactory.getLogger(ConsumeWindow.class);

    private final OrderEventBatchHandler handler;
    private final long windowNanos;
    private final int maxEvents;
    private final int maxMembers;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition filled = lock.newCondition();
    private Group open;

    /** {@code maxMembers}: the consume threads there are; a group holding all of them closes at once. */
    ConsumeWindow(OrderEventBatchHandler handler, Duration window, int maxEvents, int maxMembers) {
        this.handler = handler;
        this.windowNanos = window.toNanos();
        this.maxEvents = maxEvents;
        this.maxMembers = maxMembers;
    }

    /** What became of one member's events in a shared call. */
    enum Fate {
        /** all of them are applied */
        APPLIED,
        /** the first {@code applied} are done, the next one failed with {@code cause} */
        PARTIAL,
        /** none is known to be applied, or nobody shared the call: the member handles its batch alone */
        ALONE
    }

    record Shared(Fate fate, int applied, RuntimeException cause) {
    }

    private static final Shared APPLIED = new Shared(Fate.APPLIED, 0, null);
    private static final Shared ALONE = new Shared(Fate.ALONE, 0, null);

    Shared apply(List<ReceivedEvent> events) {
        if (windowNanos == 0) {
            return ALONE;
        }
        Member member;
        lock.lock();
        try {
            boolean leads = open == null;
            if (leads) {
                open = new Group();
            }
            Group group = open;
            member = group.join(events);
            if (group.size >= maxEvents || group.members.size() >= maxMembers) {
                close(group);
            } else if (leads) {
                awaitWindow(group);
            }
        } finally {
            lock.unlock();
        }
        if (member.offset > 0) {
            return member.outcome.join();
        }
        Group group = member.group;
        if (group.members.size() == 1) {
            return ALONE;
        }
        group.run(handler);
        return member.outcome.join();
    }

    /** Holds the lock; returns when the leader's group was closed by a full batch or the window ran out. */
    private void awaitWindow(Group group) {
        long left = windowNanos;
        boolean interrupted = false;
        while (open == group && left > 0) {
            try {
                left = filled.awaitNanos(left);
            } catch (InterruptedException e) {
                // the members wait for this group's outcome: finish it, then pass the interrupt on
                interrupted = true;
            }
        }
        if (open == group) {
            open = null;
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void close(Group group) {
        if (open == group) {
            open = null;
            filled.signalAll();
        }
    }

    private static final class Group {
        final List<Member> members = new ArrayList<>();
        int size;

        Member join(List<ReceivedEvent> events) {
            Member member = new Member(this, events, size);
            members.add(member);
            size += events.size();
            return member;
        }

        void run(OrderEventBatchHandler handler) {
            List<ReceivedEvent> all = new ArrayList<>(size);
            members.forEach(member -> all.addAll(member.events));
            try {
                handler.handleAll(all);
                members.forEach(member -> member.outcome.complete(APPLIED));
            } catch (PartialBatchFailure partial) {
                for (Member member : members) {
                    int applied = partial.applied() - member.offset;
                    member.outcome.complete(applied >= member.events.size() ? APPLIED
                            : applied >= 0 ? new Shared(Fate.PARTIAL, applied, partial.getCause()) : ALONE);
                }
            } catch (RuntimeException | Error e) {
                log.warn("A shared call of {} order events (orders {}) failed as a whole ({}); each of its {} batches is"
                        + " handled alone", all.size(), all.stream().map(ReceivedEvent::orderId).toList(), e.toString(),
                        members.size());
                members.forEach(member -> member.outcome.complete(ALONE));
                if (e instanceof Error error) {
                    throw error;
                }
            }
        }
    }

    private static final class Member {
        final Group group;
        final List<ReceivedEvent> events;
        final int offset;
        final CompletableFuture<Shared> outcome = new CompletableFuture<>();

        Member(Group group, List<ReceivedEvent> events, int offset) {
            this.group = group;
            this.events = events;
            this.offset = offset;
        }
    }
}
