package dev.eventual.reconcile.console;

import dev.eventual.common.api.TextLimits;
import dev.eventual.reconcile.workorder.ResolveRequest;
import dev.eventual.reconcile.workorder.Resolver;
import dev.eventual.order.core.reconcile.WorkOrders;
import dev.eventual.reconcile.workorder.WorkOrderResolution;
import dev.eventual.order.core.reconcile.WorkOrders.WorkOrder;
import dev.eventual.web.ApiProblemException;
import dev.eventual.web.Ids;
import jakarta.validation.Valid;
import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.validation.BindingResult;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * An action in two steps, both CSRF-protected forms: the story page's form asks for the action and a
 * note, a confirmation page repeats both, and only its button resolves the work order, in this process,
 * through the same use case as the API (audited under the signed-in person's subject).
 */
@Controller
@ConsoleEnabled
class ActionController {

    private final WorkOrders workOrders;
    private final WorkOrderResolution resolution;
    private final StoryController story;

    ActionController(WorkOrders workOrders, WorkOrderResolution resolution, StoryController story) {
        this.workOrders = workOrders;
        this.resolution = resolution;
        this.story = story;
    }

    @PostMapping("/console/work-orders/{id}/confirm")
    String confirm(@PathVariable String id, @Valid ActionForm form, BindingResult invalid, Authentication signedIn,
                   Model model, RedirectAttributes flash) {
        WorkOrder workOrder = workOrder(id);
        if (invalid.hasErrors()) {
            return backToStory(workOrder, flash);
        }
        if (!story.actionsFor(ConsoleAdvice.resolverOf(signedIn)).contains(form.action())) {
            // the confirmation is not offered; the resolution refuses it too (and audits that)
            throw ApiProblemException.forbidden(form.action() + " is not yours to take here");
        }
        model.addAttribute("workOrder", workOrder);
        model.addAttribute("form", form);
        return "console/confirm";
    }

    @PostMapping("/console/work-orders/{id}/resolve")
    String resolve(@PathVariable String id, @Valid ActionForm form, BindingResult invalid, Authentication signedIn,
                   RedirectAttributes flash) {
        WorkOrder workOrder = workOrder(id);
        if (invalid.hasErrors()) {
            return backToStory(workOrder, flash);
        }
        Resolver resolver = ConsoleAdvice.resolverOf(signedIn);
        resolution.resolve(workOrder.id(), new ResolveRequest(form.action(), form.note()), resolver);
        flash.addFlashAttribute("done", form.action() + " applied to work order " + workOrder.id() + " by " + resolver.name());
        return "redirect:/console/orders/" + workOrder.orderId();
    }

    private WorkOrder workOrder(String id) {
        long workOrderId = Ids.parse("id", id);
        return workOrders.find(workOrderId)
                .orElseThrow(() -> ApiProblemException.notFound("work order " + workOrderId + " does not exist"));
    }

    private static String backToStory(WorkOrder workOrder, RedirectAttributes flash) {
        flash.addFlashAttribute("problem", "Work order " + workOrder.id()
                + ": choose an action and write a note (up to " + TextLimits.WORK_ORDER_NOTE
                + " characters) saying why.");
        return "redirect:/console/orders/" + workOrder.orderId();
    }
}
