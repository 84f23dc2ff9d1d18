package acme.grader

import org.springframework.beans.factory.annotation.Value
import org.springframework.context.annotation.Configuration

@Configuration
class EngineProps(
    @Value("\${grader.docker.api.version:1.44}") val apiVersion: String,
    @Value("\${grader.docker.pool:4}") val pool: Int,
)
