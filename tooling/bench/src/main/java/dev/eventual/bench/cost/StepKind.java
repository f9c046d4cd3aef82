package dev.eventual.bench.cost;

/** What a closed-loop step sends, and which answers are its units. */
public enum StepKind {

    /** Orders for the sold-out gated SKU: every answer a 409 refusal (wrk counts it as non-2xx). */
    REFUSAL,
    /** {@code GET /api/inventory/{sku}}, SKUs round-robin: the plain read a refusal is compared with. */
    READ,
    /** Orders, SKUs round-robin: a 201 is a unit once both consumers reported it. */
    ORDER;

    long units(WrkOutput wrk) {
        return this == REFUSAL ? wrk.non2xx() : wrk.ok();
    }
}
