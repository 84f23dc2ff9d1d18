resource "aws_ssm_parameter" "otel_agent" {
  name  = "/observability/otel-agent"
  type  = "String"
  value = templatefile("${path.module}/templates/otel-agent.yaml.tpl", {
    docker_endpoint     = "unix:///var/run/docker.sock"
    collection_interval = "15s"
    otlp_endpoint       = var.otlp_endpoint
  })
}

resource "local_file" "sidecar" {
  filename = "${path.module}/out/sidecar.yaml"
  content  = <<-YAML
    receivers:
      docker_stats:
        endpoint: unix:///var/run/docker.sock
        api_version: "1.41"
    service:
      telemetry:
        metrics:
          level: basic
  YAML
}
