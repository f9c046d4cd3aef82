package dev.eventual.reconcile.console;

import dev.eventual.order.core.reconcile.WorkOrders;
import dev.eventual.reconcile.workorder.WorkOrderProperties;
import dev.eventual.reconcile.workorder.Resolver;
import dev.eventual.web.ApiProblemException;
import dev.eventual.web.Ids;
import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;

import java.util.ArrayList;
import java.util.List;

/** One order's story on one page, with the actions the signed-in person may take on its open work orders. */
@Controller
@ConsoleEnabled
class StoryController {

    private final OrderStories stories;
    private final WorkOrderProperties workOrders;

    StoryController(OrderStories stories, WorkOrderProperties workOrders) {
        this.stories = stories;
        this.workOrders = workOrders;
    }

    @GetMapping("/console/orders/{orderId}")
    String story(@PathVariable String orderId, Authentication signedIn, Model model) {
        long id = Ids.parse("orderId", orderId);
        OrderStory story = stories.of(id);
        if (!story.known()) {
            throw ApiProblemException.notFound("order_db knows no order " + id + ": no order, no event, no work order");
        }
        model.addAttribute("story", story);
        model.addAttribute("actions", actionsFor(ConsoleAdvice.resolverOf(signedIn)));
        return "console/story";
    }

    /** What the person is offered; the resolution checks it again whatever a form says. */
    List<WorkOrders.Action> actionsFor(Resolver resolver) {
        List<WorkOrders.Action> actions = new ArrayList<>(List.of(WorkOrders.Action.RETRY, WorkOrders.Action.CLOSE));
        if (resolver.admin() && workOrders.destructiveActionsEnabled()) {
            actions.add(WorkOrders.Action.CANCEL_ORDER);
        }
        return actions;
    }
}
