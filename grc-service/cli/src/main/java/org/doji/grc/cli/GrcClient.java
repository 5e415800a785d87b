package org.doji.grc.cli;

import jakarta.xml.ws.WebServiceException;
import jakarta.xml.ws.soap.SOAPFaultException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.doji.contract.InternalErrorFault;
import org.doji.contract.InvalidRequestFault;
import org.doji.contract.InvalidStateTransitionFault;
import org.doji.contract.NotAuthorizedFault;
import org.doji.contract.ResourceNotDestroyedFault;
import org.doji.contract.ResourceUnavailableFault;
import org.doji.contract.ResourceUnknownFault;
import org.doji.contract.UnknownResourceFault;
import org.doji.contract.addressing.EndpointReferenceType;
import org.doji.contract.grc.Cancel;
import org.doji.contract.grc.CoAllocationList;
import org.doji.contract.wsrf.rp.GetResourcePropertyDocument;
import org.doji.rm.soap.ResourceProperties;
import org.doji.contract.grc.Modify;
import org.doji.contract.grc.PlanResult;
import org.doji.contract.grc.ResourceManagerList;
import org.doji.contract.types.DojiFaultType;
import org.doji.contract.wsrf.bf.BaseFaultType;
import org.doji.rm.soap.BaseFaults;
import org.doji.contract.types.CoAllocationDocument;
import org.doji.contract.types.CoAllocationRequest;
import org.doji.contract.types.CoAllocationState;
import org.doji.rm.soap.ResourceReferences;

/**
 * The GRC operations the CLI uses, over the generated stubs. Typed faults become {@link CliException}s
 * with exit code 4 (carrying the fault's error code and description), transport failures exit code 3.
 */
public class GrcClient {

    private final String grcUrl;
    private final GrcPorts ports;

    public GrcClient(String grcUrl, GrcPorts ports) {
        this.grcUrl = grcUrl;
        this.ports = ports;
    }

    public String grcUrl() {
        return grcUrl;
    }

    public GrcRef ref(String keyOrAddress) {
        return GrcRef.parse(keyOrAddress, grcUrl);
    }

    /** The GRC's resource registry: every RM with its sites and health. */
    public ResourceManagerList resourceManagers() {
        return call(() -> ports.port(grcUrl, null).listResourceManagers());
    }

    /**
     * The GRC's site names, which tell sites from countable resources in a resource expression; null when
     * they are not all known: an older GRC answers the operation with a fault, and an RM the GRC could not
     * describe yet (no kind) has sites the list does not show.
     */
    public Set<String> knownSites() {
        try {
            Set<String> sites = new TreeSet<>();
            for (var rm : resourceManagers().getResourceManager()) {
                if (rm.getKind() == null) {
                    return null;
                }
                sites.addAll(rm.getSite());
            }
            return sites;
        } catch (CliException e) {
            if (e.exitCode() == ExitCode.FAULT) {
                return null;
            }
            throw e;
        }
    }

    /** Creates the co-allocation; returns the reference of its EPR. */
    public GrcRef create(CoAllocationRequest request, String correlationId) {
        EndpointReferenceType epr = call(() -> ports.port(grcUrl, null).createCoAllocation(id(correlationId), request, null, null));
        return new GrcRef(ResourceReferences.addressOf(epr), ResourceReferences.keyOf(epr));
    }

    public PlanResult plan(CoAllocationRequest request, Integer maxPlans) {
        return call(() -> ports.port(grcUrl, null).plan(request, maxPlans));
    }

    public CoAllocationDocument document(GrcRef ref) {
        return call(() -> ResourceProperties.read(ports.port(ref.address(), ref.key())
                .getResourcePropertyDocument(new GetResourcePropertyDocument()).getAny(), CoAllocationDocument.class));
    }

    public CoAllocationList list(List<CoAllocationState> states, Instant from, Instant to, Integer max) {
        return call(() -> ports.port(grcUrl, null).list(states, from, to, max));
    }

