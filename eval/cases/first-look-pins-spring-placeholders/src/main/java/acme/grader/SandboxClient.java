package acme.grader;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.core.DefaultDockerClientConfig;
import com.github.dockerjava.core.DockerClientImpl;
import com.github.dockerjava.httpclient5.ApacheDockerHttpClient;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

@Component
public class SandboxClient {

    @Value("${grader.sandbox.docker-host:unix:///var/run/docker.sock}")
    private String dockerHost;

    @Value("${grader.sandbox.docker-api-version:1.42}")
    private String apiVersion;

    @Value("${grader.sandbox.runtime-version:1.44}")
    private String runtimeVersion;

    public DockerClient open() {
        DefaultDockerClientConfig config = DefaultDockerClientConfig.createDefaultConfigBuilder()
                .withDockerHost(dockerHost)
                .withApiVersion(apiVersion)
                .build();
        ApacheDockerHttpClient http = new ApacheDockerHttpClient.Builder().dockerHost(config.getDockerHost()).build();
        return DockerClientImpl.getInstance(config, http);
    }
}
