package dev.eventual.reconcile.console;

import dev.eventual.common.api.TextLimits;
import dev.eventual.reconcile.workorder.BulkCountChangedException;
import dev.eventual.reconcile.workorder.OrderNotCanceledException;
import dev.eventual.reconcile.workorder.Resolver;
import dev.eventual.reconcile.workorder.WorkOrderForbiddenException;
import dev.eventual.reconcile.workorder.WorkOrderNotFoundException;
import dev.eventual.reconcile.workorder.WorkOrderRefusedException;
import dev.eventual.web.CallerRole;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.oauth2.core.oidc.user.OidcUser;
import org.springframework.web.ErrorResponseException;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.ModelAndView;

/**
 * The console's pages know who is signed in, and its failures are pages, not the API's problem JSON:
 * ahead of web-support's advice, for the console's controllers only.
 */
@ControllerAdvice(assignableTypes = {QueueController.class, StoryController.class, ActionController.class, BulkController.class,
        ConsolePages.class})
@Order(Ordered.HIGHEST_PRECEDENCE)
@ConsoleEnabled
class ConsoleAdvice {

    private static final Logger log = LoggerFactory.getLogger(ConsoleAdvice.class);

    /** The signed-in person as the audit names them: the token's subject; null when no one is. */
    static Resolver resolverOf(Authentication authentication) {
        if (authentication == null || !(authentication.getPrincipal() instanceof OidcUser user)) {
            return null;
        }
        boolean admin = authentication.getAuthorities().stream()
                .anyMatch(authority -> CallerRole.ADMIN.authority().equals(authority.getAuthority()));
        return new Resolver(user.getSubject(), admin);
    }

    @ModelAttribute("me")
    Resolver me(Authentication authentication) {
        return resolverOf(authentication);
    }

    /** The forms' note limit, the API's: one limit for the field wherever it is typed. */
    @ModelAttribute("noteLimit")
    int noteLimit() {
        return TextLimits.WORK_ORDER_NOTE;
    }

    @ExceptionHandler
    ModelAndView notFound(WorkOrderNotFoundException e) {
        return page(HttpStatus.NOT_FOUND, e.getMessage());
    }

    @ExceptionHandler
    ModelAndView forbidden(WorkOrderForbiddenException e) {
        return page(HttpStatus.FORBIDDEN, e.getMessage());
    }

    @ExceptionHandler
    ModelAndView refused(WorkOrderRefusedException e) {
        return page(HttpStatus.CONFLICT, e.getMessage());
    }

    @ExceptionHandler
    ModelAndView countChanged(BulkCountChangedException e) {
        return page(HttpStatus.CONFLICT, e.getMessage());
    }

    @ExceptionHandler
    ModelAndView orderNotCanceled(OrderNotCanceledException e) {
        return page(HttpStatus.SERVICE_UNAVAILABLE, "order-service could not be reached: " + e.getMessage());
    }

    /** The web-support problems the console's handlers raise (a malformed id, an unknown order, a refused action). */
    @ExceptionHandler
    ModelAndView problem(ErrorResponseException e) {
        return page(e.getStatusCode(), e.getBody().getDetail());
    }

    @ExceptionHandler
    ModelAndView badFilter(MethodArgumentTypeMismatchException e) {
        return page(HttpStatus.BAD_REQUEST, e.getName() + " cannot be '" + e.getValue() + "'");
    }

    @ExceptionHandler
    ModelAndView unexpected(Exception e) {
        log.error("Console page failed", e);
        return page(HttpStatus.INTERNAL_SERVER_ERROR, "something went wrong; the log says what");
    }

    private static ModelAndView page(HttpStatusCode status, String detail) {
        ModelAndView page = new ModelAndView("console/problem", status);
        page.addObject("status", status.value());
        page.addObject("detail", detail);
        // exception handlers get no model attributes of their own
        page.addObject("me", resolverOf(SecurityContextHolder.getContext().getAuthentication()));
        return page;
    }
}
