package org.acme.dock;

import static com.github.dockerjava.core.RemoteApiVersion.VERSION_1_24;
import static com.github.dockerjava.core.RemoteApiVersion.VERSION_1_44;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.core.DefaultDockerClientConfig;
import java.util.Map;
import org.junit.Test;

public class AnnotationsIT extends EngineIT {

    @Test
    public void oldDaemonsIgnoreAliases() {
        if (engineVersion().isGreaterOrEqual(VERSION_1_24)) {
            return;
        }
        engine.getClient().createContainerCmd("busybox").withAliases("probe").exec();
    }

    @Test
    public void annotationsNeedRecentApi() {
        DefaultDockerClientConfig pinned = DefaultDockerClientConfig.createDefaultConfigBuilder()
            .withApiVersion(VERSION_1_44)
            .build();
        DockerClient client = openClient(pinned);
        client.createContainerCmd("busybox")
            .withHostConfig(hostConfig().withAnnotations(Map.of("org.acme/owner", "qa")))
            .exec();
    }
}
