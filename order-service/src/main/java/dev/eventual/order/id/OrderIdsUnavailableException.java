package dev.eventual.order.id;

import dev.eventual.common.api.problem.ProblemTypes;
import dev.eventual.web.ApiProblemException;
import org.springframework.http.HttpStatus;

/** No order id can be issued right now (no valid worker id lease): the request is refused before anything is written. */
public class OrderIdsUnavailableException extends ApiProblemException {

    OrderIdsUnavailableException(String reason) {
        super(HttpStatus.SERVICE_UNAVAILABLE, ProblemTypes.DEPENDENCY_UNAVAILABLE, "Order ids unavailable",
                "no order id can be issued: " + reason + "; the order was not placed (nothing was written), retry later");
    }
}
