package dev.eventual.launcher;

import dev.eventual.common.messaging.InternalAuth;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;

/** Puts stock through inventory-service's admin API, only for SKUs that do not exist yet. */
public final class DemoStock {

    private DemoStock() {
    }

    public static void seedMissing(int inventoryPort, String serviceToken, Map<Long, Integer> stock) {
        HttpClient http = HttpClient.newHttpClient();
        String base = "http://127.0.0.1:" + inventoryPort + "/api/inventory/";
        stock.forEach((sku, units) -> {
            try {
                if (http.send(HttpRequest.newBuilder(URI.create(base + sku)).GET().build(),
                        HttpResponse.BodyHandlers.discarding()).statusCode() != 404) {
                    return;
                }
                int status = http.send(HttpRequest.newBuilder(URI.create(base + sku))
                        .header("Content-Type", "application/json")
                        .header(InternalAuth.TOKEN_HEADER, serviceToken)
                        .PUT(HttpRequest.BodyPublishers.ofString("{\"stock\":" + units + "}")).build(),
                        HttpResponse.BodyHandlers.discarding()).statusCode();
                if (status / 100 != 2) {
                    throw new IllegalStateException("seeding sku " + sku + " answered " + status);
                }
            } catch (IOException e) {
                throw new IllegalStateException("could not seed stock of sku " + sku, e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while seeding stock", e);
            }
        });
    }
}
