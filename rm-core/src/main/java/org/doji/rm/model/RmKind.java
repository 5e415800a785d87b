package org.doji.rm.model;

public enum RmKind {
    COMPUTE,
    NETWORK,
    COORDINATOR
}
