package org.doji.it.chaos;

import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Kills a seeded random process of a {@link ChaosGrid} (the GRC every fifth time, the third kill first) every few
 * seconds and starts it again: the GRC at once (its users wait for it), an RM in the background (the run goes on
 * without it; it is not killed again before it is back: the next RM in order that is up is killed instead). Runs in a thread of its own until every kill happened and
 * every killed process is up again.
 */
public final class ChaosMonkey {

    private static final Logger log = LoggerFactory.getLogger(ChaosMonkey.class);

    private final ChaosGrid grid;
    private final long seed;
    private final int kills;
    private final int minPauseMs;
    private final int maxPauseMs;
    private final Map<String, Integer> killed = new TreeMap<>();
    private final AtomicBoolean killing = new AtomicBoolean(true);
    private Thread thread;

    /** {@code kills} kills, each after a pause of {@code minPauseMs} to {@code maxPauseMs} (seeded). */
    public ChaosMonkey(ChaosGrid grid, long seed, int kills, int minPauseMs, int maxPauseMs) {
        this.grid = grid;
        this.seed = seed;
        this.kills = kills;
        this.minPauseMs = minPauseMs;
        this.maxPauseMs = maxPauseMs;
    }

    public ChaosMonkey start() {
        thread = new Thread(this::run, "chaos-monkey");
        thread.setDaemon(true);
        thread.start();
        return this;
    }

    /** Whether kills (or restarts) are still to come. */
    public boolean killing() {
        return killing.get();
    }

    /** Waits until every kill happened and every killed process is up again. */
    public void join() throws InterruptedException {
        thread.join();
    }

    /** Kills so far by victim. */
    public Map<String, Integer> kills() {
        synchronized (killed) {
            return new TreeMap<>(killed);
        }
    }

    public int total() {
        return kills().values().stream().mapToInt(Integer::intValue).sum();
    }

    /** The GRC every fifth time, else a seeded RM or, if that one is restarting, the next one in order that is up. */
    private static String victim(int i, Random random, List<String> rms, Set<String> restarting) {
        String victim = i % 5 == 2 ? "grc" : rms.get(random.nextInt(rms.size()));
        for (int next = 1; restarting.contains(victim) && next < rms.size(); next++) {
            victim = rms.get((rms.indexOf(victim) + 1) % rms.size());
        }
        return victim;
    }

    private void run() {
        Random random = new Random(seed ^ 0x5DEECE66DL);
        List<String> rms = grid.rmIds();
        Set<String> restarting = ConcurrentHashMap.newKeySet();
        ExecutorService restarts = Executors.newCachedThreadPool();
        try {
            for (int i = 0; i < kills; i++) {
                Thread.sleep(minPauseMs + random.nextInt(Math.max(1, maxPauseMs - minPauseMs)));
                String victim = victim(i, random, rms, restarting);
                if (restarting.contains(victim)) {
                    i--;
                    continue;
                }
                log.info("chaos: kill -9 {} ({} of {})", victim, i + 1, kills);
                synchronized (killed) {
                    killed.merge(victim, 1, Integer::sum);
                }
                if (victim.equals("grc")) {
                    grid.killAndRestart(victim);
                } else {
                    restarting.add(victim);
                    restarts.execute(() -> {
                        try {
                            grid.killAndRestart(victim);
                        } catch (RuntimeException | Error e) {
                            log.error("chaos: restart of {} failed", victim, e);
                        } finally {
                            restarting.remove(victim);
                        }
                    });
                }
            }
            restarts.shutdown();
            restarts.awaitTermination(5, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException | Error e) {
            log.error("chaos: a restart failed", e);
        } finally {
            killing.set(false);
        }
    }
}
