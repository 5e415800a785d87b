package org.doji.it.realgrid;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.doji.contract.types.CoAllocationDocument;
import org.doji.contract.types.CoAllocationState;
import org.doji.contract.types.PlannedSite;
import org.doji.contract.types.RmOutcome;
import org.doji.it.chaos.ChaosChecker;

/**
 * The chaos checker's view of a real grid ({@link ChaosChecker.Holdings}): compares every co-allocation with what
 * the real systems themselves hold ({@link RealSnapshot}). A Reserved or Active co-allocation has, for its part at
 * Grid Engine, the advance reservation of that name over the plan's window on the plan's nodes, whole (at least its
 * cores); at Slurm, the reservation of that name over the window on the plan's nodes (a part committed after its
 * window had begun is reserved from its commit on: its start may be later, before the snapshot); at the network RM, while its window is
 * open, its flows on the switches and two meters per path (a path's two directions, each metered where it enters),
 * and none before or after. A Cancelled, Failed or Completed one has nothing anywhere. Anything else held is an
 * orphan: a reservation of the grid's prefix, a flow of a reservation or a meter that belongs to no live part.
 * Capacity held twice: a node of Grid Engine or Slurm reserved beyond its cores at some moment.
 */
final class RealHoldings implements ChaosChecker.Holdings {

    static final String SGE = "crm-sge";
    static final String SLURM = "crm-slurm";
    static final String NETWORK = "nrm-wan";
    /** Slots of a Grid Engine node and CPUs of a Slurm node in the real grid (SGE_SLOTS, DOJI_SLURM_CPUS). */
    static final int CORES_PER_NODE = 2;
    /** Around a window's start and end the network RM's tick may not have run yet: its flows are not judged there. */
    static final Duration EDGE = Duration.ofSeconds(5);

    private static final Pattern COOKIE = Pattern.compile("cookie=0x([0-9a-f]+)");
    private static final Pattern FLOW_METER = Pattern.compile("meter:(\\d+)");
    private static final Pattern METER = Pattern.compile("^meter=(\\d+)");
    private static final long TAG = 0xD0L;

    private final RealSnapshot real;

    RealHoldings(RealSnapshot real) {
        this.real = real;
    }

    /** Grid Engine's name of the AR of an RM reservation key (an AR name allows letters, digits and '_'). */
    static String gridEngineName(String key) {
        return RealGrid.SGE_PREFIX + key.replaceAll("[^A-Za-z0-9_]", "_");
    }

    static String slurmName(String key) {
        return RealGrid.SLURM_PREFIX + key;
    }

