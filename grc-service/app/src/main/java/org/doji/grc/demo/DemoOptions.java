package org.doji.grc.demo;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The demo's options. Besides its own ({@code --port}, {@code --data}), any Spring property of the {@code doji.},
 * {@code server.ssl.} and {@code logging.} families, and {@code --config=FILE} (a properties or YAML file), go to
 * every service of the demo grid alike: that is how the demo runs secured (users, HTTPS) like a deployment.
 *
 * @param common      properties for every service
 * @param coordinator the GRC's credentials at its RMs ({@code --coordinator=NAME:PASSWORD}), or null
 * @param user        the sample client's credentials ({@code --user=NAME:PASSWORD}), or null
 */
record DemoOptions(int port, String data, Map<String, String> common, String[] coordinator, String[] user) {

    static final String USAGE = "options: --port=N --data=DIR --config=FILE --coordinator=NAME:PASSWORD "
            + "--user=NAME:PASSWORD and --doji.*=V, --server.ssl.*=V, --logging.*=V for every service";

    static DemoOptions parse(String... args) {
        int port = 8080;
        String data = "./data/demo";
        Map<String, String> common = new LinkedHashMap<>();
        String[] coordinator = null;
        String[] user = null;
        for (String a : args) {
            if (a.equals("demo")) {
                continue;
            }
            int eq = a.indexOf('=');
            if (!a.startsWith("--") || eq < 0) {
                throw new IllegalArgumentException("unknown option " + a + " (" + USAGE + ")");
            }
            String key = a.substring(2, eq);
            String value = a.substring(eq + 1);
            switch (key) {
                case "port" -> port = Integer.parseInt(value);
                case "data" -> data = value;
                case "config" -> {
                    if (!Files.isReadable(Path.of(value))) {
                        throw new IllegalArgumentException("--config: cannot read " + value);
                    }
                    common.put("spring.config.additional-location", "file:" + Path.of(value).toAbsolutePath());
                }
                case "coordinator" -> coordinator = credentials(a, value);
                case "user" -> user = credentials(a, value);
                default -> {
                    if (!key.startsWith("doji.") && !key.startsWith("server.ssl.") && !key.startsWith("logging.")) {
                        throw new IllegalArgumentException("unknown option " + a + " (" + USAGE + ")");
                    }
                    common.put(key, value);
                }
            }
        }
        return new DemoOptions(port, data, Map.copyOf(common), coordinator, user);
    }

    private static String[] credentials(String option, String value) {
        int colon = value.indexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException(option.substring(0, option.indexOf('=')) + " takes NAME:PASSWORD");
        }
        return new String[] {value.substring(0, colon), value.substring(colon + 1)};
    }

    /** The GRC's own properties: its credentials at every RM of the demo grid (indices as LocalGrid numbers them). */
    Map<String, String> grcProperties(int rms) {
        Map<String, String> props = new LinkedHashMap<>();
        if (coordinator != null) {
            for (int i = 0; i < rms; i++) {
                props.put("doji.grc.rms[" + i + "].username", coordinator[0]);
                props.put("doji.grc.rms[" + i + "].password", coordinator[1]);
            }
        }
        return props;
    }
}
