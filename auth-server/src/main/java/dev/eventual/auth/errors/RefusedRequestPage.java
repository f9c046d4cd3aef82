package dev.eventual.auth.errors;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.boot.webmvc.autoconfigure.error.ErrorViewResolver;
import org.springframework.http.HttpStatus;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.View;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.springframework.web.util.HtmlUtils.htmlEscape;

/**
 * The page a browser gets for an error of the authorization server, with the status kept. Its most
 * common one is a refused sign-in or sign-out that cannot be sent back to the application because the
 * application itself is in doubt (an unknown {@code client_id}, a {@code redirect_uri} or
 * {@code post_logout_redirect_uri} not registered for it): Spring Authorization Server answers 400 with
 * the OAuth 2.0 error ({@code [invalid_request] OAuth 2.0 Parameter: redirect_uri}), and the page says
 * in words which parameter was refused and what it held. A 429 is a sign-in paused by the throttle,
 * whose message says why and until when, written for people. Everything shown is escaped.
 */
final class RefusedRequestPage implements ErrorViewResolver {

    private static final Pattern OAUTH2_PARAMETER = Pattern.compile("OAuth 2\\.0 Parameter: ([a-z_]+)");

    @Override
    public ModelAndView resolveErrorView(HttpServletRequest request, HttpStatus status, Map<String, Object> model) {
        String message = request.getAttribute(RequestDispatcher.ERROR_MESSAGE) instanceof String text ? text : "";
        Matcher parameter = OAUTH2_PARAMETER.matcher(message);
        String explanation = parameter.find() ? refusedParameter(request, parameter.group(1))
                : status == HttpStatus.TOO_MANY_REQUESTS && !message.isEmpty() ? message : plain(status);
        View page = (values, ignored, response) -> {
            response.setContentType("text/html;charset=UTF-8");
            response.getWriter().write(html(status, explanation));
        };
        ModelAndView view = new ModelAndView(page, model);
        view.setStatus(status);
        return view;
    }

    private static String refusedParameter(HttpServletRequest request, String name) {
        String client = request.getParameter("client_id");
        String value = request.getParameter(name);
        return switch (name) {
            case "client_id" -> "No application is registered here as " + quoted(client) + ", so the request was refused.";
            case "redirect_uri", "post_logout_redirect_uri" -> "The application " + quoted(client)
                    + " asked to be sent back to " + quoted(value) + ", an address not registered for it, so the request"
                    + " was refused rather than sent there. Addresses are matched exactly, the host name included:"
                    + " if you opened the application at another name of the same machine (localhost for 127.0.0.1,"
                    + " or the other way round), open it at the address it is registered with and sign in again.";
            default -> "The request was refused: its parameter " + name
                    + (value == null ? " is missing." : " does not fit (" + quoted(value) + ").");
        };
    }

    private static String plain(HttpStatus status) {
        if (status == HttpStatus.NOT_FOUND) {
            return "There is nothing at this address.";
        }
        return status.is4xxClientError() ? "The request was refused." : "Something went wrong on the sign-in server.";
    }

    private static String quoted(String value) {
        return value == null ? "(none given)" : "\u201c" + value + "\u201d";
    }

    private static String html(HttpStatus status, String explanation) {
        String title = status.value() + " \u00b7 " + status.getReasonPhrase();
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + htmlEscape(title, StandardCharsets.UTF_8.name())
                + " \u00b7 Eventual sign-in</title></head>\n<body><h1 id=\"status\">" + htmlEscape(title, StandardCharsets.UTF_8.name())
                + "</h1>\n<p id=\"why\">" + htmlEscape(explanation, StandardCharsets.UTF_8.name()) + "</p></body></html>\n";
    }
}
