package org.doji.grc.cli;

/**
 * A failure the CLI reports with a message and a documented exit code; for GRC faults it also carries
 * the fault's kind and error code so that JSON output can report them.
 */
public class CliException extends RuntimeException {

    private final ExitCode exitCode;
    private final String faultKind;
    private final String errorCode;

    public CliException(ExitCode exitCode, String message) {
        this(exitCode, message, null, null, null);
    }

    public CliException(ExitCode exitCode, String message, String faultKind, String errorCode, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
        this.faultKind = faultKind;
        this.errorCode = errorCode;
    }

    public static CliException badArguments(String message) {
        return new CliException(ExitCode.BAD_ARGUMENTS, message);
    }

    public ExitCode exitCode() {
        return exitCode;
    }

    /** The fault's type (e.g. {@code UnknownResourceFault}), or null. */
    public String faultKind() {
        return faultKind;
    }

    /** The fault's error code (e.g. {@code UNKNOWN_SITE}), or null. */
    public String errorCode() {
        return errorCode;
    }
}
