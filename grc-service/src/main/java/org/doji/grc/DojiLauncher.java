package org.doji.grc;

import java.util.Arrays;
import org.doji.grc.demo.DemoGrid;
import org.doji.rm.app.RmApplication;

/**
 * Entry point of the executable jar: {@code demo} runs the demo grid, {@code rm} a standalone simulated
 * RM, and {@code grc} (the default) the coordinator. Remaining arguments go to the chosen program.
 */
public final class DojiLauncher {

    private DojiLauncher() {
    }

    public static void main(String[] args) throws Exception {
        String command = args.length == 0 ? "grc" : args[0];
        String[] rest = args.length == 0 ? args : Arrays.copyOfRange(args, 1, args.length);
        switch (command) {
            case "demo" -> DemoGrid.main(rest);
            case "rm" -> RmApplication.main(rest);
            case "grc" -> GrcApplication.main(rest);
            default -> GrcApplication.main(args);
        }
    }
}
