package dev.eventual.infra;

import java.security.SecureRandom;
import java.util.HexFormat;

/** Fresh secrets for local runs, so that nothing well-known ships. */
public final class Secrets {

    private static final SecureRandom RANDOM = new SecureRandom();

    private Secrets() {
    }

    /** 144 random bits as 36 hex digits: fine as a password or token, safe inside SQL quotes. */
    public static String random() {
        byte[] bytes = new byte[18];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }
}
