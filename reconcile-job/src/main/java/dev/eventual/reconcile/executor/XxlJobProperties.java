package dev.eventual.reconcile.executor;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code xxl.job.*}, the names XXL-Job users know. With no admin address the executor does not
 * start and the standalone scheduler runs instead.
 *
 * @param accessToken must be set (16+ characters, not a published default) unless the {@code dev}
 *                    profile is active: an executor without one runs whatever the caller asks
 */
@ConfigurationProperties("xxl.job")
public record XxlJobProperties(Admin admin, @DefaultValue("") String accessToken, Executor executor) {

    /** @param addresses comma-separated admin console URLs */
    public record Admin(@DefaultValue("") String addresses) {
    }

    /**
     * @param address the URL registered with the admin (blank: {@code http://ip:port/})
     * @param ip      the address the executor listens on and registers (blank: it listens on every
     *                interface and registers the machine's address)
     * @param port    the executor's own HTTP port (0: any free port)
     */
    public record Executor(@DefaultValue("eventual-reconcile") String appname, @DefaultValue("") String address,
                           @DefaultValue("") String ip, @DefaultValue("9999") int port,
                           @DefaultValue("logs/xxl-job") String logPath, @DefaultValue("30") int logRetentionDays) {
    }
}
