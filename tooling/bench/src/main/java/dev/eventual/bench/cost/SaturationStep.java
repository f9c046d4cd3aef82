package dev.eventual.bench.cost;

/**
 * One closed-loop step with wrk against the sold-out SKU.
 *
 * @param requestsPerSecond       wrk's rate; every answer is a refusal when {@code non2xx == requests}
 * @param non2xx                  answers other than 2xx/3xx (the 409 refusals)
 * @param socketErrors            connect, read, write and timeout errors
 * @param generatorCpuMsPerRequest wrk's own CPU (user + system) per request
 */
public record SaturationStep(double requestsPerSecond, long requests, long non2xx, long socketErrors,
                             double generatorCpuMsPerRequest) {
}
