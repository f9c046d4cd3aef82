package dev.eventual.launcher;


import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;

/** Puts stock through inventory-service's API as the admin, which also seeds the stock gate of a gated SKU. */
public final class DemoStock {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private DemoStock() {
    }

    /** Only for SKUs that do not exist yet, so a restart keeps what happened. */
    public static void seedMissing(int inventoryPort, String adminToken, Map<Long, Integer> stock) {
        stock.forEach((sku, units) -> {
            try {
                if (HTTP.send(HttpRequest.newBuilder(uri(inventoryPort, sku)).header("Authorization", "Bearer " + adminToken).GET().build(),
                        HttpResponse.BodyHandlers.discarding()).statusCode() != 404) {
                    return;
                }
            } catch (IOException e) {
                throw new IllegalStateException("could not read stock of sku " + sku, e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while seeding stock", e);
            }
            set(inventoryPort, adminToken, sku, units);
        });
    }

    /** Sets the SKU's stock, whether it exists or not. */
    public static void set(int inventoryPort, String adminToken, long sku, int units) {
        try {
            int status = HTTP.send(HttpRequest.newBuilder(uri(inventoryPort, sku))
                    .header("Content-Type", "application/json")
                    .header("Authorization", "Bearer " + adminToken)
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
    }

    private static URI uri(int inventoryPort, long sku) {
        return URI.create("http://127.0.0.1:" + inventoryPort + "/api/inventory/" + sku);
    }
}
