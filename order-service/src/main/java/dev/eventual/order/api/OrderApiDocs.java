package dev.eventual.order.api;

import dev.eventual.web.ApiDocs;
import io.swagger.v3.oas.annotations.OpenAPIDefinition;
import io.swagger.v3.oas.annotations.info.Info;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.media.Schema;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.util.List;
import java.util.Set;

/**
 * order-service's OpenAPI document: what the service is (web-support adds the title, the version,
 * the shared problems and the token scheme), and the sold-out problem, the one problem here with a
 * member of its own ({@link OrderProblems}).
 */
@Configuration(proxyBeanMethods = false)
@OpenAPIDefinition(info = @Info(description = "Places, reads, cancels and confirms the payment of orders. Placing or"
        + " canceling an order commits it with its event (a RocketMQ transactional message), so inventory-service and"
        + " notice-service learn of it exactly as it was committed; /internal/** takes the consumers' status reports."
        + " Ids are 64-bit and travel as JSON strings; every error is an RFC 9457 problem."))
class OrderApiDocs {

    static final String SOLD_OUT_PROBLEM = "SoldOutProblem";
    static final String SOLD_OUT_PROBLEM_REF = "#/components/schemas/" + SOLD_OUT_PROBLEM;

    @Bean
    OpenApiCustomizer soldOutProblem() {
        Schema<?> sku = new Schema<>().type("string").types(Set.of("string"))
                .description("the SKU that has too few units left, as a string id");
        Schema<?> soldOut = new Schema<>()
                .description("urn:eventual:problem:sold-out, with the SKU it is about")
                .allOf(List.of(new Schema<>().$ref(ApiDocs.PROBLEM_REF),
                        new Schema<>().type("object").types(Set.of("object")).addProperty("sku", sku)
                                .required(List.of("sku"))));
        return openApi -> {
            if (openApi.getComponents() == null) {
                openApi.components(new Components());
            }
            openApi.getComponents().addSchemas(SOLD_OUT_PROBLEM, soldOut);
        };
    }
}
