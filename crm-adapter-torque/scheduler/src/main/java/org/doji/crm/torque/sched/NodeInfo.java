package org.doji.crm.torque.sched;

/** A compute node as the server reports it; nodes that are not up take no new jobs. */
public record NodeInfo(String name, int cores, boolean up) {
}
