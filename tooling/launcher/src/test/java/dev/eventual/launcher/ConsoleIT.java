package dev.eventual.launcher;

import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.infra.mq.StalledSends;
import dev.eventual.infra.test.HttpCall;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Cookie;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The operators' console (reconcile-job, /console) in a real browser: people sign in through the
 * auth-server's real login page, work orders come from real failing orders (an unknown SKU: inventory
 * refuses, the reconcile job re-drives twice and hands it to a person, as in {@link OrderTraceIT}).
 * <p>
 * The queue's and the story's screenshots go to {@code target/screenshots}, or to the folder the system
 * property {@code eventual.screenshots} names: {@code -Deventual.screenshots=$PWD/docs/images} refreshes
 * the documentation's.
 */
class ConsoleIT {

    private static final String UNKNOWN_SKU = "4343";
    /** Another unknown SKU, whose work orders only the bulk test works. */
    private static final String BULK_SKU = "4344";
    /** A SKU in stock, of the order placed while the broker hangs. */
    private static final String HUNG_BROKER_SKU = "4345";
    private static final Duration SLOW = Duration.ofSeconds(90);
    private static final String SESSION_COOKIE = "EVENTUAL_CONSOLE";

    /** An order reconciliation gave up on, and the trace id its request chose. */
    private record FailingOrder(String orderId, String traceId, String workOrderId) {
    }

    private static LocalSuite suite;
    private static FailingOrder retried;
    private static FailingOrder refused;
    private static List<FailingOrder> ofBulkSku;

    @TempDir
    Path profile;
    private WebDriver browser;
    private WebDriverWait wait;

    @BeforeAll
    static void ordersThatNeedAPerson() {
        suite = SharedSuite.get();
        // both fail at once: one wait for the two
        FailingOrder first = place(UNKNOWN_SKU);
        FailingOrder second = place(UNKNOWN_SKU);
        List<FailingOrder> bulk = List.of(place(BULK_SKU), place(BULK_SKU));
        retried = awaitWorkOrder(first);
        refused = awaitWorkOrder(second);
        ofBulkSku = bulk.stream().map(ConsoleIT::awaitWorkOrder).toList();
    }

    @BeforeEach
    void openBrowser() {
        browser = Chromium.start(profile);
        wait = new WebDriverWait(browser, Duration.ofSeconds(20));
    }

    @AfterEach
    void closeBrowser() {
        browser.quit();
    }

