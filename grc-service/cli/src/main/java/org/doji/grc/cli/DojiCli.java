package org.doji.grc.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * {@code doji}: the command-line client of the GRC. Global options (inherited by every subcommand) say
 * where the GRC is, who calls it, and how to print; each subcommand maps its arguments to one or two GRC
 * operations and prints the answer. Exit codes are {@link ExitCode}.
 */
@Command(name = "doji", mixinStandardHelpOptions = true, scope = ScopeType.INHERIT, versionProvider = DojiCli.Version.class,
        description = "Advance-reservation co-allocation of compute and network resources: the GRC's client.",
        subcommandsRepeatable = false, sortOptions = false)
public class DojiCli {

    /** Subcommand names the launcher hands to the CLI. */
    public static final Set<String> VERBS = Set.of("reserve", "plan", "status", "list", "modify", "cancel", "rms",
            "simulate", "help", "--help", "-h", "--version", "-V");

    private static final Set<String> GLOBAL_OPTIONS = Set.of("--grc", "--user", "--password", "--password-digest", "--timeout",
            "--output", "-o");

    /** Whether a command line is the client's: it starts with a verb or with one of the global options. */
    public static boolean isCliInvocation(String[] args) {
        if (args.length == 0) {
            return false;
        }
        String first = args[0];
        int eq = first.indexOf('=');
        return VERBS.contains(first) || GLOBAL_OPTIONS.contains(eq < 0 ? first : first.substring(0, eq));
    }

    static final String DEFAULT_GRC = "http://localhost:8080/services/grc";

    @Option(names = "--grc", paramLabel = "URL", scope = ScopeType.INHERIT,
            description = "The GRC's address (default: $DOJI_GRC, else " + DEFAULT_GRC + ")")
    String grc;

    @Option(names = "--user", paramLabel = "USER", scope = ScopeType.INHERIT,
            description = "User name sent as a WS-Security UsernameToken (default: $DOJI_USER)")
    String user;

    @Option(names = "--password", paramLabel = "PASSWORD", scope = ScopeType.INHERIT, arity = "0..1", interactive = true,
            description = "Password of --user; without a value it is asked for on the terminal (default: $DOJI_PASSWORD)")
    String password;

    @Option(names = "--password-digest", scope = ScopeType.INHERIT,
            description = "Send the password as a WS-Security PasswordDigest instead of PasswordText (default: "
                    + "$DOJI_PASSWORD_DIGEST=true; the GRC must know the clear password)")
    Boolean passwordDigest;

    @Option(names = "--timeout", paramLabel = "DURATION", scope = ScopeType.INHERIT,
            description = "Timeout of each call to the GRC (default 30s)")
    String timeout;

