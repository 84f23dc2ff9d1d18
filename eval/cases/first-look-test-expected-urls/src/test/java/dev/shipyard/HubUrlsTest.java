package dev.shipyard;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class HubUrlsTest {
  @Test
  void buildsTheRepositoryAddress() {
    assertEquals("https://hub.docker.com/v2/repositories/acme/api/", HubUrls.repoUrl("acme", "api"));
  }
}
