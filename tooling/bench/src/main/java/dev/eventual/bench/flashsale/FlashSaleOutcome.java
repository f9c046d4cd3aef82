package dev.eventual.bench.flashsale;

import dev.eventual.common.api.problem.ProblemTypes;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/** What one flash-sale order got: an order, a refusal at the door, or anything else (which must not happen). */
public enum FlashSaleOutcome {

    /** 201: the gate reserved a unit and the order was committed. */
    CREATED,
    /** 409 with the problem type sold-out: refused before anything was written or sent. */
    SOLD_OUT,
    /** any other status, or no answer at all. */
    OTHER;

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** By the status and, for a 409, the problem's type: a 409 of another kind is not a refusal at the door. */
    public static FlashSaleOutcome of(int status, String body) {
        if (status == 201) {
            return CREATED;
        }
        if (status == 409 && isSoldOutProblem(body)) {
            return SOLD_OUT;
        }
        return OTHER;
    }

    private static boolean isSoldOutProblem(String body) {
        try {
            return ProblemTypes.SOLD_OUT.toString().equals(JSON.readTree(body).path("type").asString(""));
        } catch (JacksonException e) {
            return false;
        }
    }
}
