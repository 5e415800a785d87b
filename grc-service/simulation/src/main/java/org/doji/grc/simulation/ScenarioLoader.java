package org.doji.grc.simulation;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.handler.NoUnboundElementsBindHandler;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.context.properties.bind.BindHandler;
import org.springframework.boot.context.properties.bind.UnboundConfigurationPropertiesException;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.PropertySource;
import org.springframework.core.io.ByteArrayResource;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;

/**
 * Reads a scenario file (YAML, everything under a top-level {@code scenario:} key) with Spring Boot's binder:
 * typed conversion, kebab-case keys, and an error for every key the scenario does not know (a typo is not
 * silently ignored). The reference evaluation is {@code simulation/reference.yaml} on the class path.
 */
public final class ScenarioLoader {

    /** The default scenario: the reference evaluation at the paper's load. */
    public static final String REFERENCE = "simulation/reference.yaml";

    /** A scenario file that cannot be read or is not a valid scenario; the message says where and why. */
    public static final class ScenarioException extends RuntimeException {
        public ScenarioException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private ScenarioLoader() {
    }

    public static Scenario reference() {
        return load(new ClassPathResource(REFERENCE), "the reference scenario (" + REFERENCE + ")");
    }

    public static Scenario load(Path file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new ScenarioException("scenario " + file + ": cannot read it (" + e.getMessage() + ")", e);
        }
        return load(new ByteArrayResource(bytes, file.toString()), "scenario " + file);
    }

    /** The text of the reference scenario, for {@code --print-scenario}. */
    public static String referenceText() {
        try (var in = new ClassPathResource(REFERENCE).getInputStream()) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ScenarioException("the reference scenario is missing from the class path", e);
        }
    }

    static Scenario load(Resource resource, String what) {
        List<PropertySource<?>> sources;
        try {
            sources = new YamlPropertySourceLoader().load(what, resource);
        } catch (IOException | RuntimeException e) {
            throw new ScenarioException(what + ": not valid YAML (" + rootMessage(e) + ")", e);
        }
        Binder binder = new Binder(ConfigurationPropertySources.from(sources));
        try {
            return binder.bind("scenario", Bindable.of(Scenario.class), new NoUnboundElementsBindHandler(BindHandler.DEFAULT))
                    .orElseThrow(() -> new ScenarioException(what + ": no top-level \"scenario:\" key", null));
        } catch (BindException e) {
            throw new ScenarioException(what + ": " + describe(e), e);
        }
    }

    private static String describe(BindException e) {
        if (e.getCause() instanceof UnboundConfigurationPropertiesException unbound) {
            return "unknown key(s) " + unbound.getUnboundProperties().stream().map(p -> p.getName().toString()).sorted().toList();
        }
        String property = e.getProperty() != null ? e.getProperty().getName().toString() : e.getName().toString();
        return property + ": " + rootMessage(e);
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage();
    }
}
