package dev.eventual.web;

import dev.eventual.common.api.problem.ProblemTypes;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;

/**
 * Refuses bodies above the limit (a larger one for {@code /internal/**}, whose batches are bigger) with 413: by Content-Length before reading, and by counting for
 * chunked bodies (the handler then sees {@link BodyTooLargeException}).
 */
public class RequestBodyLimitFilter extends OncePerRequestFilter {

    private final long maxPublicBytes;
    private final long maxInternalBytes;

    public RequestBodyLimitFilter(RequestLimitProperties properties) {
        this.maxPublicBytes = properties.maxRequestBody().toBytes();
        this.maxInternalBytes = properties.maxInternalRequestBody().toBytes();
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        long maxBytes = InternalPaths.MATCHER.matches(request) ? maxInternalBytes : maxPublicBytes;
        if (request.getContentLengthLong() > maxBytes) {
            ProblemResponses.write(response, HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE,
                    ProblemTypes.MALFORMED_REQUEST, "Payload too large", "request body exceeds " + maxBytes + " bytes");
            return;
        }
        chain.doFilter(new LimitedRequest(request, maxBytes), response);
    }

    /** Raised while reading a body that grew past the limit. */
    public static final class BodyTooLargeException extends IOException {
        BodyTooLargeException(long maxBytes) {
            super("request body exceeds " + maxBytes + " bytes");
        }
    }

    private static final class LimitedRequest extends HttpServletRequestWrapper {
        private final long maxBytes;
        private ServletInputStream stream;

        LimitedRequest(HttpServletRequest request, long maxBytes) {
            super(request);
            this.maxBytes = maxBytes;
        }

        @Override
        public ServletInputStream getInputStream() throws IOException {
            if (stream == null) {
                stream = new LimitedStream(super.getInputStream(), maxBytes);
            }
            return stream;
        }
    }

    private static final class LimitedStream extends ServletInputStream {
        private final ServletInputStream delegate;
        private final long maxBytes;
        private long read;

        LimitedStream(ServletInputStream delegate, long maxBytes) {
            this.delegate = delegate;
            this.maxBytes = maxBytes;
        }

        @Override
        public int read() throws IOException {
            int b = delegate.read();
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = delegate.read(buffer, offset, length);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        private void count(int n) throws BodyTooLargeException {
            read += n;
            if (read > maxBytes) {
                throw new BodyTooLargeException(maxBytes);
            }
        }

        @Override
        public boolean isFinished() {
            return delegate.isFinished();
        }

        @Override
        public boolean isReady() {
            return delegate.isReady();
        }

        @Override
        public void setReadListener(ReadListener listener) {
            delegate.setReadListener(listener);
        }
    }
}
