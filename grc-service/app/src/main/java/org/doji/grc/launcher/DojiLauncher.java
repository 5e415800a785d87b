package org.doji.grc.launcher;

import java.util.Arrays;
import org.doji.grc.GrcApplication;
import org.doji.grc.cli.CliMain;
import org.doji.grc.cli.DojiCli;
import org.doji.grc.demo.DemoGrid;
import org.doji.rm.app.RmApplication;

/**
 * Entry point of the executable jar: {@code demo} runs the demo grid, {@code rm} a standalone simulated
 * RM, {@code grc} (the default) the coordinator, and the client verbs ({@code reserve}, {@code plan},
 * {@code status}, {@code list}, {@code modify}, {@code cancel}, {@code rms}, {@code simulate},
 * {@code help}, {@code --help}, {@code --version}) the {@code doji} command-line client. Remaining
 * arguments go to the chosen program; a command line starting with one of the client's global options
 * ({@code --grc}, {@code --output}, …) is the client's too.
 */
public final class DojiLauncher {

    private DojiLauncher() {
    }

    public static void main(String[] args) throws Exception {
        String command = args.length == 0 ? "grc" : args[0];
        String[] rest = args.length == 0 ? args : Arrays.copyOfRange(args, 1, args.length);
        if (DojiCli.isCliInvocation(args)) {
            CliMain.main(args);
            return;
        }
        switch (command) {
            case "demo" -> DemoGrid.main(rest);
            case "rm" -> RmApplication.main(rest);
            case "grc" -> GrcApplication.main(rest);
            default -> GrcApplication.main(args);
        }
    }
}
