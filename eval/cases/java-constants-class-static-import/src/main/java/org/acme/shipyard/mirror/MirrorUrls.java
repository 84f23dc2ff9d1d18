package org.acme.shipyard.mirror;

/** The pull-through mirror keeps the same constant names as the Hub class. */
public final class MirrorUrls {
    public static final String REPOSITORIES = "https://mirror.shipyard.example.org/v2/repositories";

    private MirrorUrls() {
    }
}
