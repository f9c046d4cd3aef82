package dev.eventual.web;

import dev.eventual.common.api.problem.InvalidParam;
import dev.eventual.common.api.problem.ProblemTypes;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.MediaType;

import java.io.IOException;
import java.net.URI;

/** Writes a problem body from a servlet filter, where no message converter runs. */
final class ProblemResponses {

    private ProblemResponses() {
    }

    /** Type and title are constants of this module; the detail is JSON-escaped (it may quote a token's refusal). */
    static void write(HttpServletResponse response, int status, URI type, String title, String detail) throws IOException {
        write(response, status, body(status, type, title, detail, ""));
    }

    /** A problem naming the one input that is wrong, in {@value ProblemTypes#INVALID_PARAMS}. */
    static void write(HttpServletResponse response, int status, URI type, String title, String detail, InvalidParam param)
            throws IOException {
        write(response, status, body(status, type, title, detail, ",\"" + ProblemTypes.INVALID_PARAMS + "\":[{\"name\":\""
                + param.name() + "\",\"reason\":\"" + param.reason() + "\"}]"));
    }

    static String body(int status, URI type, String title, String detail) {
        return body(status, type, title, detail, "");
    }

    private static String body(int status, URI type, String title, String detail, String extensions) {
        return "{\"type\":\"" + type + "\",\"title\":\"" + title + "\",\"status\":" + status
                + ",\"detail\":\"" + escape(detail) + "\"" + extensions + "}";
    }

    private static String escape(String text) {
        StringBuilder escaped = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') {
                escaped.append('\\').append(c);
            } else if (c < 0x20) {
                escaped.append(String.format("\\u%04x", (int) c));
            } else {
                escaped.append(c);
            }
        }
        return escaped.toString();
    }

    private static void write(HttpServletResponse response, int status, String body) throws IOException {
        response.setStatus(status);
        response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
        response.setCharacterEncoding("UTF-8");
        response.getWriter().write(body);
    }
}
