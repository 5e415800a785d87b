package org.doji.rm.model;

/** NSI CS v2 lifecycle, with Active between start and end; spellings as in the XSD. */
public enum LifecycleState {
    Created,
    Active,
    PassedEndTime,
    Terminating,
    Terminated,
    Failed;

    public boolean isFinal() {
        return this == PassedEndTime || this == Terminated || this == Failed;
    }
}
