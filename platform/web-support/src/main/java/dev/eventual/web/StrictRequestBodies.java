package dev.eventual.web;

import org.springframework.boot.http.converter.autoconfigure.ServerHttpMessageConvertersCustomizer;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.converter.HttpMessageConverters;
import org.springframework.http.converter.json.JacksonJsonHttpMessageConverter;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.json.JsonMapper;

/**
 * A JSON request body with a field the endpoint does not know is refused (400 naming the field), not
 * read as if the field were absent: a misspelt {@code quantitiy} or a misplaced value must not be
 * dropped in silence. Only what a service reads as a server is strict. What it reads as a client
 * (Feign answers from the other services) stays tolerant, so a newer service may add fields to its
 * answers without breaking an older caller; and order events opt out with
 * {@code @JsonIgnoreProperties(ignoreUnknown = true)}, because an older consumer must read a newer
 * event wherever it arrives (broker or re-drive endpoint).
 */
class StrictRequestBodies implements ServerHttpMessageConvertersCustomizer {

    @Override
    public void customize(HttpMessageConverters.ServerBuilder builder) {
        // the list configurer runs once the converters are chosen, whatever order the customizers run in
        builder.configureMessageConvertersList(converters -> converters.replaceAll(StrictRequestBodies::strict));
    }

    private static HttpMessageConverter<?> strict(HttpMessageConverter<?> converter) {
        if (converter.getClass() != JacksonJsonHttpMessageConverter.class) {
            return converter;
        }
        JacksonJsonHttpMessageConverter json = (JacksonJsonHttpMessageConverter) converter;
        StrictJsonConverter strict = new StrictJsonConverter(json.getMapper());
        strict.setSupportedMediaTypes(json.getSupportedMediaTypes());
        return strict;
    }

    /** The same mapper, read with unknown fields failing. */
    static final class StrictJsonConverter extends JacksonJsonHttpMessageConverter {

        StrictJsonConverter(JsonMapper mapper) {
            super(mapper);
        }

        @Override
        protected ObjectReader customizeReader(ObjectReader reader, JavaType javaType) {
            return reader.with(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        }
    }
}
