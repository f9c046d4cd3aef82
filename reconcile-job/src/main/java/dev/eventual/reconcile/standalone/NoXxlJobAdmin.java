package dev.eventual.reconcile.standalone;

import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.util.StringUtils;

/** True when no XXL-Job admin address is configured ({@code xxl.job.admin.addresses}). */
class NoXxlJobAdmin implements Condition {

    @Override
    public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
        return !StringUtils.hasText(context.getEnvironment().getProperty("xxl.job.admin.addresses"));
    }
}
