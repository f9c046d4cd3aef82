package dev.eventual.inventory.gate;

/** Redis cannot take a seed the caller asked for; nothing was changed: 503. */
public class GateUnavailableException extends RuntimeException {

    GateUnavailableException(String detail, Throwable cause) {
        super(detail, cause);
    }
}
