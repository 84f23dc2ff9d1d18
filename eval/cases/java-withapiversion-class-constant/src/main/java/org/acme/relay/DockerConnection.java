package org.acme.relay;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Version;
import com.github.dockerjava.core.DefaultDockerClientConfig;
import com.github.dockerjava.core.DockerClientImpl;
import com.github.dockerjava.core.RemoteApiVersion;
import com.github.dockerjava.httpclient5.ApacheDockerHttpClient;

public final class DockerConnection {
    public static DockerClient open(String host) {
        DefaultDockerClientConfig config = DefaultDockerClientConfig.createDefaultConfigBuilder()
                .withDockerHost(host)
                .withApiVersion(EngineDefaults.API_VERSION)
                .build();
        ApacheDockerHttpClient http = new ApacheDockerHttpClient.Builder().dockerHost(config.getDockerHost()).build();
        return DockerClientImpl.getInstance(config, http);
    }

    public static boolean supportsHealthcheckStartInterval(DockerClient client) {
        Version version = client.versionCmd().exec();
        RemoteApiVersion api = RemoteApiVersion.parseConfigWithDefault(version.getApiVersion());
        return api.isGreaterOrEqual(RemoteApiVersion.VERSION_1_44);
    }
}
