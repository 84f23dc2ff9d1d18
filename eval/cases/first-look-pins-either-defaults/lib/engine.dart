import 'dart:io';

class EngineApi {
  final String host;
  final String level;
  EngineApi(this.host, this.level);

  Future<HttpClientRequest> info() => HttpClient().getUrl(Uri.parse('http://$host/$level/info'));
  Future<HttpClientRequest> containers() => HttpClient().getUrl(Uri.parse('http://$host/$level/containers/json'));
}

EngineApi connect(String host, {String? apiLevel}) => EngineApi(host, apiLevel ?? 'v1.32');
