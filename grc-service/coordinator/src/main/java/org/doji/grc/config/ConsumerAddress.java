package org.doji.grc.config;

import org.springframework.boot.web.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;

/**
 * This GRC's notification consumer address: configured ({@code doji.grc.notify-address}), or on this host's
 * loopback at the port the web server took (random ports in tests). Null until the server has started.
 */
public class ConsumerAddress implements ApplicationListener<WebServerInitializedEvent> {

    private final String configured;
    private final String path;
    private volatile String address;

    public ConsumerAddress(String configured, String path) {
        this.configured = configured;
        this.path = path;
        this.address = configured;
    }

    public String get() {
        return address;
    }

    @Override
    public void onApplicationEvent(WebServerInitializedEvent event) {
        if (configured == null && event.getApplicationContext().getServerNamespace() == null) {
            address = "http://localhost:" + event.getWebServer().getPort() + path;
        }
    }
}