    /**
     * The hash of a reservation key the network RM puts into its flows' cookies: 64-bit FNV-1a cut to 48 bits, as
     * nrm-adapter-openflow's Cookies writes it ([8 bits 0xD0][48 bits hash][7 bits allocation][1 bit direction]).
     */
    static long keyHash(String key) {
        long h = 0xcbf29ce484222325L;
        for (byte b : key.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        return h & 0xFFFF_FFFF_FFFFL;
    }

    @Override
    public List<String> violations(CoAllocationDocument doc) {
        List<String> out = new ArrayList<>();
        String key = doc.getKey();
        CoAllocationState state = doc.getState();
        if (state == CoAllocationState.CANCELLED || state == CoAllocationState.FAILED || state == CoAllocationState.COMPLETED) {
            for (RmOutcome o : doc.getRm()) {
                held(o).forEach(h -> out.add(key + " is " + state + " but " + o.getRmId() + "'s system still has " + h));
            }
            return out;
        }
        if (state != CoAllocationState.RESERVED && state != CoAllocationState.ACTIVE) {
            out.add(key + " has not settled: " + state);
            return out;
        }
        if (doc.getRm().isEmpty()) {
            out.add(key + " is " + state + " without participants");
        }
        Instant start = doc.getPlan().getWindow().getStart();
        Instant end = doc.getPlan().getWindow().getEnd();
        for (RmOutcome o : doc.getRm()) {
            String at = key + " at " + o.getRmId() + " (" + o.getReservationKey() + "): ";
            switch (o.getRmId()) {
                case SGE, SLURM -> {
                    boolean sge = o.getRmId().equals(SGE);
                    RealSystems.Booking b = sge ? real.gridEngine().get(gridEngineName(o.getReservationKey()))
                            : real.slurm().get(slurmName(o.getReservationKey()));
                    if (b == null) {
                        out.add(at + (sge ? "no advance reservation in qrstat" : "no reservation in scontrol"));
                        continue;
                    }
                    // made after its window had begun (a late commit), a reservation starts when it was made
                    boolean lateStart = b.start() != null && b.start().isAfter(start) && !b.start().isAfter(real.at());
                    if (!(start.equals(b.start()) || lateStart) || !end.equals(b.end())) {
                        out.add(at + "the plan's window is " + start + ".." + end + ", the system's " + b.start() + ".." + b.end());
                    }
                    List<PlannedSite> sites = doc.getPlan().getSite().stream().filter(s -> o.getRmId().equals(s.getRmId())).toList();
                    Set<String> nodes = new TreeSet<>();
                    sites.forEach(s -> nodes.addAll(s.getNode()));
                    int cores = sites.stream().mapToInt(PlannedSite::getCores).sum();
                    // Grid Engine's AR takes every slot of its nodes (crm-adapter-sge: qrsub -pe mpi <all slots>)
                    if (!nodes.equals(new TreeSet<>(b.slots().keySet())) || sge && b.totalSlots() < cores) {
                        out.add(at + "planned " + cores + " cores on " + nodes + ", the system holds " + b.slots());
                    }
                }
                case NETWORK -> {
                    List<String> flows = flowsOf(o.getReservationKey());
                    long paths = doc.getPlan().getPath().stream().filter(p -> NETWORK.equals(p.getRmId())).count();
                    if (open(start, end) && paths > 0) {
                        Set<String> meters = referencedMeters(flows);
                        if (flows.isEmpty() || meters.size() != 2 * paths) {
                            out.add(at + "its window is open: " + paths + " paths, " + flows.size() + " flows and meters "
                                    + meters + " on the switches");
                        }
                    } else if (closed(start, end) && !flows.isEmpty()) {
                        out.add(at + "its window " + start + ".." + end + " is not open, the switches have its flows " + flows);
                    }
                }
                default -> out.add(at + "an RM this checker does not know");
            }
        }
        return out;
    }

    /** What a real system holds of one RM reservation (whatever the co-allocation's state). */
    private List<String> held(RmOutcome o) {
        String k = o.getReservationKey();
        List<String> out = new ArrayList<>();
        if (k == null) {
            return out;
        }
        RealSystems.Booking ar = real.gridEngine().get(gridEngineName(k));
        if (ar != null) {
            out.add("advance reservation " + ar.id() + " (" + gridEngineName(k) + ")");
        }
        if (real.slurm().containsKey(slurmName(k))) {
            out.add("reservation " + slurmName(k));
        }
        List<String> flows = flowsOf(k);
        if (!flows.isEmpty()) {
            out.add(flows.size() + " flows " + flows);
        }
        return out;
    }

    @Override
    public List<String> orphans(Map<String, CoAllocationDocument> docs) {
        Set<String> names = new HashSet<>();
        Set<Long> hashes = new HashSet<>();
        Set<Long> allHashes = new HashSet<>();
        docs.values().forEach(d -> d.getRm().stream().filter(o -> o.getReservationKey() != null).forEach(o -> {
            allHashes.add(keyHash(o.getReservationKey()));
            if (d.getState() == CoAllocationState.RESERVED || d.getState() == CoAllocationState.ACTIVE) {
                names.add(o.getRmId().equals(SGE) ? gridEngineName(o.getReservationKey()) : slurmName(o.getReservationKey()));
                hashes.add(keyHash(o.getReservationKey()));
            }
        }));
        List<String> out = new ArrayList<>();
        real.gridEngine().forEach((name, b) -> {
            if (!names.contains(name)) {
                out.add("Grid Engine holds advance reservation " + b.id() + " (" + name + ") for no live co-allocation");
            }
        });
        real.slurm().keySet().stream().filter(n -> !names.contains(n))
                .forEach(n -> out.add("Slurm holds reservation " + n + " for no live co-allocation"));
        Set<String> referenced = new HashSet<>();
        real.flows().forEach((sw, flows) -> flows.forEach(f -> {
            Long hash = hash(f);
            if (hash != null && hashes.contains(hash)) {
                referenced.addAll(referencedMeters(List.of(sw + ": " + f)));
            } else if (hash == null || !allHashes.contains(hash)) { // an ended co-allocation's flows: its own violation
                out.add(sw + " has a flow of no live reservation: " + f);
            }
        }));
        real.meters().forEach((sw, meters) -> meters.forEach(m -> {
            Matcher id = METER.matcher(m);
            if (id.find() && !referenced.contains(sw + ":" + id.group(1))) {
                out.add(sw + " has a meter no live reservation's flow uses: " + m);
            }
        }));
        return out;
    }

    @Override
    public List<String> oversubscribed() {
        List<String> out = new ArrayList<>();
        overbooked("Grid Engine", real.gridEngine(), false, out);
        overbooked("Slurm", real.slurm(), true, out);
        return out;
    }

    /**
     * Nodes reserved beyond their cores at some moment (the most is reached at some reservation's start); Slurm
     * reserves whole nodes: two reservations of one node at once are too many.
     */
    private static void overbooked(String system, Map<String, RealSystems.Booking> bookings, boolean wholeNodes, List<String> out) {
        for (RealSystems.Booking b : bookings.values()) {
            for (String node : b.slots().keySet()) {
                Map<String, Integer> at = new LinkedHashMap<>();
                bookings.forEach((name, o) -> {
                    if (o.slots().containsKey(node) && !o.start().isAfter(b.start()) && o.end().isAfter(b.start())) {
                        at.put(name, wholeNodes ? CORES_PER_NODE : o.slots().get(node));
                    }
                });
                int used = at.values().stream().mapToInt(Integer::intValue).sum();
                if (used > CORES_PER_NODE) {
                    out.add(system + " node " + node + " at " + b.start() + ": " + used + " of " + CORES_PER_NODE
                            + " cores reserved by " + at.keySet());
                }
            }
        }
    }

    private boolean open(Instant start, Instant end) {
        return !real.at().isBefore(start.plus(EDGE)) && real.at().isBefore(end.minus(EDGE));
    }

    private boolean closed(Instant start, Instant end) {
        return real.at().isBefore(start.minus(EDGE)) || !real.at().isBefore(end.plus(EDGE));
    }

    /** Every switch's flows of one reservation, each as "switch: flow". */
    private List<String> flowsOf(String key) {
        long want = keyHash(key);
        List<String> out = new ArrayList<>();
        real.flows().forEach((sw, flows) -> flows.stream().filter(f -> Long.valueOf(want).equals(hash(f)))
                .forEach(f -> out.add(sw + ": " + f)));
        return out;
    }

    /** The meters flows (each "switch: flow") use, as "switch:id". */
    private static Set<String> referencedMeters(List<String> flows) {
        Set<String> out = new TreeSet<>();
        for (String f : flows) {
            String sw = f.substring(0, Math.max(0, f.indexOf(": ")));
            Matcher m = FLOW_METER.matcher(f);
            while (m.find()) {
                out.add(sw + ":" + m.group(1));
            }
        }
        return out;
    }

    /** The reservation-key hash of a reservation flow's cookie (null: not a reservation flow). */
    static Long hash(String flow) {
        Matcher m = COOKIE.matcher(flow);
        if (!m.find()) {
            return null;
        }
        long cookie = Long.parseUnsignedLong(m.group(1), 16);
        return cookie >>> 56 == TAG ? (cookie >>> 8) & 0xFFFF_FFFF_FFFFL : null;
    }
}
