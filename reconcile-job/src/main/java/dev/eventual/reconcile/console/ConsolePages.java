package dev.eventual.reconcile.console;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpStatus;
import org.springframework.security.web.WebAttributes;
import org.springframework.security.web.csrf.CsrfException;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;

/** The pages around the console: refused, signed out. */
@Controller
@ConsoleEnabled
class ConsolePages {

    /** Spring Security forwards here, status 403 set, whatever was refused: a role, or a form without its CSRF token. */
    @RequestMapping(ConsoleSecurity.DENIED_PAGE)
    @ResponseStatus(HttpStatus.FORBIDDEN)
    String denied(HttpServletRequest request, Model model) {
        boolean csrf = request.getAttribute(WebAttributes.ACCESS_DENIED_403) instanceof CsrfException;
        model.addAttribute("why", csrf
                ? "The form was sent without its security token, or with an expired one. Reload the page and try again."
                : "The console is for operators and admins.");
        return "console/denied";
    }

    @GetMapping(ConsoleSecurity.SIGNED_OUT_PAGE)
    String signedOut() {
        return "console/signed-out";
    }
}
