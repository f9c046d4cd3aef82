package dev.eventual.inventory.gate;

/**
 * What seeding a SKU's count did.
 *
 * @param before    the count before; null when the SKU was not seeded (a new SKU, or Redis lost its data)
 * @param available the count set: the stock minus the reservations in flight (negative when more is in
 *                  flight than in stock); null when the count was missing and left to the rebuild
 * @param ended     reservations of orders inventory had settled already, ended by the seed
 */
public record SeedOutcome(Long before, Long available, int ended) {
}
