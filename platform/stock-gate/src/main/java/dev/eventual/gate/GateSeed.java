package dev.eventual.gate;

/**
 * What seeding a SKU's count did.
 *
 * @param sku       the SKU
 * @param before    the count before; null when the SKU was not seeded (a new SKU, or Redis lost its data)
 * @param available the count set: the stock minus the reservations in flight (negative when more is in
 *                  flight than in stock: nothing more is reserved until it comes back); null when the
 *                  count was missing and left to the rebuild
 * @param ended     reservations of orders inventory had settled already, ended by the seed
 */
public record GateSeed(long sku, Long before, Long available, int ended) {
}
