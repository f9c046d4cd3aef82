package dev.eventual.signin;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Signs a user in to an authorization server the way a browser would, without one: the authorization
 * code flow with PKCE (RFC 7636) through the server's login form, as the public client
 * {@value #CLIENT_ID}. {@code ./run-local.sh --token=alice}, the tests and the load tools get their
 * tokens this way, from the real server and its real login, never signed outside it.
 */
public final class CodeFlowLogin {

    public static final String CLIENT_ID = "eventual-cli";
    /** Registered for {@value #CLIENT_ID}; nothing listens there: the code is read off the redirect. */
    public static final String REDIRECT_URI = "http://127.0.0.1/eventual-cli";
    private static final Pattern CSRF = Pattern.compile("name=\"_csrf\"[^>]*value=\"([^\"]+)\"");
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final URI issuer;
    private final Duration timeout;

    public CodeFlowLogin(URI issuer, Duration timeout) {
        this.issuer = issuer;
        this.timeout = timeout;
    }

    /** An access token and how long it lives. */
    public record AccessToken(String value, Duration expiresIn) {
    }

    /**
     * @throws LoginRefusedException wrong credentials, or the server refused a step (the message says which)
     */
    public AccessToken signIn(String username, String password) {
        HttpClient http = HttpClient.newBuilder().cookieHandler(new CookieManager())
                .followRedirects(HttpClient.Redirect.NEVER).connectTimeout(timeout).build();
        String verifier = randomToken();
        String state = randomToken();
        URI authorize = issuer.resolve("/oauth2/authorize?" + form(Map.of(
                "response_type", "code", "client_id", CLIENT_ID, "redirect_uri", REDIRECT_URI, "scope", "openid",
                "state", state, "code_challenge", challenge(verifier), "code_challenge_method", "S256")));
        URI loginPage = redirect(send(http, get(authorize)), authorize, "authorize");
        HttpResponse<String> page = send(http, get(loginPage));
        Matcher csrf = CSRF.matcher(page.body());
        if (page.statusCode() != 200 || !csrf.find()) {
            throw new LoginRefusedException("no login form at " + loginPage + " (status " + page.statusCode() + ")");
        }
        HttpResponse<String> submitted = send(http, post(loginPage, Map.of(
                "username", username, "password", password, "_csrf", csrf.group(1))));
        URI afterLogin = redirect(submitted, loginPage, "login");
        if (afterLogin.getPath().endsWith("/login") && afterLogin.getQuery() != null && afterLogin.getQuery().contains("error")) {
            throw new LoginRefusedException("the server refused the username or password of " + username);
        }
        URI callback = redirect(send(http, get(afterLogin)), afterLogin, "authorization");
        Map<String, String> answer = query(callback);
        if (!callback.toString().startsWith(REDIRECT_URI) || !state.equals(answer.get("state")) || !answer.containsKey("code")) {
            throw new LoginRefusedException("the authorization answered " + callback.getScheme() + "://"
                    + callback.getAuthority() + callback.getPath() + " with " + answer.keySet() + ", not a code for this request");
        }
        URI tokenUri = issuer.resolve("/oauth2/token");
        HttpResponse<String> token = send(http, post(tokenUri, Map.of("grant_type", "authorization_code",
                "code", answer.get("code"), "redirect_uri", REDIRECT_URI, "client_id", CLIENT_ID, "code_verifier", verifier)));
        if (token.statusCode() != 200) {
            throw new LoginRefusedException("the token endpoint answered " + token.statusCode() + ": " + token.body());
        }
        JsonNode body = JSON.readTree(token.body());
        return new AccessToken(body.get("access_token").asString(), Duration.ofSeconds(body.get("expires_in").asLong()));
    }

    private HttpRequest get(URI uri) {
        return HttpRequest.newBuilder(uri).timeout(timeout).header("Accept", "text/html").GET().build();
    }

    private HttpRequest post(URI uri, Map<String, String> fields) {
        return HttpRequest.newBuilder(uri).timeout(timeout).header("Content-Type", "application/x-www-form-urlencoded")
                .header("Accept", "text/html,application/json").POST(HttpRequest.BodyPublishers.ofString(form(fields))).build();
    }

    private static HttpResponse<String> send(HttpClient http, HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new LoginRefusedException("cannot reach " + request.uri() + ": " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LoginRefusedException("interrupted while signing in");
        }
    }

    private static URI redirect(HttpResponse<String> response, URI from, String step) {
        Optional<String> location = response.headers().firstValue("Location");
        if (response.statusCode() / 100 != 3 || location.isEmpty()) {
            throw new LoginRefusedException("the " + step + " step answered " + response.statusCode() + " instead of a redirect");
        }
        return from.resolve(location.get());
    }

    private static Map<String, String> query(URI uri) {
        Map<String, String> values = new LinkedHashMap<>();
        if (uri.getRawQuery() != null) {
            for (String pair : uri.getRawQuery().split("&")) {
                int equals = pair.indexOf('=');
                if (equals > 0) {
                    values.put(pair.substring(0, equals),
                            java.net.URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8));
                }
            }
        }
        return values;
    }

    private static String form(Map<String, String> fields) {
        return fields.entrySet().stream().map(field -> URLEncoder.encode(field.getKey(), StandardCharsets.UTF_8) + "="
                + URLEncoder.encode(field.getValue(), StandardCharsets.UTF_8)).collect(Collectors.joining("&"));
    }

    private static String randomToken() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private static String challenge(String verifier) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
