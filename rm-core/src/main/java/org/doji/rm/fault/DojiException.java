package org.doji.rm.fault;

import java.util.List;

/**
 * A failure the caller should see as a typed fault. {@code errorCode} is a stable machine-readable
 * code (e.g. {@code END_BEFORE_START}); the message is for people.
 */
public class DojiException extends RuntimeException {

    private final FaultKind kind;
    private final String errorCode;
    private final String detail;
    private final List<DojiException> causes;

    public DojiException(FaultKind kind, String errorCode, String message) {
        this(kind, errorCode, message, null, List.of());
    }

    public DojiException(FaultKind kind, String errorCode, String message, String detail, List<DojiException> causes) {
        super(message);
        this.kind = kind;
        this.errorCode = errorCode;
        this.detail = detail;
        this.causes = List.copyOf(causes);
    }

    public static DojiException invalid(String code, String message) {
        return new DojiException(FaultKind.INVALID_REQUEST, code, message);
    }

    /** An invalid request naming the offending field (XPath-like, e.g. {@code spec/window/end}). */
    public static DojiException invalidField(String field, String code, String message) {
        return new DojiException(FaultKind.INVALID_REQUEST, code, message, field, List.of());
    }

    public static DojiException unknown(String resource) {
        return new DojiException(FaultKind.UNKNOWN_RESOURCE, "UNKNOWN_RESOURCE",
                "no such resource: " + resource, resource, List.of());
    }

    public static DojiException unavailable(String code, String message) {
        return new DojiException(FaultKind.RESOURCE_UNAVAILABLE, code, message);
    }

    public static DojiException notAuthorized(String message) {
        return new DojiException(FaultKind.NOT_AUTHORIZED, "NOT_AUTHORIZED", message);
    }

    public static DojiException illegalTransition(String currentState, String operation) {
        return new DojiException(FaultKind.INVALID_STATE_TRANSITION, "INVALID_STATE_TRANSITION",
                operation + " is not allowed in state " + currentState, currentState + "|" + operation, List.of());
    }

    public FaultKind kind() {
        return kind;
    }

    public String errorCode() {
        return errorCode;
    }

    /** Field name, resource name or "state|operation", depending on the kind; may be null. */
    public String detail() {
        return detail;
    }

    public List<DojiException> causes() {
        return causes;
    }
}