    @Test
    void anOperatorSignsInFindsTheFailingOrderReadsItsStoryAndRetriesIt() {
        signIn("olga");
        assertThat(text(By.id("signed-in-as"))).isEqualTo("olga");
        WebElement row = browser.findElement(By.cssSelector("#queue tr[data-order-id='" + retried.orderId() + "']"));
        assertThat(row.getText()).contains(retried.workOrderId(), "ORDER_CREATED", "OPEN");
        assertThat(Long.parseLong(text(By.id("open-count")))).isGreaterThanOrEqualTo(2);
        assertThat(text(By.id("lag"))).matches("\\d+ s");
        screenshot("console-queue.png");

        row.findElement(By.linkText(retried.orderId())).click();
        wait.until(ExpectedConditions.titleContains("Order " + retried.orderId()));
        assertThat(text(By.id("order-sku"))).isEqualTo(UNKNOWN_SKU);
        WebElement created = browser.findElement(By.cssSelector("#events tr[data-event-type='ORDER_CREATED']"));
        assertThat(created.findElement(By.className("reconcile-status")).getText()).isEqualTo("FAIL");
        assertThat(created.findElement(By.className("trace-id")).getText()).isEqualTo(retried.traceId());
        // on the broker at once: no word of an outage
        assertThat(created.findElements(By.className("broker-note"))).isEmpty();
        WebElement inventory = browser.findElement(By.cssSelector(
                "#consumers tr[data-group='" + OrderMessaging.INVENTORY_CONSUMER_GROUP + "']"));
        assertThat(inventory.findElement(By.className("consumer-status")).getText()).isEqualTo("FAIL");
        assertThat(inventory.getText()).contains("unknown sku");
        WebElement workOrder = workOrderOnPage(retried);
        assertThat(workOrder.getDomAttribute("data-status")).isEqualTo("OPEN");
        assertThat(workOrder.findElements(By.cssSelector("tr[data-action='OPEN']"))).hasSize(1);

        String note = "SKU " + UNKNOWN_SKU + " is being added by the catalogue team; retrying (ConsoleIT)";
        review(workOrder, "RETRY", note);
        assertThat(text(By.id("confirm-note"))).isEqualTo(note);
        browser.findElement(By.id("confirm")).click();

        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("done")));
        assertThat(text(By.id("done"))).isEqualTo("RETRY applied to work order " + retried.workOrderId() + " by olga");
        WebElement applied = workOrderOnPage(retried).findElement(By.cssSelector("tr[data-action='RETRY'][data-outcome='APPLIED']"));
        assertThat(applied.findElement(By.className("operator")).getText()).isEqualTo("olga");
        assertThat(applied.findElement(By.className("note")).getText()).isEqualTo(note);
        fullPageScreenshot("console-story.png");
        // the audit itself, not only the page, names olga
        assertThat(auditOf(retried)).anySatisfy(entry -> {
            assertThat(entry.get("action").asString()).isEqualTo("RETRY");
            assertThat(entry.get("operator").asString()).isEqualTo("olga");
            assertThat(entry.get("outcome").asString()).isEqualTo("APPLIED");
            assertThat(entry.get("note").asString()).isEqualTo(note);
        });

        // re-driven: the SKU is still unknown, so after its retries the work order opens again
        new WebDriverWait(browser, SLOW, Duration.ofSeconds(1)).until(page -> {
            page.navigate().refresh();
            return !workOrderOnPage(retried).findElements(By.cssSelector("tr[data-action='REOPEN']")).isEmpty();
        });
        assertThat(workOrderOnPage(retried).getDomAttribute("data-status")).isEqualTo("OPEN");
    }

    @Test
    void anOperatorIsNotOfferedCancelIsRefusedItAndMarkupInANoteStaysText() {
        signIn("olga");
        browser.get(storyUrl(refused));
        WebElement workOrder = workOrderOnPage(refused);
        assertThat(workOrder.findElements(By.cssSelector("input[name=action]")))
                .extracting(input -> input.getDomAttribute("value")).containsExactly("RETRY", "CLOSE");

        String markup = "<script>document.title='owned'</script><b>bold?</b> see SKU <i>" + UNKNOWN_SKU + "</i>";
        review(workOrder, "RETRY", markup);
        assertThat(text(By.id("confirm-note"))).isEqualTo(markup);
        // a form changed in the browser: the confirmation now asks for CANCEL_ORDER
        ((JavascriptExecutor) browser).executeScript(
                "document.querySelector('input[type=hidden][name=action]').value = 'CANCEL_ORDER'");
        browser.findElement(By.id("confirm")).click();

        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("status")));
        assertThat(text(By.id("status"))).isEqualTo("403");
        assertThat(text(By.id("detail"))).contains("CANCEL_ORDER is for admin", "olga is not one");

        browser.get(storyUrl(refused));
        WebElement stillOpen = workOrderOnPage(refused);
        assertThat(stillOpen.getDomAttribute("data-status")).isEqualTo("OPEN");
        WebElement rejected = stillOpen.findElement(By.cssSelector("tr[data-action='CANCEL_ORDER'][data-outcome='REJECTED']"));
        assertThat(rejected.findElement(By.className("operator")).getText()).isEqualTo("olga");
        WebElement noteCell = rejected.findElement(By.className("note"));
        assertThat(noteCell.getText()).isEqualTo(markup);
        assertThat(noteCell.findElements(By.xpath(".//*"))).as("elements made from the note").isEmpty();
        assertThat(browser.getTitle()).isEqualTo("Order " + refused.orderId() + " · Eventual console");
    }

    @Test
    void anOperatorWhoOpensTheConsoleAtLocalhostSignsInAndOutThere() {
        String atLocalhost = suite.consoleUrl().replace("://127.0.0.1:", "://localhost:");
        assertThat(atLocalhost).startsWith("http://localhost:");
        signIn("olga", atLocalhost);
        assertThat(text(By.id("signed-in-as"))).isEqualTo("olga");
        assertThat(browser.findElements(By.id("queue"))).hasSize(1);

        browser.findElement(By.id("sign-out")).click();
        wait.until(ExpectedConditions.urlToBe(atLocalhost + "/signed-out"));
    }

    @Test
    void anOperatorFiltersTheQueueBySkuAndReasonAndClosesAllOfItAfterConfirmingTheCount() {
        signIn("olga");
        browser.findElement(By.name("skuId")).sendKeys(BULK_SKU);
        browser.findElement(By.name("reason")).sendKeys("inventory");
        browser.findElement(By.id("filter")).click();
        wait.until(ExpectedConditions.urlContains("skuId=" + BULK_SKU));
        List<WebElement> rows = browser.findElements(By.cssSelector("#queue tbody tr"));
        assertThat(rows).extracting(row -> row.findElement(By.className("sku")).getText()).containsOnly(BULK_SKU);
        assertThat(rows).extracting(row -> row.getDomAttribute("data-order-id"))
                .containsAll(ofBulkSku.stream().map(FailingOrder::orderId).toList());
        String shown = text(By.cssSelector("#bulk legend"));

        WebElement bulk = browser.findElement(By.id("bulk"));
        bulk.findElement(By.cssSelector("input[name=action][value=CLOSE]")).click();
        String note = "SKU " + BULK_SKU + " was never sold: closing its work orders at once (ConsoleIT)";
        bulk.findElement(By.name("note")).sendKeys(note);
        bulk.findElement(By.cssSelector("button[type=submit]")).click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("confirm")));
        // the confirmation shows the count it acts on, the same the queue showed
        String count = text(By.id("bulk-count"));
        assertThat(shown).isEqualTo("All " + count + " open work orders that match");
        assertThat(Integer.parseInt(count)).isGreaterThanOrEqualTo(ofBulkSku.size());
        assertThat(text(By.id("confirm-note"))).isEqualTo(note);
        assertThat(browser.findElement(By.id("confirm")).getText()).isEqualTo("Confirm CLOSE of " + count);
        browser.findElement(By.id("confirm")).click();

        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("done")));
        assertThat(text(By.id("done"))).isEqualTo("CLOSE applied to " + count + " work orders by olga; 0 still match");
        assertThat(browser.findElements(By.id("queue-empty"))).hasSize(1);
        for (FailingOrder order : ofBulkSku) {
            JsonNode closed = workOrder(order);
            assertThat(closed.get("status").asString()).isEqualTo("RESOLVED");
            assertThat(closed.get("resolution").asString()).isEqualTo("CLOSE");
            assertThat(auditOf(order)).filteredOn(entry -> "CLOSE".equals(entry.get("action").asString()))
                    .singleElement().satisfies(entry -> {
                        assertThat(entry.get("operator").asString()).isEqualTo("olga");
                        assertThat(entry.get("outcome").asString()).isEqualTo("APPLIED");
                        assertThat(entry.get("note").asString()).isEqualTo(note);
                    });
        }
    }

    @Test
    void aCustomerSignsInAndIsRefused() {
        signIn("alice");
        assertThat(text(By.id("refused"))).isEqualTo("403 · Refused");
        assertThat(text(By.id("why"))).isEqualTo("The console is for operators and admins.");
        assertThat(browser.findElements(By.id("queue"))).isEmpty();
        // the status itself, with the browser's session
        HttpCall.Response queue = HttpCall.get(suite.reconcilePort(), "/console").header("Cookie", session()).send();
        assertThat(queue.status()).isEqualTo(403);
        assertThat(queue.body()).doesNotContain(refused.orderId());
    }

    @Test
    void aFormPostedWithoutItsCsrfTokenIs403AndChangesNothing() {
        signIn("olga");
        String session = session();
        assertThat(HttpCall.get(suite.reconcilePort(), "/console").header("Cookie", session).send().status())
                .as("the session is signed in").isEqualTo(200);
        int auditRows = auditOf(refused).size();

        HttpCall.Response posted = HttpCall.post(suite.reconcilePort(), "/console/work-orders/" + refused.workOrderId() + "/resolve")
                .header("Cookie", session).header("Content-Type", "application/x-www-form-urlencoded")
                .body(("action=CLOSE&note=" + URLEncoder.encode("no token", StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8))
                .send();

        assertThat(posted.status()).isEqualTo(403);
        assertThat(posted.body()).contains("sent without its security token");
        assertThat(workOrder(refused).get("status").asString()).isEqualTo("OPEN");
        assertThat(auditOf(refused)).hasSize(auditRows);
    }

    @Test
    void anAdminIsOfferedCancelAndSignsOutOfBoth() {
        signIn("adam");
        browser.get(storyUrl(refused));
        assertThat(workOrderOnPage(refused).findElements(By.cssSelector("input[name=action]")))
                .extracting(input -> input.getDomAttribute("value")).containsExactly("RETRY", "CLOSE", "CANCEL_ORDER");

        browser.findElement(By.id("sign-out")).click();
        wait.until(ExpectedConditions.urlToBe(suite.consoleUrl() + "/signed-out"));
        // the authorization server's session ended too: the console asks for a password again
        browser.get(suite.consoleUrl());
        wait.until(ExpectedConditions.presenceOfElementLocated(By.name("password")));
        assertThat(browser.getCurrentUrl()).startsWith(suite.identity().issuer() + "/login");
    }

    @Test
    void anOrderAcceptedWhileTheBrokerHungSaysSoInItsStory() {
        HttpCall.Response seeded = HttpCall.put(suite.inventoryPort(), "/api/inventory/" + HUNG_BROKER_SKU)
                .bearer(SharedSuite.token("adam")).json("{\"stock\":5}").send();
        assertThat(seeded.status()).as(seeded.body()).isEqualTo(200);
        String orderId;
        try (StalledSends hung = suite.broker().stallSends()) {
            HttpCall.Response placed = HttpCall.post(suite.orderPort(), "/api/orders").bearer(SharedSuite.token("alice"))
                    .json("{\"userId\":1,\"skuId\":" + HUNG_BROKER_SKU + ",\"quantity\":1}").send();
            assertThat(placed.status()).as(placed.body()).isEqualTo(201);
            orderId = placed.json().get("orderId").asString();
        }
        signIn("olga");
        browser.get(suite.consoleUrl() + "/orders/" + orderId);

        // relayed by now, or still waiting, or re-driven by reconciliation first: the note begins the same way
        WebElement created = browser.findElement(By.cssSelector("#events tr[data-event-type='ORDER_CREATED']"));
        assertThat(created.findElement(By.className("broker-note")).getText()).startsWith("accepted while the broker was down");
    }

    /** Signs in through the auth-server's login page, starting where a person would: at the console. */
    private void signIn(String who) {
        signIn(who, suite.consoleUrl());
    }

    private void signIn(String who, String consoleUrl) {
        browser.get(consoleUrl);
        wait.until(ExpectedConditions.presenceOfElementLocated(By.name("username")));
        assertThat(browser.getCurrentUrl()).startsWith(suite.identity().issuer() + "/login");
        browser.findElement(By.name("username")).sendKeys(who);
        browser.findElement(By.name("password")).sendKeys(suite.identity().users().passwordOf(who));
        browser.findElement(By.cssSelector("button[type=submit]")).click();
        // back where it started (Spring Security may add ?continue to the saved request's address)
        wait.until(page -> page.getCurrentUrl().matches(Pattern.quote(consoleUrl) + "(\\?continue)?"));
    }

    private void review(WebElement workOrder, String action, String note) {
        workOrder.findElement(By.cssSelector("input[name=action][value=" + action + "]")).click();
        workOrder.findElement(By.name("note")).sendKeys(note);
        workOrder.findElement(By.cssSelector("form.act button[type=submit]")).click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("confirm")));
    }

    private WebElement workOrderOnPage(FailingOrder order) {
        return browser.findElement(By.id("work-order-" + order.workOrderId()));
    }

    private String text(By locator) {
        return browser.findElement(locator).getText();
    }

    private String storyUrl(FailingOrder order) {
        return suite.consoleUrl() + "/orders/" + order.orderId();
    }

    private String session() {
        Cookie cookie = browser.manage().getCookieNamed(SESSION_COOKIE);
        assertThat(cookie).as("the console's session cookie").isNotNull();
        assertThat(cookie.isHttpOnly()).isTrue();
        assertThat(cookie.getSameSite()).isEqualTo("Lax");
        return SESSION_COOKIE + "=" + cookie.getValue();
    }

    private void screenshot(String name) {
        Path file = screenshots().resolve(name);
        try {
            Files.write(file, ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The whole page: the window grows to it first (headless windows may be any size). */
    private void fullPageScreenshot(String name) {
        Number height = (Number) ((JavascriptExecutor) browser).executeScript("return document.documentElement.scrollHeight");
        Dimension before = browser.manage().window().getSize();
        browser.manage().window().setSize(new Dimension(before.getWidth(), Math.min(height.intValue() + 200, 4000)));
        screenshot(name);
        browser.manage().window().setSize(before);
    }

    private static Path screenshots() {
        Path folder = Path.of(System.getProperty("eventual.screenshots", "target/screenshots"));
        try {
            return Files.createDirectories(folder);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static FailingOrder place(String sku) {
        SecureRandom random = new SecureRandom();
        String traceId = HexFormat.of().formatHex(random.generateSeed(16));
        HttpCall.Response placed = HttpCall.post(suite.orderPort(), "/api/orders")
                .header("traceparent", "00-" + traceId + "-" + HexFormat.of().formatHex(random.generateSeed(8)) + "-01")
                .bearer(SharedSuite.token("alice")).json("{\"userId\":1,\"skuId\":" + sku + ",\"quantity\":1}").send();
        assertThat(placed.status()).as(placed.body()).isEqualTo(201);
        return new FailingOrder(placed.json().get("orderId").asString(), traceId, null);
    }

    private static FailingOrder awaitWorkOrder(FailingOrder order) {
        String id = await().atMost(SLOW).until(() -> {
            JsonNode items = HttpCall.get(suite.reconcilePort(), "/api/work-orders?orderId=" + order.orderId())
                    .bearer(SharedSuite.token("olga")).send().json().get("items");
            return items.isEmpty() ? null : items.get(0).get("id").asString();
        }, workOrderId -> workOrderId != null);
        return new FailingOrder(order.orderId(), order.traceId(), id);
    }

    private static JsonNode workOrder(FailingOrder order) {
        HttpCall.Response read = HttpCall.get(suite.reconcilePort(), "/api/work-orders/" + order.workOrderId())
                .bearer(SharedSuite.token("olga")).send();
        assertThat(read.status()).as(read.body()).isEqualTo(200);
        return read.json();
    }

    private static List<JsonNode> auditOf(FailingOrder order) {
        return StreamSupport.stream(workOrder(order).get("audit").spliterator(), false).toList();
    }
}