    public CoAllocationDocument cancel(GrcRef ref, String correlationId) {
        Cancel c = new Cancel();
        c.setCorrelationId(id(correlationId));
        return call(() -> ports.port(ref.address(), ref.key()).cancel(c).getCoAllocationDocument());
    }

    public CoAllocationDocument modify(GrcRef ref, CoAllocationRequest request, String correlationId) {
        Modify m = new Modify();
        m.setCorrelationId(id(correlationId));
        m.setRequest(request);
        return call(() -> ports.port(ref.address(), ref.key()).modify(m).getCoAllocationDocument());
    }

    private static String id(String correlationId) {
        return correlationId != null ? correlationId : "doji-cli-" + UUID.randomUUID();
    }

    interface Call<T> {
        T run() throws Exception;
    }

    <T> T call(Call<T> body) {
        try {
            return body.run();
        } catch (CliException e) {
            throw e;
        } catch (InvalidRequestFault f) {
            throw fault("InvalidRequestFault", f.getFaultInfo(), f, f.getFaultInfo() == null ? null : f.getFaultInfo().getField());
        } catch (UnknownResourceFault f) {
            throw fault("UnknownResourceFault", f.getFaultInfo(), f, null);
        } catch (ResourceUnknownFault f) {
            throw fault("ResourceUnknownFault", f.getFaultInfo(), f, null);
        } catch (ResourceNotDestroyedFault f) {
            throw fault("ResourceNotDestroyedFault", f.getFaultInfo(), f, null);
        } catch (NotAuthorizedFault f) {
            throw fault("NotAuthorizedFault", f.getFaultInfo(), f, null);
        } catch (ResourceUnavailableFault f) {
            throw fault("ResourceUnavailableFault", f.getFaultInfo(), f, null);
        } catch (InvalidStateTransitionFault f) {
            throw fault("InvalidStateTransitionFault", f.getFaultInfo(), f, null);
        } catch (InternalErrorFault f) {
            throw fault("InternalErrorFault", f.getFaultInfo(), f, null);
        } catch (SOAPFaultException e) {
            String code = e.getFault().getFaultCodeAsQName() == null ? "SOAP_FAULT" : e.getFault().getFaultCodeAsQName().getLocalPart();
            throw new CliException(ExitCode.FAULT, "the GRC answered a SOAP fault " + code + ": " + e.getFault().getFaultString(),
                    "SOAPFault", code, e);
        } catch (WebServiceException e) {
            throw new CliException(ExitCode.UNREACHABLE, "cannot reach the GRC at " + grcUrl + ": " + transportReason(e),
                    null, "GRC_UNREACHABLE", e);
        } catch (Exception e) {
            throw new CliException(ExitCode.INTERNAL, "unexpected error calling the GRC: " + e, null, null, e);
        }
    }

    private static CliException fault(String kind, BaseFaultType info, Exception f, String field) {
        String code = BaseFaults.errorCode(info) == null ? kind : BaseFaults.errorCode(info);
        String description = BaseFaults.description(info) == null ? f.getMessage() : BaseFaults.description(info);
        StringBuilder msg = new StringBuilder("the GRC refused: ").append(kind).append(' ').append(code).append(": ")
                .append(description);
        if (field != null) {
            msg.append(" (field ").append(field).append(')');
        }
        if (info instanceof DojiFaultType doji) {
            for (DojiFaultType cause : doji.getCause()) {
                msg.append("\n  caused by ").append(cause.getService() == null ? "" : cause.getService() + " ")
                        .append(BaseFaults.errorCode(cause)).append(": ").append(BaseFaults.description(cause));
            }
        }
        return new CliException(ExitCode.FAULT, msg.toString(), kind, code, f);
    }

    /** The innermost meaningful cause of a transport failure, in words. */
    static String transportReason(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ConnectException) {
                return "connection refused";
            }
            if (t instanceof SocketTimeoutException) {
                return "timed out (" + t.getMessage() + "); see --timeout";
            }
            if (t instanceof UnknownHostException) {
                return "unknown host " + t.getMessage();
            }
            if (t instanceof NoRouteToHostException) {
                return "no route to host";
            }
        }
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    }
}
