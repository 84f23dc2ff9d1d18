package org.acme.tc;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.core.DefaultDockerClientConfig;
import com.github.dockerjava.core.DockerClientImpl;
import com.github.dockerjava.core.RemoteApiVersion;
import com.github.dockerjava.transport.DockerHttpClient;

final class ClientFactory {

    static DockerClient open(String host, DockerHttpClient http) {
        DefaultDockerClientConfig.Builder builder = DefaultDockerClientConfig.createDefaultConfigBuilder()
            .withDockerHost(host);
        try {
            if (builder.build().getApiVersion() == RemoteApiVersion.UNKNOWN_VERSION) {
                builder.withApiVersion(RemoteApiVersion.VERSION_1_44);
            }
            DockerClient client = DockerClientImpl.getInstance(builder.build(), http);
            client.pingCmd().exec();
            return client;
        } catch (Exception e) {
            // Older daemons reject 1.44: retry with the version docker-java used to default to.
            return DockerClientImpl.getInstance(
                builder.withApiVersion(RemoteApiVersion.VERSION_1_32).build(),
                http
            );
        }
    }
}
