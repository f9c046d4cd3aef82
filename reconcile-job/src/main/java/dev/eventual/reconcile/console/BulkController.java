package dev.eventual.reconcile.console;

import dev.eventual.common.api.TextLimits;
import dev.eventual.reconcile.workorder.BulkResolution;
import dev.eventual.reconcile.workorder.BulkResult;
import dev.eventual.reconcile.workorder.Resolver;
import dev.eventual.web.ApiProblemException;
import jakarta.validation.Valid;
import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.validation.BindingResult;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * The bulk act in two steps, like a single one: the queue's form asks for the action and one note, a
 * confirmation page shows how many open work orders match (and how many of them this request works), and
 * only its button works them, through the same use case as the API ({@code POST /api/work-orders/bulk}).
 */
@Controller
@ConsoleEnabled
class BulkController {

    private final BulkResolution bulk;

    BulkController(BulkResolution bulk) {
        this.bulk = bulk;
    }

    @PostMapping("/console/work-orders/bulk/confirm")
    String confirm(@Valid BulkForm form, BindingResult invalid, Model model, RedirectAttributes flash) {
        if (invalid.hasErrors() || !form.filter().narrowed()) {
            return backToQueue(form, flash, "Choose an action and write a note (up to " + TextLimits.WORK_ORDER_NOTE
                    + " characters) saying why; the queue must be filtered by SKU or reason.");
        }
        long matching = bulk.matching(form.bulkFilter());
        if (matching == 0) {
            return backToQueue(form, flash, "No open work order matches any more.");
        }
        model.addAttribute("form", form);
        model.addAttribute("filter", form.filter());
        model.addAttribute("matching", matching);
        model.addAttribute("worked", Math.min(matching, bulk.limit()));
        return "console/bulk-confirm";
    }

    @PostMapping("/console/work-orders/bulk")
    String resolve(@Valid BulkForm form, BindingResult invalid, Authentication signedIn, RedirectAttributes flash) {
        // the confirmation's own form: anything amiss here was changed in the browser
        String changed = invalid.hasFieldErrors() ? invalid.getFieldError().getField()
                : !form.filter().narrowed() ? "filter" : form.expectedCount() == null ? "expectedCount" : null;
        if (changed != null) {
            throw ApiProblemException.invalid(changed, "the confirmation's form was changed; review again from the queue");
        }
        Resolver resolver = ConsoleAdvice.resolverOf(signedIn);
        BulkResult result = bulk.resolve(form.bulkFilter(), form.action(), form.note(), form.expectedCount(), resolver);
        flash.addFlashAttribute("done", form.action() + " applied to " + result.worked() + " work orders by " + resolver.name()
                + (result.skipped() > 0 ? "; " + result.skipped() + " were resolved meanwhile and skipped" : "")
                + "; " + result.remaining() + " still match");
        return backToQueue(form, flash);
    }

    private static String backToQueue(BulkForm form, RedirectAttributes flash, String problem) {
        flash.addFlashAttribute("problem", problem);
        return backToQueue(form, flash);
    }

    /** To the queue as it was filtered: the attributes become its address's parameters, encoded. */
    private static String backToQueue(BulkForm form, RedirectAttributes flash) {
        BulkForm.Filter filter = form.filter();
        if (form.eventType() != null) {
            flash.addAttribute("eventType", form.eventType());
        }
        if (filter.sku() != null) {
            flash.addAttribute("skuId", filter.sku());
        }
        if (filter.reason() != null) {
            flash.addAttribute("reason", filter.reason());
        }
        return "redirect:/console";
    }
}
