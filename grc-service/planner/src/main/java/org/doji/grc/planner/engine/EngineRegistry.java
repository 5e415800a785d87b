package org.doji.grc.planner.engine;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Solver engines by name. Engines are created on first use (OR-Tools spends ~1 s loading its
 * natives) and then shared. Plugins register a factory under a new name.
 */
public final class EngineRegistry {
    private static final Logger LOG = LoggerFactory.getLogger(EngineRegistry.class);
    private static final String GLPK_CLASS = "org.doji.grc.planner.engine.glpk.GlpkEngine";

    private final Map<String, Supplier<SolverEngine>> factories = new ConcurrentHashMap<>();
    private final Map<String, SolverEngine> instances = new ConcurrentHashMap<>();

    /** Default time limit of one MIP solve (ortools, glpk); the fast engine has none. */
    public static final long MIP_TIME_LIMIT_MS = 60_000;

    /**
     * A registry with "fast", "fast-exact" (the same, routings too hard to enumerate solved by SCIP: not bounded in
     * time), "ortools" (SCIP), "ortools-cpsat", "greedy" (a heuristic, not exact) and, when glpk-java
     * is present, "glpk".
     */
    public static EngineRegistry withDefaults() {
        return withDefaults(MIP_TIME_LIMIT_MS);
    }

    /** As {@link #withDefaults()}, with another time limit for each MIP solve. */
    public static EngineRegistry withDefaults(long mipTimeLimitMs) {
        EngineRegistry r = new EngineRegistry();
        r.register(FastEngine.NAME, FastEngine::new);
        r.register(FastEngine.EXACT_NAME, () -> new FastEngine(FastEngine.EXACT_NAME, FastEngine.EXACT_MIP_AFTER));
        r.register(GreedyEngine.NAME, GreedyEngine::new);
        r.register(OrToolsEngine.NAME, () -> new OrToolsEngine("SCIP", OrToolsEngine.NAME, mipTimeLimitMs));
        r.register(OrToolsEngine.NAME + "-cpsat",
                () -> new OrToolsEngine("CP_SAT", OrToolsEngine.NAME + "-cpsat", mipTimeLimitMs));
        try {
            Class<?> glpk = Class.forName(GLPK_CLASS);
            r.register("glpk", () -> {
                try {
                    return (SolverEngine) glpk.getDeclaredConstructor(long.class).newInstance(mipTimeLimitMs);
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException("cannot create the GLPK engine", e);
                }
            });
        } catch (ClassNotFoundException | LinkageError e) {
            LOG.debug("GLPK engine not compiled in (glpk-java absent at build time)");
        }
        return r;
    }

    public void register(String name, Supplier<SolverEngine> factory) {
        factories.put(name, factory);
        instances.remove(name);
    }

    public Set<String> names() {
        return new TreeSet<>(factories.keySet());
    }

    /** The engine, created on first use. @throws IllegalArgumentException unknown or unloadable engine */
    public SolverEngine get(String name) {
        Supplier<SolverEngine> f = factories.get(name);
        if (f == null) {
            throw new IllegalArgumentException("unknown solver engine '" + name + "', known: " + names());
        }
        try {
            return instances.computeIfAbsent(name, n -> f.get());
        } catch (RuntimeException | LinkageError e) {
            throw new IllegalArgumentException("solver engine '" + name + "' is not usable here: " + e, e);
        }
    }

    /** Whether the engine exists and loads (e.g. "glpk" needs libglpk-java's JNI library). */
    public boolean isAvailable(String name) {
        try {
            get(name);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