    @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", scope = ScopeType.INHERIT,
            description = "text (default) or json (one JSON document on stdout; progress and errors on stderr)")
    Format output = Format.text;

    enum Format { text, json }

    final CliContext ctx;

    public DojiCli(CliContext ctx) {
        this.ctx = ctx;
    }

    /** Runs the CLI and returns its exit code; nothing is printed outside the context's writers. */
    public static int run(CliContext ctx, String... args) {
        CommandLine cl = commandLine(ctx);
        int code = cl.execute(args);
        ctx.out().flush();
        ctx.err().flush();
        return code;
    }

    public static CommandLine commandLine(CliContext ctx) {
        DojiCli root = new DojiCli(ctx);
        CommandLine cl = new CommandLine(root);
        cl.addSubcommand("reserve", new ReserveCommand(root));
        cl.addSubcommand("plan", new PlanCommand(root));
        cl.addSubcommand("status", new StatusCommand(root));
        cl.addSubcommand("list", new ListCommand(root));
        cl.addSubcommand("modify", new ModifyCommand(root));
        cl.addSubcommand("cancel", new CancelCommand(root));
        cl.addSubcommand("rms", new RmsCommand(root));
        // simulate (doji-grc-simulation) is registered by the assembled application (doji-grc-service), which
        // this module does not depend on: see CliSubcommand
        for (CliSubcommand extra : ServiceLoader.load(CliSubcommand.class)) {
            cl.addSubcommand(extra.name(), extra.command());
            // such a subcommand runs in-process and talks to no GRC: the client's global options mean nothing there
            CommandLine.Model.CommandSpec spec = cl.getSubcommands().get(extra.name()).getCommandSpec();
            new java.util.ArrayList<>(spec.options()).stream().filter(CommandLine.Model.OptionSpec::inherited)
                    .filter(o -> GLOBAL_OPTIONS.contains(o.longestName())).forEach(spec::remove);
        }
        cl.addSubcommand("help", new CommandLine.HelpCommand());
        cl.setOut(ctx.out());
        cl.setErr(ctx.err());
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setExecutionStrategy(new CommandLine.RunLast());
        cl.setParameterExceptionHandler((ex, args) -> {
            CommandLine c = ex.getCommandLine();
            c.getErr().println("doji: " + ex.getMessage());
            c.getErr().println("Try '" + c.getCommandSpec().qualifiedName() + " --help' for usage.");
            return ExitCode.BAD_ARGUMENTS.code();
        });
        cl.setExecutionExceptionHandler((ex, c, parsed) -> root.report(ex));
        Map<String, String> codes = new LinkedHashMap<>();
        for (ExitCode e : ExitCode.values()) {
            codes.put(String.format("%2d", e.code()), e.meaning());
        }
        applyExitCodes(cl, codes);
        return cl;
    }

    private static void applyExitCodes(CommandLine cl, Map<String, String> codes) {
        cl.getCommandSpec().usageMessage().exitCodeListHeading("%nExit codes:%n").exitCodeList(codes);
        cl.getSubcommands().values().forEach(sub -> {
            // simulate and help document their own exit codes (or none)
            if (!(sub.getCommand() instanceof CommandLine.HelpCommand)
                    && sub.getCommandSpec().usageMessage().exitCodeList().isEmpty()) {
                applyExitCodes(sub, codes);
            }
        });
    }

    /** Prints a failure (text on stderr, or a JSON error document on stdout) and returns its exit code. */
    int report(Exception ex) {
        CliException e = ex instanceof CliException c ? c
                : new CliException(ExitCode.INTERNAL, "unexpected error: " + ex, null, null, ex);
        if (output == Format.json) {
            Output.json(ctx.out(), Views.error(e));
        }
        ctx.err().println("doji: " + e.getMessage());
        return e.exitCode().code();
    }

    String grcUrl() {
        String url = grc != null ? grc : ctx.env().getOrDefault("DOJI_GRC", DEFAULT_GRC);
        if (!url.startsWith("http://") && !url.startsWith("https://")) {
            throw CliException.badArguments("--grc: '" + url + "' is not an http(s) URL");
        }
        return url;
    }

    Credentials credentials() {
        String u = user != null ? user : ctx.env().get("DOJI_USER");
        String p = password != null ? password : ctx.env().get("DOJI_PASSWORD");
        if (u == null || u.isBlank()) {
            return Credentials.NONE;
        }
        if (!Credentials.supported()) {
            ctx.err().println("doji: warning: this build cannot send WS-Security tokens (cxf-rt-ws-security and "
                    + "saaj-impl are not both on the class path); calling the GRC without credentials");
        }
        boolean digest = passwordDigest != null ? passwordDigest
                : Boolean.parseBoolean(ctx.env().getOrDefault("DOJI_PASSWORD_DIGEST", "false"));
        return new Credentials(u, p, digest);
    }

    java.time.Duration callTimeout() {
        return timeout == null ? java.time.Duration.ofSeconds(30) : TimeArgs.duration("--timeout", timeout);
    }

    /** A client for the chosen GRC; argument errors in the global options surface here (exit 2). */
    GrcClient client() {
        String url = grcUrl();
        return new GrcClient(url, ctx.ports().apply(callTimeout(), credentials()));
    }

    Output output() {
        return new Output(ctx, output == Format.json);
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = DojiCli.class.getPackage().getImplementationVersion();
            return new String[] {"doji " + (v == null ? "0.1.0-SNAPSHOT" : v)};
        }
    }
}
