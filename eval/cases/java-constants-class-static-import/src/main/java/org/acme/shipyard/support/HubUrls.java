package org.acme.shipyard.support;

/** Where the image catalogue is read from. */
public final class HubUrls {
    public static final String API = "https://hub.docker.com/v2";
    public static final String REPOSITORIES = API + "/repositories";

    private HubUrls() {
    }
}
