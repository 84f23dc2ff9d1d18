package shipyard

import com.github.dockerjava.core._

object EngineContext {
  private val address: String = sys.env.getOrElse("ENGINE_ADDRESS", "unix:///var/run/docker.sock")

  // The builder is kept in a var: TLS settings are added below when asked for.
  var builder = DefaultDockerClientConfig.createDefaultConfigBuilder()
    .withDockerHost(address)
    .withApiVersion("1.27")

  if (sys.env.contains("ENGINE_TLS")) {
    builder = builder.withDockerTlsVerify(true)
  }

  val config = builder.build()
  lazy val client = DockerClientBuilder.getInstance(config).build()
}
