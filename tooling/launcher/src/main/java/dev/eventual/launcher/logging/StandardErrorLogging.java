package dev.eventual.launcher.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.layout.TTLLLayout;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import ch.qos.logback.core.joran.spi.ConsoleTarget;
import org.slf4j.LoggerFactory;

/**
 * Sends every log line of this JVM to standard error, from INFO up. Without Spring Boot's logging
 * system (nothing starts a Spring application in the checker), Logback's default writes to standard
 * output, where the lines of the libraries the checker uses (Lettuce, Netty) mixed with its report.
 * The lines look as they did: the default's layout and level.
 */
public final class StandardErrorLogging {

    private StandardErrorLogging() {
    }

    public static void install() {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        context.reset();
        TTLLLayout layout = new TTLLLayout();
        layout.setContext(context);
        layout.start();
        LayoutWrappingEncoder<ILoggingEvent> encoder = new LayoutWrappingEncoder<>();
        encoder.setContext(context);
        encoder.setLayout(layout);
        encoder.start();
        ConsoleAppender<ILoggingEvent> console = new ConsoleAppender<>();
        console.setContext(context);
        console.setName("STDERR");
        console.setTarget(ConsoleTarget.SystemErr.getName());
        console.setEncoder(encoder);
        console.start();
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.INFO);
        root.addAppender(console);
    }
}
