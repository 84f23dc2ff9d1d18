package org.example.sandbox;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.core.DefaultDockerClientConfig;
import com.github.dockerjava.core.DockerClientImpl;

public final class EngineClients {

    static final String ENGINE_API = "1.25";

    private EngineClients() {
    }

    public static DockerClient forHost(String host) {
        DefaultDockerClientConfig config = DefaultDockerClientConfig.createDefaultConfigBuilder()
                .withDockerHost(host)
                .withApiVersion(ENGINE_API)
                .build();
        return DockerClientImpl.getInstance(config);
    }
}
