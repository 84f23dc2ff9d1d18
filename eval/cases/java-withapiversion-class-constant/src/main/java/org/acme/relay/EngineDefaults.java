package org.acme.relay;

/** Settings the relay's Docker connection is built from. */
public final class EngineDefaults {
    /** The Engine API version every request is sent with. */
    public static final String API_VERSION = "1.44";

    /** The oldest daemon the relay still talks to; only compared with the daemon's answer. */
    public static final String OLDEST_API_VERSION = "1.24";

    private EngineDefaults() {
    }
}
