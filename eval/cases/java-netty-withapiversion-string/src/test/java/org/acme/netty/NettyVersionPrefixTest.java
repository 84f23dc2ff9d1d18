package org.acme.netty;

import static org.junit.Assert.assertEquals;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.core.DefaultDockerClientConfig;
import com.github.dockerjava.core.DockerClientBuilder;
import com.github.dockerjava.netty.NettyDockerCmdExecFactory;
import org.junit.Test;

public class NettyVersionPrefixTest {

    @Test
    public void requestsCarryTheConfiguredVersion() throws Exception {
        int port = FreePorts.next();
        DefaultDockerClientConfig.Builder builder = new DefaultDockerClientConfig.Builder()
            .withDockerTlsVerify(false)
            .withDockerHost("tcp://localhost:" + port)
            .withApiVersion("1.44");
        DockerClient client = DockerClientBuilder.getInstance(builder)
            .withDockerCmdExecFactory(new NettyDockerCmdExecFactory())
            .build();

        RecordingServer server = RecordingServer.start(port);
        try {
            client.versionCmd().exec();
            assertEquals("/v1.44/version", server.firstRequest().uri());
        } finally {
            server.stop();
        }
    }
}
