package dev.eventual.launcher.identity;

import dev.eventual.infra.Secrets;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.List;

/**
 * reconcile-job's operators' console as a confidential client of the suite's auth-server
 * (docs/security.md): both are started with the profile {@code console} and the same secret, fresh at
 * every start like the service token (only these two ever use it, so nothing needs to keep it), and
 * the auth-server registers the console's address, which is why its port is chosen before either starts.
 *
 * @param port the reconcile job's port
 */
public record ConsoleClient(int port, String secret) {

    static final String PROFILE = "--spring.profiles.active=console";

    /** @param reconcilePort 0 picks a free one */
    public static ConsoleClient on(int reconcilePort) {
        return new ConsoleClient(reconcilePort == 0 ? freePort() : reconcilePort, Secrets.random());
    }

    /** Where a browser signs in; the redirect and post-logout addresses registered at the auth-server start here too. */
    public String url() {
        return "http://127.0.0.1:" + port + "/console";
    }

    /**
     * The auth-server's: the console's registration (auth-server.yml, profile console), with its
     * redirect and post-logout addresses under both names of this machine, so that a person who opens
     * the console at {@code localhost} signs in and out there as well (the authorization server matches
     * the addresses exactly, host name included, and Spring Security builds them from the address the
     * browser used).
     */
    public List<String> serverArgs() {
        String registration = "--spring.security.oauth2.authorizationserver.client.eventual-console.registration.";
        return List.of(PROFILE, "--EVENTUAL_CONSOLE_CLIENT_SECRET=" + secret, "--EVENTUAL_CONSOLE_URL=" + origin("127.0.0.1"),
                registration + "redirect-uris=" + onBothNames("/login/oauth2/code/eventual"),
                registration + "post-logout-redirect-uris=" + onBothNames("/console/signed-out"));
    }

    private String onBothNames(String path) {
        return origin("127.0.0.1") + path + "," + origin("localhost") + path;
    }

    private String origin(String host) {
        return "http://" + host + ":" + port;
    }

    /** The reconcile job's: the console's client registration (reconcile-job.yml, profile console). */
    public List<String> reconcileArgs() {
        return List.of(PROFILE, "--EVENTUAL_CONSOLE_CLIENT_SECRET=" + secret);
    }

    private static int freePort() {
        try (ServerSocket probe = new ServerSocket(0)) {
            return probe.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
