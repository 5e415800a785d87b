package org.doji.grc.cli;

import java.util.logging.Level;
import org.slf4j.LoggerFactory;

/**
 * The {@code doji} process: quiets the libraries' logging (their INFO lines would mix with the CLI's
 * output), runs the CLI on the real terminal and exits with its code.
 */
public final class CliMain {

    /** Held so the JUL configuration is not garbage-collected (JUL keeps loggers weakly). */
    private static final java.util.logging.Logger CXF_JUL = java.util.logging.Logger.getLogger("org.apache.cxf");

    private CliMain() {
    }

    public static void main(String[] args) {
        quietLogging();
        System.exit(DojiCli.run(CliContext.system(), args));
    }

    static void quietLogging() {
        CXF_JUL.setLevel(Level.SEVERE);
        java.util.logging.Logger.getLogger("").setLevel(Level.SEVERE);
        if (LoggerFactory.getILoggerFactory() instanceof ch.qos.logback.classic.LoggerContext logback) {
            logback.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).setLevel(ch.qos.logback.classic.Level.ERROR);
        }
    }
}
