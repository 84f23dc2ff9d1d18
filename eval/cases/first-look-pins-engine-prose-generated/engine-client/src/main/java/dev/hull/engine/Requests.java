package dev.hull.engine;

import java.net.URI;

public final class Requests {
    /**
     * Resolves a route against the daemon's address.
     *
     * @param base the versioned address, e.g. {@code http://localhost:2375/v1.45/containers/json}
     */
    public static URI resolve(URI base, String route) {
        return base.resolve(route);
    }
}
