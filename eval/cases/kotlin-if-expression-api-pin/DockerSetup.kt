package dev.example.ci

import com.github.dockerjava.core.DefaultDockerClientConfig
import com.github.dockerjava.core.DockerClientImpl
import com.github.dockerjava.httpclient5.ApacheDockerHttpClient

object DockerSetup {
    fun client(oldDaemon: Boolean): DockerClientImpl {
        val apiLevel = if (oldDaemon) "1.24" else "1.41"
        val config = DefaultDockerClientConfig.createDefaultConfigBuilder()
            .withApiVersion(apiLevel)
            .build()
        val http = ApacheDockerHttpClient.Builder().dockerHost(config.dockerHost).build()
        return DockerClientImpl.getInstance(config, http) as DockerClientImpl
    }
}
