package org.doji.crm.torque;

import java.util.Map;

/**
 * A job as the TORQUE server reports it, reduced to what scheduling needs.
 *
 * @param state         TORQUE state letter: Q queued, H held, R running, E exiting, C complete, W, T, S
 * @param coresByNode   where it runs (from exec_host), empty unless running
 * @param startTime     epoch seconds it started (start_time, else mtime for running jobs), or -1
 * @param queuedTime    epoch seconds it was queued (qtime), or -1
 * @param walltimeSeconds requested walltime, or -1 when none was requested
 * @param reservationHandle the reservation it is bound to, or null
 */
public record TorqueJob(String id, String name, String owner, char state, String queue, String resources,
                        Map<String, Integer> coresByNode, long startTime, long queuedTime, long walltimeSeconds,
                        String reservationHandle) {

    public TorqueJob {
        coresByNode = Map.copyOf(coresByNode);
    }

    /** The user part of Job_Owner (user@host). */
    public String user() {
        int at = owner.indexOf('@');
        return at < 0 ? owner : owner.substring(0, at);
    }

    public boolean running() {
        return state == 'R' || state == 'E';
    }

    public boolean waiting() {
        return state == 'Q' || state == 'H' || state == 'W';
    }
}
