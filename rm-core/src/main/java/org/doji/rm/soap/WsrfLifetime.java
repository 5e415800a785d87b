package org.doji.rm.soap;

import jakarta.xml.bind.JAXBElement;
import java.time.Instant;
import org.doji.contract.wsrf.rl.SetTerminationTime;
import org.doji.contract.wsrf.rl.SetTerminationTimeResponse;
import org.doji.rm.fault.DojiException;

/**
 * The OASIS WS-ResourceLifetime 1.2 messages, one copy for both port types: what a SetTerminationTime asks for,
 * and the answer. The endpoints apply it to their resource.
 */
public final class WsrfLifetime {

    public static final String NAMESPACE = "http://docs.oasis-open.org/wsrf/rl-2";

    private WsrfLifetime() {
    }

    /**
     * The termination time asked for: a time, a lifetime from now, or null (a nil RequestedTerminationTime: no
     * scheduled termination).
     */
    public static Instant requested(SetTerminationTime request, Instant now) {
        if (request == null) {
            throw DojiException.invalidField("SetTerminationTime", "NO_TERMINATION_TIME",
                    "SetTerminationTime needs a RequestedTerminationTime or a RequestedLifetimeDuration");
        }
        if (request.getRequestedLifetimeDuration() != null) {
            if (request.getRequestedLifetimeDuration().isNegative()) {
                throw DojiException.invalidField("RequestedLifetimeDuration", "TERMINATION_DURATION_NEGATIVE",
                        "RequestedLifetimeDuration must not be negative");
            }
            return now.plus(request.getRequestedLifetimeDuration());
        }
        JAXBElement<Instant> time = request.getRequestedTerminationTime();
        if (time == null) {
            throw DojiException.invalidField("SetTerminationTime", "NO_TERMINATION_TIME",
                    "SetTerminationTime needs a RequestedTerminationTime or a RequestedLifetimeDuration");
        }
        return time.isNil() ? null : time.getValue();
    }

    public static SetTerminationTimeResponse response(Instant newTerminationTime, Instant now) {
        SetTerminationTimeResponse response = new SetTerminationTimeResponse();
        response.setNewTerminationTime(newTerminationTime);
        response.setCurrentTime(now);
        return response;
    }

    /** A request for the given termination time (null: none), as a client sends it. */
    public static SetTerminationTime request(Instant terminationTime) {
        SetTerminationTime request = new SetTerminationTime();
        // the factory's element carries the Instant adapter (scoped to SetTerminationTime): an element made by hand
        // has none, and JAXB cannot marshal its time ("java.time.Instant is not known to this context")
        JAXBElement<Instant> time = new org.doji.contract.wsrf.rl.ObjectFactory()
                .createSetTerminationTimeRequestedTerminationTime(terminationTime);
        if (terminationTime == null) {
            time.setNil(true);
        }
        request.setRequestedTerminationTime(time);
        return request;
    }
}
