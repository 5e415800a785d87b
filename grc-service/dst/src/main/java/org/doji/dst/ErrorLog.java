package org.doji.dst;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import org.slf4j.LoggerFactory;

/**
 * Counts the ERROR lines the simulated processes log during one run (a service logs ERROR only for what it did not
 * expect: a bug, here), except those of a process that is crashing (its code sees the crash unwind). The first one
 * is kept for the report.
 */
final class ErrorLog extends AppenderBase<ILoggingEvent> {

    private final Scheduler scheduler;
    private int count;
    private String first;

    ErrorLog(Scheduler scheduler) {
        this.scheduler = scheduler;
    }

    /** Attaches to the root logger for the run. */
    void attach() {
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        setContext(root.getLoggerContext());
        start();
        root.addAppender(this);
    }

    void detach() {
        ((Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME)).detachAppender(this);
        stop();
    }

    @Override
    protected void append(ILoggingEvent e) {
        if (!e.getLevel().isGreaterOrEqual(Level.ERROR) || e.getLoggerName().startsWith("org.doji.dst")) {
            return;
        }
        SimNode current = scheduler.current();
        if (current != null && current.fenced()) {
            return;
        }
        count++;
        scheduler.trace().note("ERROR " + e.getFormattedMessage());
        if (first == null) {
            first = (current == null ? "world" : current.id()) + ": " + e.getLoggerName() + ": " + e.getFormattedMessage()
                    + (e.getThrowableProxy() == null ? "" : " (" + e.getThrowableProxy().getClassName() + ": "
                    + e.getThrowableProxy().getMessage() + ")");
        }
    }

    int count() {
        return count;
    }

    String first() {
        return first;
    }
}
