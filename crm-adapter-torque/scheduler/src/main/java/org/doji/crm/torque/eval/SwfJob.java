package org.doji.crm.torque.eval;

/**
 * One job of a Standard Workload Format trace (the fields the replay needs; -1 = unknown).
 * Times are seconds from the trace start.
 */
public record SwfJob(long id, long submit, long waitTime, long runTime, int allocatedProcs, int requestedProcs,
                     long requestedTime, int status, int user, int queue) {

    /** Processors the job needs: the allocated count, else the requested one. */
    public int procs() {
        return allocatedProcs > 0 ? allocatedProcs : requestedProcs;
    }

    public boolean hasRequestedTime() {
        return requestedTime > 0;
    }
}
