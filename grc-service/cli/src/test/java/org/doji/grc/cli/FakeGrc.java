package org.doji.grc.cli;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.doji.contract.GrcPortType;
import org.doji.contract.addressing.EndpointReferenceType;
import org.doji.contract.grc.Cancel;
import org.doji.contract.grc.CancelResponse;
import org.doji.contract.grc.CoAllocationList;
import org.doji.contract.grc.Modify;
import org.doji.contract.grc.ModifyResponse;
import org.doji.contract.grc.PlanResult;
import org.doji.contract.grc.ResourceManagerList;
import org.doji.contract.types.CoAllocationDocument;
import org.doji.contract.types.CoAllocationRequest;
import org.doji.contract.types.CoAllocationState;
import org.doji.contract.wsrf.rl.SetTerminationTime;
import org.doji.contract.wsrf.rl.SetTerminationTimeResponse;
import org.doji.contract.wsrf.rp.GetMultipleResourceProperties;
import org.doji.contract.wsrf.rp.GetMultipleResourcePropertiesResponse;
import org.doji.contract.wsrf.rp.GetResourcePropertyDocument;
import org.doji.contract.wsrf.rp.GetResourcePropertyDocumentResponse;
import org.doji.contract.wsrf.rp.GetResourcePropertyResponse;
import org.doji.contract.wsrf.rp.QueryResourceProperties;
import org.doji.contract.wsrf.rp.QueryResourcePropertiesResponse;
import org.doji.rm.soap.WsrfResourceProperties;
import org.doji.rm.soap.ResourceReferences;

/**
 * The GRC port at the boundary of the unit tests: answers with recorded documents (or throws what it is
 * told to) and records every call with the address and key it was made to.
 */
final class FakeGrc implements GrcPortType {

    static final String URL = "http://grc.test:8080/services/grc";

    final List<String> calls = new ArrayList<>();
    final Deque<Object> documents = new ArrayDeque<>();
    RuntimeException transportFailure;
    Exception fault;
    PlanResult planResult;
    CoAllocationList listResult = new CoAllocationList();
    CoAllocationRequest created;
    CoAllocationRequest modified;
    List<CoAllocationState> listedStates;
    Instant listedFrom;
    Instant listedTo;
    String createKey = "co-test1";
    ResourceManagerList rms = new ResourceManagerList();
    org.doji.contract.InternalErrorFault rmsFault;

    /** The ports the CLI gets: all calls land here, recorded with their target. */
    GrcPorts ports() {
        return (address, key) -> {
            calls.add("port " + address + " " + key);
            return this;
        };
    }

    static CoAllocationDocument inState(CoAllocationState state) {
        CoAllocationDocument d = Fixtures.reserved();
        d.setState(state);
        if (state == CoAllocationState.PLANNING) {
            d.setPlan(null);
            d.getRm().clear();
        }
        return d;
    }

    @Override
    public EndpointReferenceType createCoAllocation(String correlationId, CoAllocationRequest request,
                                                   EndpointReferenceType consumer,
                                                   java.util.List<org.doji.contract.types.CoAllocationState> notifyOn)
            throws org.doji.contract.UnknownResourceFault, org.doji.contract.InvalidRequestFault,
            org.doji.contract.InternalErrorFault, org.doji.contract.NotAuthorizedFault {
        calls.add("create " + correlationId);
        if (transportFailure != null) {
            throw transportFailure;
        }
        if (fault instanceof org.doji.contract.UnknownResourceFault f) {
            throw f;
        }
        if (fault instanceof org.doji.contract.InvalidRequestFault f) {
            throw f;
        }
        created = request;
        return ResourceReferences.reference(URL, createKey);
    }

    @Override
    public GetResourcePropertyDocumentResponse getResourcePropertyDocument(GetResourcePropertyDocument parameters)
            throws org.doji.contract.ResourceUnknownFault {
        calls.add("document");
        if (transportFailure != null) {
            throw transportFailure;
        }
        Object next = documents.size() > 1 ? documents.poll() : documents.peek();
        if (next instanceof org.doji.contract.ResourceUnknownFault f) {
            throw f;
        }
        return WsrfResourceProperties.document((CoAllocationDocument) next);
    }

    @Override
    public PlanResult plan(CoAllocationRequest request, Integer maxPlans) throws org.doji.contract.UnknownResourceFault,
            org.doji.contract.InvalidRequestFault {
        calls.add("plan " + maxPlans);
        if (transportFailure != null) {
            throw transportFailure;
        }
        created = request;
        return planResult;
    }

    @Override
    public CoAllocationList list(List<CoAllocationState> state, Instant from, Instant to, Integer maxResults) {
        calls.add("list " + maxResults);
        if (transportFailure != null) {
            throw transportFailure;
        }
        listedStates = state;
        listedFrom = from;
        listedTo = to;
        return listResult;
    }

    @Override
    public CancelResponse cancel(Cancel parameters) throws org.doji.contract.InvalidStateTransitionFault {
        calls.add("cancel " + parameters.getCorrelationId());
        if (fault instanceof org.doji.contract.InvalidStateTransitionFault f) {
            throw f;
        }
        CancelResponse r = new CancelResponse();
        r.setCoAllocationDocument(inState(CoAllocationState.CANCELLED));
        return r;
    }

    @Override
    public ModifyResponse modify(Modify parameters) throws org.doji.contract.InvalidRequestFault,
            org.doji.contract.ResourceUnavailableFault {
        calls.add("modify " + parameters.getCorrelationId());
        if (fault instanceof org.doji.contract.InvalidRequestFault f) {
            throw f;
        }
        if (fault instanceof org.doji.contract.ResourceUnavailableFault f) {
            throw f;
        }
        modified = parameters.getRequest();
        ModifyResponse r = new ModifyResponse();
        r.setCoAllocationDocument(inState(CoAllocationState.RESERVING));
        return r;
    }

    @Override
    public ResourceManagerList listResourceManagers() throws org.doji.contract.InternalErrorFault {
        calls.add("listResourceManagers");
        if (transportFailure != null) {
            throw transportFailure;
        }
        if (rmsFault != null) {
            throw rmsFault;
        }
        return rms;
    }

    // the other WS-RF operations: the CLI does not use them

    @Override
    public GetResourcePropertyResponse getResourceProperty(javax.xml.namespace.QName property) {
        throw new UnsupportedOperationException("not used by the CLI");
    }

    @Override
    public GetMultipleResourcePropertiesResponse getMultipleResourceProperties(GetMultipleResourceProperties request) {
        throw new UnsupportedOperationException("not used by the CLI");
    }

    @Override
    public QueryResourcePropertiesResponse queryResourceProperties(QueryResourceProperties request) {
        throw new UnsupportedOperationException("not used by the CLI");
    }

    @Override
    public void destroyResource() {
        throw new UnsupportedOperationException("not used by the CLI");
    }

    @Override
    public SetTerminationTimeResponse setTerminationTime(SetTerminationTime request) {
        throw new UnsupportedOperationException("not used by the CLI");
    }

    @Override
    public org.doji.contract.wsn.SubscribeResponse subscribe(org.doji.contract.wsn.Subscribe request) {
        throw new UnsupportedOperationException("not used by the CLI");
    }
}
