receivers:
  docker_stats:
    endpoint: ${docker_endpoint}
    collection_interval: ${collection_interval}
    api_version: "1.43"
    timeout: 20s
  otlp:
    protocols:
      grpc:
        endpoint: 0.0.0.0:4317
exporters:
  otlphttp:
    endpoint: ${otlp_endpoint}
service:
  pipelines:
    metrics:
      receivers: [docker_stats, otlp]
      exporters: [otlphttp]
