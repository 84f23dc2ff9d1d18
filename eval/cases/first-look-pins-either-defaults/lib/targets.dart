import 'package:dockpad/models/target.dart';

class TargetsModel {
  String? activeHost;
  String? activeApi;

  void add(Target t) {
    if (!t.host.contains(':')) t.host = '${t.host}:2375';
  }

  void choose(Target t) {
    activeHost = t.host;
    activeApi = t.api ?? 'v1.25';
  }
}
