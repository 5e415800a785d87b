package org.doji.rm.soap;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.doji.contract.InternalErrorFault;
import org.doji.contract.ResourceUnavailableFault;
import org.doji.rm.fault.ChangedMeanwhile;
import org.doji.rm.testing.LogCapture;
import org.junit.jupiter.api.Test;

/** What a failure that is no domain exception becomes on the wire, and what the log gets. */
class FaultsTest {

    private final Faults faults = new Faults("grc-t", Clock.fixed(Instant.parse("2030-01-01T00:00:00Z"), ZoneOffset.UTC));

    static final class LostRace extends RuntimeException implements ChangedMeanwhile {
        LostRace() {
            super("transaction co-1:modify:2 changed meanwhile");
        }
    }

    @Test
    void aWriteAnotherWriterGotAheadOfIsUnavailableForNowNotAnInternalError() {
        try (LogCapture log = LogCapture.start()) {
            Exception fault = faults.toFault(new LostRace());
            assertThat(fault).isInstanceOf(ResourceUnavailableFault.class);
            ResourceUnavailableFault unavailable = (ResourceUnavailableFault) fault;
            assertThat(BaseFaults.errorCode(unavailable.getFaultInfo())).isEqualTo("CHANGED_MEANWHILE");
            assertThat(unavailable.getMessage()).contains("retry").doesNotContain("co-1:modify");
            assertThat(log.events()).noneMatch(e -> e.getLevel().isGreaterOrEqual(Level.WARN));
        }
    }

    @Test
    void anythingElseIsAnInternalErrorLoggedOnceWithItsStackTrace() {
        try (LogCapture log = LogCapture.start()) {
            assertThat(faults.toFault(new IllegalStateException("boom"))).isInstanceOf(InternalErrorFault.class);
            assertThat(log.events()).filteredOn(e -> e.getLevel() == Level.ERROR).singleElement()
                    .satisfies(e -> assertThat(e.getThrowableProxy()).isNotNull());
        }
    }
}
