package org.doji.grc.cli;

import jakarta.xml.bind.JAXBContext;
import jakarta.xml.bind.JAXBException;
import java.io.IOException;
import java.io.InputStream;
import org.doji.contract.wsrf.rp.GetResourcePropertyDocumentResponse;
import org.doji.rm.soap.ResourceProperties;
import org.doji.contract.grc.PlanResponse;
import org.doji.contract.grc.ListResourceManagersResponse;
import org.doji.contract.grc.PlanResult;
import org.doji.contract.grc.ResourceManagerList;
import org.doji.contract.types.CoAllocationDocument;

/**
 * Answers recorded from a real GRC (files under {@code src/test/resources/fixtures/grc}) (the demo grid, {@code doji reserve}/{@code plan}/{@code rms} and curl of
 * the SOAP bodies, 2026-11-22), unmarshalled with the contract's JAXB classes: the fake GRC of the unit tests
 * answers with these. The two documents' answer element and WS-ResourceLifetime properties were brought to the
 * OASIS WS-ResourceProperties contract on 2026-11-26 (the wrapper is now wsrf-rp's; CurrentTime is the update
 * time; nothing else changed).
 */
final class Fixtures {

    private Fixtures() {
    }

    /** {@code doji reserve --sites 3 --cores 4 --mesh 1000 --est +1h --lst +4h --duration 2h}: Reserved. */
    static CoAllocationDocument reserved() {
        return ResourceProperties.read(unmarshal("reserved-document.xml", GetResourcePropertyDocumentResponse.class).getAny(),
                CoAllocationDocument.class);
    }

    /** {@code doji reserve --site big:64 --start +1h --duration 1h}: Failed, no site has 64 cores. */
    static CoAllocationDocument failed() {
        return ResourceProperties.read(unmarshal("failed-document.xml", GetResourcePropertyDocumentResponse.class).getAny(),
                CoAllocationDocument.class);
    }

    /** plan of a:8, b:4, a-b 1000 Mbps, est 06:00, lst 08:00, 1 h, maxPlans 3. */
    static PlanResult plans() {
        return unmarshal("plan-response.xml", PlanResponse.class).getResult();
    }

    /** listResourceManagers of the demo grid (six RMs, all up). */
    static ResourceManagerList rms() {
        return unmarshal("rms-response.xml", ListResourceManagersResponse.class).getResult();
    }

    /** Unmarshals {@code /fixtures/grc/NAME} (the recorded SOAP body's answer element). */
    private static <T> T unmarshal(String name, Class<T> type) {
        try (InputStream in = Fixtures.class.getResourceAsStream("/fixtures/grc/" + name)) {
            if (in == null) {
                throw new IllegalStateException("no fixture " + name);
            }
            return type.cast(JAXBContext.newInstance(org.doji.contract.grc.ObjectFactory.class,
                    org.doji.contract.wsrf.rp.ObjectFactory.class).createUnmarshaller().unmarshal(in));
        } catch (JAXBException | IOException e) {
            throw new IllegalStateException("fixture " + name, e);
        }
    }
}
