package dev.eventual.reconcile.decide;

import java.util.List;

public record Decision(Verdict verdict, List<Action> actions, String reason) {

    static Decision done(String reason) {
        return new Decision(Verdict.DONE, List.of(), reason);
    }

    static Decision waitFor(String reason) {
        return new Decision(Verdict.WAIT, List.of(), reason);
    }

    static Decision redrive(List<Action> actions, String reason) {
        return new Decision(Verdict.REDRIVE, List.copyOf(actions), reason);
    }

    static Decision escalate(String reason) {
        return new Decision(Verdict.ESCALATE, List.of(), reason);
    }
}
