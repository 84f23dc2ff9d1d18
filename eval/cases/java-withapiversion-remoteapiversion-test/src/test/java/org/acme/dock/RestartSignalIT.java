package org.acme.dock;

import static org.acme.dock.ApiVersionMatchers.atLeast;
import static org.junit.Assume.assumeThat;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.core.DefaultDockerClientConfig;
import com.github.dockerjava.core.RemoteApiVersion;
import org.junit.Test;

public class RestartSignalIT extends EngineIT {

    @Test
    public void restartSendsSignal() throws Exception {
        assumeThat("needs API 1.42", engine, atLeast(RemoteApiVersion.VERSION_1_42));

        DefaultDockerClientConfig config = DefaultDockerClientConfig.createDefaultConfigBuilder()
            .withApiVersion(RemoteApiVersion.VERSION_1_44)
            .withRegistryUrl("https://index.docker.io/v1/")
            .build();
        try (DockerClient client = openClient(config)) {
            client.restartContainerCmd(startSleeper()).withSignal("SIGUSR1").exec();
        }
    }
}
