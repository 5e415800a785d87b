package org.doji.grc.simulation;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.doji.rm.api.Caller;
import org.doji.rm.kernel.Notifier;
import org.doji.rm.kernel.ReservationKernel;
import org.doji.rm.kernel.RmSettings;
import org.doji.rm.model.NetworkDemand;
import org.doji.rm.model.ResourceInventory;
import org.doji.rm.model.RmKind;
import org.doji.rm.sim.SimulatedBackend;
import org.doji.rm.spi.BackendInventory;
import org.doji.rm.spi.LinkFreeView;
import org.doji.rm.spi.NetworkRouting;

/**
 * A scenario's grid (the reference one: DESIGN §9) as real RM kernels over simulated backends, all on one
 * (virtual) clock: a CRM per site (crm-JN1, ...), an NRM per domain (nrm-JN, ...) exporting the domain's site
 * paths and exchange paths. Compute nodes have one core each, so a reservation of c cores takes exactly c cores.
 * Prices are per core-hour and per Mbps-hour.
 */
public final class ReferenceGrid {

    public static final Caller GRC = Caller.coordinator("grc");

    private final Map<String, ReservationKernel> kernels;
    private final Map<String, DirectPathsBackend> networkBackends;
    private final Map<String, BackendInventory> inventories;

    private ReferenceGrid(Map<String, ReservationKernel> kernels, Map<String, DirectPathsBackend> networkBackends,
                          Map<String, BackendInventory> inventories) {
        this.kernels = Collections.unmodifiableMap(kernels);
        this.networkBackends = Collections.unmodifiableMap(networkBackends);
        this.inventories = inventories;
    }

    /**
     * Fresh kernels (empty calendars) on {@code clock}; {@code serviceLevels} maps a user to the share of
     * free capacity every RM shows that user (DESIGN §3 (C)); users not named see everything.
     */
    public static ReferenceGrid create(ScenarioTopology topology, Clock clock, Map<String, Double> serviceLevels) {
        Map<String, ReservationKernel> kernels = new LinkedHashMap<>();
        Map<String, DirectPathsBackend> network = new LinkedHashMap<>();
        Map<String, BackendInventory> inventories = inventories(topology);
        inventories.forEach((id, inventory) -> {
            RmSettings settings = new RmSettings(id, Duration.ofSeconds(120), Duration.ofDays(366), serviceLevels, Set.of());
            DirectPathsBackend backend = new DirectPathsBackend(inventory);
            if (inventory.kind() == RmKind.NETWORK) {
                network.put(id, backend);
            }
            kernels.put(id, new ReservationKernel(settings, backend, InMemoryStores.create(), clock, Notifier.NONE));
        });
        return new ReferenceGrid(kernels, network, inventories);
    }

    /** Every RM's inventory by RM id, in a fixed order: the CRMs (JN1..US3), then the NRMs (JN, JS, US). */
    public static Map<String, BackendInventory> inventories(ScenarioTopology topology) {
        Map<String, BackendInventory> out = new LinkedHashMap<>();
        for (ScenarioTopology.Domain d : topology.domains()) {
            for (int i = 0; i < d.siteCores().size(); i++) {
                String site = d.sites().get(i);
                out.put("crm-" + site, new BackendInventory(RmKind.COMPUTE, d.name(),
                        List.of(SimulatedBackend.site(site, d.siteCores().get(i), 1, topology.corePricePerCoreHour(), Map.of())),
                        List.of(), List.of(), List.of(), List.of()));
            }
        }
        for (ScenarioTopology.Domain d : topology.domains()) {
            List<BackendInventory.NetEndpoint> endpoints = new ArrayList<>();
            d.sites().forEach(s -> endpoints.add(new BackendInventory.NetEndpoint(s, false)));
            d.exchangePoints().forEach(x -> endpoints.add(new BackendInventory.NetEndpoint(x, true)));
            List<BackendInventory.NetLink> links = new ArrayList<>();
            List<String> sites = d.sites();
            for (int a = 0; a < sites.size(); a++) {
                for (int b = a + 1; b < sites.size(); b++) {
                    links.add(link(sites.get(a), sites.get(b), topology.sitePaths()));
                }
            }
            for (String x : d.exchangePoints()) {
                for (String s : sites) {
                    links.add(link(s, x, topology.exchangePaths()));
                }
            }
            out.put("nrm-" + d.name(), new BackendInventory(RmKind.NETWORK, d.name(), List.of(), endpoints, links,
                    List.of(), List.of()));
        }
        return out;
    }

    private static BackendInventory.NetLink link(String a, String b, ScenarioTopology.PathClass paths) {
        return new BackendInventory.NetLink(a + "--" + b, a, b, paths.mbps(), paths.pricePerMbpsHour(), null);
    }

    /** The kernels by RM id, in the order of {@link #inventories()}. */
    public Map<String, ReservationKernel> kernels() {
        return kernels;
    }

    /** The network RMs' kernels by RM id. */
    public Map<String, ReservationKernel> networkKernels() {
        Map<String, ReservationKernel> out = new LinkedHashMap<>();
        networkBackends.keySet().forEach(id -> out.put(id, kernels.get(id)));
        return out;
    }

    /** The network RMs' simulated backends (which report links down) by RM id. */
    Map<String, DirectPathsBackend> networkBackends() {
        return networkBackends;
    }

    /** The network RM whose link {@code linkId} is. */
    String networkRmOf(String linkId) {
        return networkBackends.keySet().stream()
                .filter(id -> inventories.get(id).links().stream().anyMatch(l -> l.id().equals(linkId))).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no network RM has link " + linkId));
    }

    /** Total cores of all sites. */
    public int totalCores() {
        return kernels.values().stream().flatMap(k -> k.describe(GRC).sites().stream())
                .mapToInt(ResourceInventory.Site::totalCores).sum();
    }

    /** Total capacity of the exported paths of all NRMs (each path counted once; its two directions share it). */
    public long totalPathMbps() {
        return kernels.values().stream().flatMap(k -> k.describe(GRC).paths().stream())
                .mapToLong(ResourceInventory.Path::capacityMbps).sum();
    }

    /**
     * The simulated backend with DIRECT paths only: §9's abstract graph joins exchange points to sites but
     * not to each other, so a pair without a direct link has no path (the stock simulated backend would
     * export X1–X2 as a route through a site).
     */
    static final class DirectPathsBackend extends SimulatedBackend {

        private final NetworkRouting direct;
        private final Map<String, BackendInventory.NetLink> byEnds = new java.util.HashMap<>();

        DirectPathsBackend(BackendInventory inventory) {
            super(inventory);
            for (BackendInventory.NetLink l : inventory.links()) {
                byEnds.put(l.a() + "|" + l.b(), l);
                byEnds.put(l.b() + "|" + l.a(), l);
            }
            this.direct = new NetworkRouting() {
                @Override
                public Optional<List<String>> route(NetworkDemand demand, LinkFreeView free) {
                    return link(demand.from(), demand.to())
                            .filter(l -> free.freeMbps(l.id()) >= demand.bandwidthMbps())
                            .map(l -> List.of(l.id()));
                }

                @Override
                public long bestBandwidth(String from, String to, LinkFreeView free) {
                    return link(from, to).map(l -> free.freeMbps(l.id())).orElse(0L);
                }
            };
        }

        private Optional<BackendInventory.NetLink> link(String a, String b) {
            return Optional.ofNullable(byEnds.get(a + "|" + b));
        }

        @Override
        public NetworkRouting routing(String policy) {
            return direct;
        }
    }
}
