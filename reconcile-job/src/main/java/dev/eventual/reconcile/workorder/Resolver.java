package dev.eventual.reconcile.workorder;

/**
 * Who resolves a work order.
 *
 * @param name  the access token's subject; the audit rows and the resolution name it
 * @param admin whether it may take a destructive action
 */
public record Resolver(String name, boolean admin) {
}
