package org.doji.rm.testing;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.List;
import org.slf4j.LoggerFactory;

/**
 * Everything logged in this JVM between {@link #start} and {@link #stop} (Logback's root logger), for tests that
 * check what a service writes to its log: one WARN line for a client's error, no stack trace. Start it after the
 * services started: each Spring Boot application resets Logback's configuration as it starts.
 */
public final class LogCapture implements AutoCloseable {

    private final ListAppender<ILoggingEvent> appender = new ListAppender<>();
    private final Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);

    private LogCapture() {
    }

    public static LogCapture start() {
        LogCapture capture = new LogCapture();
        capture.appender.start();
        capture.root.addAppender(capture.appender);
        return capture;
    }

    public void stop() {
        root.detachAppender(appender);
        appender.stop();
    }

    @Override
    public void close() {
        stop();
    }

    /** A copy of what was logged so far. */
    public List<ILoggingEvent> events() {
        synchronized (appender) {
            return List.copyOf(appender.list);
        }
    }
}
