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
 * The grid of DESIGN §9 as real RM kernels over simulated backends, all on one (virtual) clock: 10 CRMs
 * (JN1–JN4 with 8/16/32/64 cores, JS1–JS3 and US1–US3 with 8/16/32), one NRM per domain (JN, JS, US),
 * exchange points X1 (JN, JS, US) and X2 (JN, JS). Inside a domain the sites form a complete graph of
 * 10 Gbps paths at 5 per Gbps-hour, and every exchange point of the domain is joined to every site by a
 * 20 Gbps path at 3 per Gbps-hour; cores cost 1 per core-hour. Compute nodes have one core each, so a
 * reservation of c cores takes exactly c cores.
 */
public final class ReferenceGrid {

    /** A network domain of §9: its sites' core counts and its exchange points. */
    public record Domain(String name, List<Integer> siteCores, List<String> exchangePoints) {
        public Domain {
            siteCores = List.copyOf(siteCores);
            exchangePoints = List.copyOf(exchangePoints);
        }

        public List<String> sites() {
            List<String> out = new ArrayList<>();
            for (int i = 1; i <= siteCores.size(); i++) {
                out.add(name + i);
            }
            return out;
        }
    }

    public static final List<Domain> DOMAINS = List.of(
            new Domain("JN", List.of(8, 16, 32, 64), List.of("X1", "X2")),
            new Domain("JS", List.of(8, 16, 32), List.of("X1", "X2")),
            new Domain("US", List.of(8, 16, 32), List.of("X1")));
    public static final double CORE_PRICE = 1.0;
    public static final long SITE_PATH_MBPS = 10_000;
    public static final long EXCHANGE_PATH_MBPS = 20_000;
    /** Unit prices are per Mbps-hour in Doji: 0.005 per Mbps = 5 per Gbps. */
    public static final double SITE_PATH_PRICE = 0.005;
    public static final double EXCHANGE_PATH_PRICE = 0.003;
    public static final Caller GRC = Caller.coordinator("grc");

    private final Map<String, ReservationKernel> kernels;

    private ReferenceGrid(Map<String, ReservationKernel> kernels) {
        this.kernels = Collections.unmodifiableMap(kernels);
    }

    /**
     * Fresh kernels (empty calendars) on {@code clock}; {@code serviceLevels} maps a user to the share of
     * free capacity every RM shows that user (DESIGN §3 (C)); users not named see everything.
     */
    public static ReferenceGrid create(Clock clock, Map<String, Double> serviceLevels) {
        Map<String, ReservationKernel> kernels = new LinkedHashMap<>();
        inventories().forEach((id, inventory) -> {
            RmSettings settings = new RmSettings(id, Duration.ofSeconds(120), Duration.ofDays(366), serviceLevels, Set.of());
            kernels.put(id, new ReservationKernel(settings, new DirectPathsBackend(inventory), InMemoryStores.create(),
                    clock, Notifier.NONE));
        });
        return new ReferenceGrid(kernels);
    }

    /** Every RM's inventory by RM id, in a fixed order: the CRMs (JN1..US3), then the NRMs (JN, JS, US). */
    public static Map<String, BackendInventory> inventories() {
        Map<String, BackendInventory> out = new LinkedHashMap<>();
        for (Domain d : DOMAINS) {
            for (int i = 0; i < d.siteCores().size(); i++) {
                String site = d.sites().get(i);
                out.put("crm-" + site, new BackendInventory(RmKind.COMPUTE, d.name(),
                        List.of(SimulatedBackend.site(site, d.siteCores().get(i), 1, CORE_PRICE, Map.of())),
                        List.of(), List.of(), List.of(), List.of()));
            }
        }
        for (Domain d : DOMAINS) {
            List<BackendInventory.NetEndpoint> endpoints = new ArrayList<>();
            d.sites().forEach(s -> endpoints.add(new BackendInventory.NetEndpoint(s, false)));
            d.exchangePoints().forEach(x -> endpoints.add(new BackendInventory.NetEndpoint(x, true)));
            List<BackendInventory.NetLink> links = new ArrayList<>();
            List<String> sites = d.sites();
            for (int a = 0; a < sites.size(); a++) {
                for (int b = a + 1; b < sites.size(); b++) {
                    links.add(link(sites.get(a), sites.get(b), SITE_PATH_MBPS, SITE_PATH_PRICE));
                }
            }
            for (String x : d.exchangePoints()) {
                for (String s : sites) {
                    links.add(link(s, x, EXCHANGE_PATH_MBPS, EXCHANGE_PATH_PRICE));
                }
            }
            out.put("nrm-" + d.name(), new BackendInventory(RmKind.NETWORK, d.name(), List.of(), endpoints, links,
                    List.of(), List.of()));
        }
        return out;
    }

    private static BackendInventory.NetLink link(String a, String b, long mbps, double price) {
        return new BackendInventory.NetLink(a + "--" + b, a, b, mbps, price, null);
    }

    /** The kernels by RM id, in the order of {@link #inventories()}. */
    public Map<String, ReservationKernel> kernels() {
        return kernels;
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
