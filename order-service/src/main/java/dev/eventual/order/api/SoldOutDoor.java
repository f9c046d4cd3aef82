package dev.eventual.order.api;

import dev.eventual.order.config.OrderMetrics;
import dev.eventual.order.config.OrderRejection;
import dev.eventual.order.gate.OrderGate;
import dev.eventual.order.gate.SoldOut;
import dev.eventual.web.Caller;
import dev.eventual.web.CallerRole;
import dev.eventual.web.Ids;
import dev.eventual.web.JwtCallers;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.validation.Validator;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.server.ServletServerHttpRequest;
import org.springframework.http.server.ServletServerHttpResponse;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.filter.ServerHttpObservationFilter;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerAdapter;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.util.Optional;

/**
 * The flash sale's door (issue 41; docs/stock-gate.md, "A refusal without SQL"): a valid order that the stock
 * gate says is sold out to a customer who surely has no order of the SKU under this Idempotency-Key is answered
 * here, after Spring Security checked the token and the act, ahead of Spring MVC: no order id, no exception, no
 * statement, no log line (counted), the same 409 problem the controller's path gives and the same metrics. Every
 * other request goes on unchanged, its body read again from memory: anything the door does not find valid and
 * sold out, the controller answers as always (its 400s name what is wrong), so the door only ever answers what
 * the controller would. It reads the body with MVC's own converter, so it is exactly as strict.
 */
@Component
@ConditionalOnProperty(name = "eventual.gate.enabled", havingValue = "true")
class SoldOutDoor extends OncePerRequestFilter {

    private static final String PATH = "/api/orders";
    /** A valid order's body is a few dozen bytes; anything longer goes to the controller, which limits and names it. */
    private static final int LONGEST_BODY = 1024;

    private final OrderGate gate;
    private final OrderMetrics metrics;
    private final JwtCallers callers;
    private final Validator validator;
    private final RequestMappingHandlerAdapter mvc;

    SoldOutDoor(OrderGate gate, OrderMetrics metrics, JwtCallers callers, Validator validator,
                RequestMappingHandlerAdapter mvc) {
        this.gate = gate;
        this.metrics = metrics;
        this.callers = callers;
        this.validator = validator;
        this.mvc = mvc;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        long length = request.getContentLengthLong();
        return !HttpMethod.POST.matches(request.getMethod()) || !PATH.equals(request.getRequestURI())
                || length < 1 || length > LONGEST_BODY || request.getHeader(HttpHeaders.CONTENT_ENCODING) != null;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        byte[] body = request.getInputStream().readNBytes(LONGEST_BODY + 1);
        HttpServletRequest again = new BodyInMemory(request, body);
        Optional<SoldOut> soldOut = body.length <= LONGEST_BODY ? judged(again) : Optional.empty();
        if (soldOut.isEmpty()) {
            chain.doFilter(again, response);
            return;
        }
        metrics.orderRejected(OrderRejection.SOLD_OUT);
        metrics.refusedAtDoor();
        // the request's metrics and trace name the operation as the controller's would
        ServerHttpObservationFilter.findObservationContext(request).ifPresent(context -> context.setPathPattern(PATH));
        ProblemDetail problem = OrderProblems.soldOut(soldOut.get());
        problem.setInstance(URI.create(PATH));
        response.setStatus(HttpServletResponse.SC_CONFLICT);
        write(problem, new ServletServerHttpResponse(response));
    }

    /** Written by MVC's own converter, as the controller's problems are. */
    @SuppressWarnings("unchecked")
    private void write(ProblemDetail problem, ServletServerHttpResponse response) throws IOException {
        for (HttpMessageConverter<?> converter : mvc.getMessageConverters()) {
            if (converter.canWrite(ProblemDetail.class, MediaType.APPLICATION_PROBLEM_JSON)) {
                ((HttpMessageConverter<ProblemDetail>) converter).write(problem, MediaType.APPLICATION_PROBLEM_JSON, response);
                return;
            }
        }
        throw new IllegalStateException("no converter writes " + MediaType.APPLICATION_PROBLEM_JSON);
    }

    /** Anything the door cannot judge (a malformed header, say) it leaves to the controller, which names it. */
    private Optional<SoldOut> judged(HttpServletRequest request) {
        try {
            return soldOut(request);
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    /** What the gate says of this order, when it is one the controller would take: else empty. */
    private Optional<SoldOut> soldOut(HttpServletRequest request) {
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        if (!(authentication instanceof JwtAuthenticationToken token)) {
            return Optional.empty();
        }
        Caller caller = callers.caller(token.getToken());
        CreateOrderRequest order = read(request);
        if (order == null || !caller.is(CallerRole.CUSTOMER) || caller.customerId() == null
                || !validator.validate(order).isEmpty()) {
            return Optional.empty();
        }
        Optional<String> key = OrderRequests.givenKey(request.getHeader(OrderController.IDEMPOTENCY_KEY),
                order.idempotencyKey());
        Long sku = id(order.skuId());
        if (key.isEmpty() || sku == null || order.userId() != null && !caller.customerId().equals(id(order.userId()))) {
            // no key (the controller mints one: the order is new, and the gate's reservation decides), a bad one,
            // or another customer's order: the controller's answers
            return Optional.empty();
        }
        return gate.soldOutToNewBuyer(sku, order.quantity(), caller.customerId(), key.get());
    }

    /** The id as the controller parses it; null where it would refuse it. */
    private static Long id(String text) {
        try {
            return Ids.parse("id", text);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** The body as the controller reads it (MVC's converter: strict JSON); null when it would refuse it. */
    @SuppressWarnings("unchecked")
    private CreateOrderRequest read(HttpServletRequest request) {
        ServletServerHttpRequest input = new ServletServerHttpRequest(request);
        MediaType type = input.getHeaders().getContentType();
        for (HttpMessageConverter<?> converter : mvc.getMessageConverters()) {
            if (converter.canRead(CreateOrderRequest.class, type)) {
                try {
                    return ((HttpMessageConverter<CreateOrderRequest>) converter).read(CreateOrderRequest.class, input);
                } catch (IOException e) {
                    return null;
                }
            }
        }
        return null;
    }

    /** The request with its body, read once by the door, to be read again from memory. */
    private static final class BodyInMemory extends HttpServletRequestWrapper {

        private final byte[] body;

        BodyInMemory(HttpServletRequest request, byte[] body) {
            super(request);
            this.body = body;
        }

        @Override
        public ServletInputStream getInputStream() {
            ByteArrayInputStream bytes = new ByteArrayInputStream(body);
            return new ServletInputStream() {
                @Override
                public int read() {
                    return bytes.read();
                }

                @Override
                public int read(byte[] buffer, int offset, int length) {
                    return bytes.read(buffer, offset, length);
                }

                @Override
                public boolean isFinished() {
                    return bytes.available() == 0;
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setReadListener(ReadListener listener) {
                    throw new UnsupportedOperationException("the body is in memory: read it");
                }
            };
        }
    }
}
