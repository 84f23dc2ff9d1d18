package dev.shipyard;

public final class HubUrls {
  private static final String HUB = "https://hub.docker.com";

  public static String repoUrl(String owner, String name) {
    return HUB + "/v2/repositories/" + owner + "/" + name + "/";
  }
}
