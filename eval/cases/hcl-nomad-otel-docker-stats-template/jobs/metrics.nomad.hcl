job "node-metrics" {
  datacenters = ["${datacenter}"]
  type        = "system"

  group "metrics" {
    task "collector" {
      driver = "docker"

      config {
        network_mode = "host"
        image        = "otel/opentelemetry-collector-contrib:0.110.0"
        args         = ["--config", "local/collector.yaml"]
        volumes      = ["/var/run/docker.sock:/var/run/docker.sock:ro"]
      }

      template {
        destination = "local/collector.yaml"
        data        = <<EOF
receivers:
  docker_stats:
    endpoint: unix:///var/run/docker.sock
    collection_interval: 30s
    api_version: "1.42"
  otlp:
    protocols:
      grpc:
        endpoint: 0.0.0.0:{{ env "NOMAD_PORT_grpc" }}
processors:
  batch: {}
exporters:
  otlphttp:
    endpoint: "${otlp_endpoint}"
service:
  pipelines:
    metrics:
      receivers: [docker_stats, otlp]
      processors: [batch]
      exporters: [otlphttp]
EOF
      }
    }
  }
}
