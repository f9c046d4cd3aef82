package dev.eventual.common.api;

import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import java.util.List;

/** Up to {@link #MAX_ORDER_IDS} order ids (decimal strings) whose status a caller wants in one call. */
public record BatchStatusRequest(
        @NotEmpty @Size(max = MAX_ORDER_IDS) List<@Pattern(regexp = IdForm.PATTERN, message = IdForm.RULE) String> orderIds) {

    public static final int MAX_ORDER_IDS = 500;
}
