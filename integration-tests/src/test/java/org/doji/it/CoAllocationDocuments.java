package org.doji.it;

import org.doji.contract.GrcPortType;
import org.doji.contract.types.CoAllocationDocument;
import org.doji.contract.wsrf.rp.GetResourcePropertyDocument;
import org.doji.rm.soap.ResourceProperties;

/** Reads a co-allocation's document through the OASIS GetResourcePropertyDocument of a GRC port addressed to it. */
public final class CoAllocationDocuments {

    private CoAllocationDocuments() {
    }

    public static CoAllocationDocument of(GrcPortType addressed) throws Exception {
        return ResourceProperties.read(addressed.getResourcePropertyDocument(new GetResourcePropertyDocument()).getAny(),
                CoAllocationDocument.class);
    }
}
