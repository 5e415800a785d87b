package org.doji.rm.soap;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.doji.contract.InvalidRequestFault;
import org.doji.contract.InvalidResourcePropertyQNameFault;
import org.doji.contract.InvalidStateTransitionFault;
import org.doji.contract.ResourceNotDestroyedFault;
import org.doji.contract.ResourceUnknownFault;
import org.doji.contract.TerminationTimeChangeRejectedFault;
import org.doji.contract.UnableToSetTerminationTimeFault;
import org.doji.rm.fault.DojiException;
import org.doji.rm.fault.FaultKind;
import org.junit.jupiter.api.Test;

/** Which fault each WS-RF operation answers for a domain failure, and that the error code survives the round trip. */
class WsrfFaultsTest {

    private static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");
    private final WsrfFaults faults = new WsrfFaults(new Faults("crm-t", Clock.fixed(NOW, ZoneOffset.UTC)));

    @Test
    void resourcePropertiesOperations() {
        Exception unknown = faults.toFault(DojiException.unknown("r-1"));
        assertThat(unknown).isInstanceOf(ResourceUnknownFault.class);
        ResourceUnknownFault f = (ResourceUnknownFault) unknown;
        assertThat(f.getFaultInfo().getTimestamp()).isEqualTo(NOW);
        assertThat(f.getFaultInfo().getErrorCode().getDialect()).isEqualTo(BaseFaults.DIALECT);
        assertThat(BaseFaults.errorCode(f.getFaultInfo())).isEqualTo("UNKNOWN_RESOURCE");
        assertThat(faults.toFault(DojiException.invalid(WsrfFaults.UNKNOWN_PROPERTY, "no such property")))
                .isInstanceOf(InvalidResourcePropertyQNameFault.class);
        // what WS-RF has no fault for stays Doji's typed fault
        assertThat(faults.toFault(DojiException.invalid("NO_RESOURCE_KEY", "no key"))).isInstanceOf(InvalidRequestFault.class);
    }

    @Test
    void destroyAndSetTerminationTime() {
        DojiException notNow = DojiException.illegalTransition("Reserved", "Destroy");
        assertThat(faults.toDestroyFault(notNow)).isInstanceOf(ResourceNotDestroyedFault.class);
        assertThat(faults.toFault(notNow)).isInstanceOf(InvalidStateTransitionFault.class);
        assertThat(faults.toTerminationFault(DojiException.invalid("TERMINATION_BEFORE_END", "too early")))
                .isInstanceOf(TerminationTimeChangeRejectedFault.class);
        assertThat(faults.toTerminationFault(notNow)).isInstanceOf(UnableToSetTerminationTimeFault.class);
        assertThat(faults.toTerminationFault(DojiException.unknown("r-2"))).isInstanceOf(ResourceUnknownFault.class);
    }

    @Test
    void aReceivedOasisFaultIsTheDomainExceptionItCameFrom() {
        DojiException back = Faults.fromFault(faults.toDestroyFault(DojiException.illegalTransition("Active", "Destroy")));
        assertThat(back.kind()).isEqualTo(FaultKind.INVALID_STATE_TRANSITION);
        DojiException rejected = Faults.fromFault(faults.toTerminationFault(
                DojiException.invalid("TERMINATION_BEFORE_END", "the record cannot be forgotten before it ends")));
        assertThat(rejected.kind()).isEqualTo(FaultKind.INVALID_REQUEST);
        assertThat(rejected.errorCode()).isEqualTo("TERMINATION_BEFORE_END");
        assertThat(rejected.getMessage()).isEqualTo("the record cannot be forgotten before it ends");
        assertThat(Faults.fromFault(faults.toFault(DojiException.unknown("r-3"))).kind()).isEqualTo(FaultKind.UNKNOWN_RESOURCE);
    }
}
