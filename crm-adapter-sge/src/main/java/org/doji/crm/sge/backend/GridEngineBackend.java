package org.doji.crm.sge.backend;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.doji.crm.batch.BatchSite;
import org.doji.crm.batch.LiveStateCache;
import org.doji.crm.sge.cli.GridEngineClient;
import org.doji.crm.sge.cli.GridEngineModel.Host;
import org.doji.crm.sge.config.GridEngineProperties;
import org.doji.rm.model.Allocation;
import org.doji.rm.model.ComputeAllocation;
import org.doji.rm.spi.BackendInventory;
import org.doji.rm.spi.LiveState;
import org.doji.rm.spi.ReservationContext;
import org.doji.rm.spi.ResourceBackend;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Grid Engine compute RM backend. Inventory and live state come from qhost; the reservation
 * actions go to the configured {@link ReservationMode}. Grid Engine objects are created at COMMIT, not
 * at hold: a hold may still be aborted, and the handle users submit with only exists once committed, so
 * aborts cost nothing and no undecided transaction leaves objects behind.
 */
public class GridEngineBackend implements ResourceBackend {

    private static final Logger log = LoggerFactory.getLogger(GridEngineBackend.class);
    private static final Pattern USER = Pattern.compile("[A-Za-z_][A-Za-z0-9_.-]*");
    private static final Pattern NUMBER = Pattern.compile("(\\d+)$");

    private final GridEngineProperties props;
    private final GridEngineClient client;
    private final ReservationMode mode;
    private final Map<String, Integer> slots = new ConcurrentHashMap<>();
    private final BatchSite site;
    private final LiveStateCache live;

    public GridEngineBackend(GridEngineProperties props, GridEngineClient client, ReservationMode mode) {
        this.props = props;
        this.client = client;
        this.mode = mode;
        this.site = new BatchSite(props.site(), props.unitPrice(), "gridengine", props.site());
        this.live = new LiveStateCache("Grid Engine", this::readLiveState, props.liveStateTtl());
    }

    @Override
    public String name() {
        return "gridengine";
    }

    @Override
    public BackendInventory inventory() {
        List<Host> hosts = new ArrayList<>(client.hosts());
        hosts.sort(Comparator.comparing((Host h) -> stem(h.name())).thenComparingLong(h -> number(h.name()))
                .thenComparing(Host::name));
        Map<String, Integer> configured = ConfiguredSlots.perHost(hosts, client.status().instances(), props.queuePrefix());
        List<BackendInventory.Node> nodes = new ArrayList<>();
        for (Host h : hosts) {
            int cores = configured.get(h.name());
            if (cores < 1) {
                continue; // configured to run nothing
            }
            slots.put(h.name(), cores);
            nodes.add(new BackendInventory.Node(h.name(), cores));
        }
        Map<String, String> attributes = new LinkedHashMap<>();
        attributes.put("mode", props.mode().name());
        hosts.stream().map(Host::arch).filter(a -> !a.equals("-")).findFirst().ifPresent(a -> attributes.put("arch", a));
        return site.inventory(nodes, attributes);
    }

    /** Cached for {@code live-state-ttl}: the kernel asks at every reserve and availability query. */
    @Override
    public LiveState liveState() {
        return live.get();
    }

    private LiveState readLiveState() {
        return site.liveState(() -> client.hosts().stream().filter(h -> !h.up()).map(Host::name).toList());
    }

    @Override
    public Allocation onCommit(ReservationContext ctx) {
        String handle = mode.commit(target(ctx));
        log.info("reservation {} committed as {}", ctx.key(), handle);
        return site.withHandle(ctx, handle);
    }

    @Override
    public void onStart(ReservationContext ctx) {
        mode.start(target(ctx));
    }

    @Override
    public void onEnd(ReservationContext ctx) {
        mode.release(target(ctx));
    }

    @Override
    public void onCancel(ReservationContext ctx) {
        mode.release(target(ctx));
    }

    @Override
    public Allocation onModify(ReservationContext before, ReservationContext after) {
        return site.withHandle(after, mode.modify(target(before), target(after)));
    }

    @Override
    public void reconcile(List<ReservationContext> expected) {
        mode.reconcile(expected.stream().map(this::target).toList());
    }

    /** The Grid Engine view of a reservation: whole hosts, the users allowed in, the object name. */
    public ReservationTarget target(ReservationContext ctx) {
        Map<String, Integer> perHost = new LinkedHashMap<>();
        String handle = null;
        if (ctx.allocation() != null) {
            for (ComputeAllocation ca : ctx.allocation().compute()) {
                ca.nodes().forEach(n -> perHost.put(n, slotsOf(n)));
                handle = handle == null ? ca.handle() : handle;
            }
        }
        Set<String> users = new LinkedHashSet<>();
        List<String> named = new ArrayList<>();
        named.add(ctx.owner());
        named.addAll(ctx.users());
        if (ctx.spec() != null) {
            named.addAll(ctx.spec().users());
        }
        for (String u : named) {
            String unix = u == null ? null : props.userMap().getOrDefault(u, u);
            if (unix != null && USER.matcher(unix).matches()) {
                users.add(unix);
            } else if (unix != null) {
                log.debug("not a Grid Engine user name, left out of the ACL: {}", unix);
            }
        }
        return new ReservationTarget(objectName(ctx.key()), perHost, new ArrayList<>(users), ctx.spec().window(),
                ctx.lifecycle(), handle);
    }

    /** Queue / user set / AR name of a reservation key: the prefix and the key's letters and digits. */
    public String objectName(String key) {
        return props.queuePrefix() + key.replaceAll("[^A-Za-z0-9_]", "_");
    }

    private int slotsOf(String host) {
        Integer s = slots.get(host);
        if (s == null) {
            inventory(); // a host added since the last inventory
            s = slots.getOrDefault(host, 1);
        }
        return s;
    }

    private static String stem(String name) {
        Matcher m = NUMBER.matcher(name);
        return m.find() ? name.substring(0, m.start()) : name;
    }

    private static long number(String name) {
        Matcher m = NUMBER.matcher(name);
        return m.find() && m.group(1).length() < 18 ? Long.parseLong(m.group(1)) : -1;
    }
}
