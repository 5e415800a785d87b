package org.doji.crm.batch;

import java.nio.file.Path;
import java.time.Duration;

/** Where an adapter's batch-system commands live and how long one may take (its properties implement this). */
public interface CommandSettings {

    /** The commands' directory, or null for PATH. */
    Path binPath();

    Duration commandTimeout();
}
