package dev.eventual.web;

import dev.eventual.common.api.IdForm;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.deser.ValueDeserializerModifier;
import tools.jackson.databind.deser.std.DelegatingDeserializer;
import tools.jackson.databind.module.SimpleModule;

/**
 * A 64-bit integer in JSON (in this code base every one is an id) may also be a string in
 * {@link IdForm}, the form ids take on the broker and in paths: {@code "4242"} reads as 4242, so a
 * payload taken from the broker can be sent to a re-drive endpoint as it is. Any other string
 * ({@code "04242"}, {@code "+1"}, other scripts' digits) is refused naming the field; numbers are
 * read as before, and 32-bit fields (quantities, stock) stay numbers only.
 */
final class StringIdsModule extends SimpleModule {

    StringIdsModule() {
        super("eventual-string-ids");
        setDeserializerModifier(new LongsAcceptIds());
    }

    private static final class LongsAcceptIds extends ValueDeserializerModifier {

        @Override
        public ValueDeserializer<?> modifyDeserializer(DeserializationConfig config, BeanDescription.Supplier description,
                                                       ValueDeserializer<?> deserializer) {
            Class<?> type = deserializer.handledType();
            return type == long.class || type == Long.class ? new NumberOrStringId(deserializer) : deserializer;
        }
    }

    private static final class NumberOrStringId extends DelegatingDeserializer {

        NumberOrStringId(ValueDeserializer<?> numbers) {
            super(numbers);
        }

        @Override
        protected ValueDeserializer<?> newDelegatingInstance(ValueDeserializer<?> numbers) {
            return new NumberOrStringId(numbers);
        }

        @Override
        public Object deserialize(JsonParser parser, DeserializationContext context) {
            if (!parser.hasToken(JsonToken.VALUE_STRING)) {
                return super.deserialize(parser, context);
            }
            String text = parser.getString();
            Long id = Ids.parseOrNull(text);
            return id != null ? id : context.handleWeirdStringValue(Long.class, text, IdForm.RULE);
        }
    }
}
