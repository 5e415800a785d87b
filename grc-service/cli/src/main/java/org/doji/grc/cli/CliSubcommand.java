package org.doji.grc.cli;

/**
 * A {@code doji} subcommand that runs in-process and lives in a module this one does not depend on
 * ({@code simulate}, in doji-grc-simulation, which needs the coordinator). The assembled application
 * (doji-grc-service) lists its implementations in {@code META-INF/services/org.doji.grc.cli.CliSubcommand};
 * {@link DojiCli} adds them after its own subcommands. Their verbs must be in {@link DojiCli#VERBS} too.
 */
public interface CliSubcommand {

    /** The verb, e.g. {@code simulate}. */
    String name();

    /** A new picocli command object (annotated with {@code @Command}). */
    Object command();
}
