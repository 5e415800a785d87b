package org.doji.crm.torque.sched;

/** NQS-style job classes. Privileged jobs go first in submit order; special and user-time jobs have
 *  fixed thresholds far below zero so they lead the general jobs; general jobs age through classes. */
public enum JobClass {
    PRIVILEGED,
    SPECIAL,
    USER_TIME,
    GENERAL
}
