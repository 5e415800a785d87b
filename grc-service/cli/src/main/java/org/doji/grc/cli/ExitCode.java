package org.doji.grc.cli;

/** The documented exit codes of {@code doji} (printed in {@code doji --help}). */
public enum ExitCode {
    OK(0, "success (for reserve: the co-allocation is Reserved; for modify: applied)"),
    FAILED(1, "the co-allocation failed or no feasible plan exists (reasons printed)"),
    BAD_ARGUMENTS(2, "bad arguments (nothing was sent to the GRC)"),
    UNREACHABLE(3, "the GRC could not be reached (connection refused, timeout, not a SOAP endpoint)"),
    FAULT(4, "the GRC answered with a fault (its error code and message are printed)"),
    WAIT_TIMEOUT(5, "gave up waiting: the co-allocation is still in progress (Planning, Reserving, Committing, Modifying or Cancelling) after --wait-timeout"),
    INTERNAL(10, "unexpected error in the client");

    private final int code;
    private final String meaning;

    ExitCode(int code, String meaning) {
        this.code = code;
        this.meaning = meaning;
    }

    public int code() {
        return code;
    }

    public String meaning() {
        return meaning;
    }

    /** The exit-code table as help text lines, e.g. {@code "  0  success …"}. */
    public static String[] helpLines() {
        ExitCode[] all = values();
        String[] lines = new String[all.length];
        for (int i = 0; i < all.length; i++) {
            lines[i] = String.format("  %2d  %s", all[i].code, all[i].meaning);
        }
        return lines;
    }
}
