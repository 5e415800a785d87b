package org.doji.grc.launcher;

import org.doji.grc.cli.CliSubcommand;
import org.doji.grc.simulation.SimulateCommand;

/** {@code doji simulate}: the simulation's command, added to the client by the assembled application. */
public final class SimulateSubcommand implements CliSubcommand {

    @Override
    public String name() {
        return "simulate";
    }

    @Override
    public Object command() {
        return new SimulateCommand();
    }
}
