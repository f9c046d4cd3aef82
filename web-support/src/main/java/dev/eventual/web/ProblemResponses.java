package dev.eventual.web;

import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.MediaType;

import java.io.IOException;
import java.net.URI;

/** Writes a problem body from a servlet filter, where no message converter runs. */
final class ProblemResponses {

    private ProblemResponses() {
    }

    /** The strings are constants of this module, never user input, so plain formatting is safe. */
    static void write(HttpServletResponse response, int status, URI type, String title, String detail) throws IOException {
        response.setStatus(status);
        response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
        response.setCharacterEncoding("UTF-8");
        response.getWriter().write(body(status, type, title, detail));
    }

    static String body(int status, URI type, String title, String detail) {
        return "{\"type\":\"" + type + "\",\"title\":\"" + title + "\",\"status\":" + status
                + ",\"detail\":\"" + detail + "\"}";
    }
}
