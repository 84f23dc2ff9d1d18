package io.dock;

import com.github.dockerjava.core.DefaultDockerClientConfig;

public final class Engines {
    public static DefaultDockerClientConfig local() {
        return DefaultDockerClientConfig.createDefaultConfigBuilder()
                .withDockerHost("unix:///var/run/docker.sock")
                //.withApiVersion("1.30")
                .build();
    }
}
