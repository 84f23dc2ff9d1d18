package org.acme.relay;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;

public final class ConfigMapWriter {
    static final class K8s {
        static final String API_VERSION = "v1";
    }

    public static ConfigMap relaySettings(String name) {
        return new ConfigMapBuilder()
                .withApiVersion(K8s.API_VERSION)
                .withNewMetadata().withName(name).endMetadata()
                .addToData("schema", "2.1")
                .build();
    }
}
