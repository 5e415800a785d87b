package org.doji.rm.testing;

import java.util.Arrays;
import org.doji.rm.app.RmApplication;
import org.springframework.boot.SpringApplication;

/**
 * The standalone RM ({@link RmApplication}) on a {@link LossyDisk}: its H2 file URL {@code jdbc:h2:file:...} becomes
 * {@code jdbc:h2:lossy:...}, so that {@code kill -9} of this process loses everything not forced to disk.
 */
public final class LossyDiskRmApplication {

    private LossyDiskRmApplication() {
    }

    public static void main(String[] args) {
        LossyDisk.register();
        SpringApplication.run(RmApplication.class, Arrays.stream(args)
                .map(a -> a.replace("jdbc:h2:file:", "jdbc:h2:" + LossyDisk.SCHEME + ":")).toArray(String[]::new));
    }
}
