package org.acme.registry;

public enum Registry {
    DOCKER_HUB("registry.hub.docker.com", "Docker Hub", "https://hub.docker.com/"),
    QUAY_IO("quay.io", "Quay.io", "https://quay.io/repository/");

    private final String host;
    private final String friendlyName;
    private final String home;

    Registry(String host, String friendlyName, String home) {
        this.host = host;
        this.friendlyName = friendlyName;
        this.home = home;
    }
}
