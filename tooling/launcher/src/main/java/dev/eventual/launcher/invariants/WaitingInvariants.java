package dev.eventual.launcher.invariants;

import dev.eventual.launcher.invariants.DatabaseSnapshot.EventKey;
import dev.eventual.launcher.invariants.DatabaseSnapshot.Waiting;

import java.util.List;

/**
 * What the broker fallback must leave behind (docs/design.md, "The outbox"): an event written WAITING while
 * the broker could not store it is the relay's until the relay has sent it (then it is SENT) or, after its
 * last send failed, has handed it to a work order. So a WAITING row is
 * <ul>
 *   <li>work in progress while the relay still owns it ({@code next_relay_time} set) and has sends left
 *       ({@link Quiescence} counts it as unfinished);</li>
 *   <li>fine with a work order, OPEN or RESOLVED: a person has it, or had it and re-drove it over the
 *       consumers' APIs, which needs no broker;</li>
 *   <li>a violation otherwise: let go by the relay without a work order, or sent as often as the relay's
 *       last attempt allows and still waiting.</li>
 * </ul>
 */
final class WaitingInvariants {

    static final String RELAYED_OR_HANDED_OVER = "waiting event relayed or handed to a work order";

    private WaitingInvariants() {
    }

    /** @param relayMaxAttempts the relay's {@code eventual.order.relay.max-attempts} */
    static void check(DatabaseSnapshot db, int relayMaxAttempts, List<Violation> violations) {
        db.waitingEvents().forEach((event, waiting) -> {
            if (db.workOrders().contains(event)) {
                return;
            }
            if (!waiting.relayOwns()) {
                violations.add(violation(event, waiting, "let go by the relay, no work order"));
            } else if (waiting.relayAttempts() >= relayMaxAttempts) {
                violations.add(violation(event, waiting, "past the relay's last attempt (" + relayMaxAttempts
                        + "), no work order"));
            }
        });
    }

    private static Violation violation(EventKey event, Waiting waiting, String why) {
        return new Violation(RELAYED_OR_HANDED_OVER, "order " + event.orderId(),
                event.type() + " WAITING after " + waiting.relayAttempts() + " relay sends, " + why);
    }
}
