package org.doji.rm.soap;

import java.util.function.Function;
import java.util.function.Supplier;

/**
 * How every SOAP operation of every port runs its body: a failure becomes the typed fault that operation declares.
 * The mapping is the port's ({@link Faults#toFault}, {@link WsrfFaults}, the GRC's WS-BaseNotification faults);
 * the fault is a checked exception of the generated port type, rethrown unchecked here so that one helper serves
 * every operation whatever its {@code throws} clause.
 */
public final class TypedFaults {

    private TypedFaults() {
    }

    /** Runs {@code body}; a RuntimeException it throws is mapped by {@code toFault} and thrown instead. */
    @SuppressWarnings("unchecked")
    public static <T, E extends Exception> T call(Function<RuntimeException, Exception> toFault, Supplier<T> body)
            throws E {
        try {
            return body.get();
        } catch (RuntimeException e) {
            throw (E) toFault.apply(e);
        }
    }
}
