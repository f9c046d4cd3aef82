package dev.eventual.notice.redrive;

import dev.eventual.infra.test.ApiDocsCheck;
import dev.eventual.notice.support.NoticeServiceIT;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The OpenAPI document says what notice-service really answers; all of its calls need the service token. */
@NoticeServiceIT
class OpenApiDocsIT {

    @LocalServerPort
    int port;

    @Test
    void describesTheRunningService() {
        ApiDocsCheck docs = ApiDocsCheck.fetch(port);

        Set<String> guarded = docs.assertDescribes("notice-service", ApiDocsCheck.overHttp(port));

        assertThat(guarded).contains("POST /internal/notices/status",
                "POST /internal/notices/order-created/retries", "POST /internal/notices/order-canceled/retries",
                "POST /internal/notices/cleanup");
        assertThat(docs.responseCodes("POST", "/internal/notices/cleanup")).contains("200", "400", "401", "403", "409");
    }
}
