package org.doji.it.faults;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import org.doji.grc.demo.GridTopology;
import org.doji.rm.app.RmApplication;
import org.doji.rm.testing.RmProcess;

/** A topology's RMs, each in a JVM of its own (its database and log under one directory). */
public final class TopologyRms {

    private TopologyRms() {
    }

    /**
     * Starts every RM of {@code topology} with its properties, its id and {@code args} (its JVM flags by id:
     * {@code jvm}), two at a time (each JVM's start-up takes a core for seconds); by id in the topology's order. If
     * one fails, those started are stopped.
     */
    public static Map<String, RmProcess> start(GridTopology topology, Function<String, List<String>> jvm, Path dir,
                                              List<String> args) throws Exception {
        ExecutorService starters = Executors.newFixedThreadPool(2);
        Map<String, Future<RmProcess>> starting = new LinkedHashMap<>();
        Map<String, RmProcess> started = new LinkedHashMap<>();
        try {
            for (GridTopology.RmDef def : topology.rms()) {
                List<String> all = new ArrayList<>();
                def.properties().forEach((k, v) -> all.add("--" + k + "=" + v));
                all.add("--doji.rm.id=" + def.id());
                all.addAll(args);
                RmProcess p = new RmProcess(RmApplication.class.getName(), jvm.apply(def.id()), dir.resolve(def.id()),
                        dir.resolve(def.id() + ".log"), all);
                starting.put(def.id(), starters.submit(p::start));
            }
            for (var e : starting.entrySet()) {
                started.put(e.getKey(), e.getValue().get());
            }
            return started;
        } catch (Exception | Error e) {
            starting.values().forEach(f -> f.cancel(true));
            started.values().forEach(RmProcess::close);
            throw e;
        } finally {
            starters.shutdownNow();
        }
    }
}
