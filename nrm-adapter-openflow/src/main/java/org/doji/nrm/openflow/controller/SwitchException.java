package org.doji.nrm.openflow.controller;

/** A switch refused a message or went away before answering. */
public class SwitchException extends RuntimeException {

    public SwitchException(String message) {
        super(message);
    }
}
