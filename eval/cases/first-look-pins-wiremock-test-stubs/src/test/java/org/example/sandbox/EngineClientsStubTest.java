package org.example.sandbox;

import static com.github.tomakehurst.wiremock.client.WireMock.*;

import com.github.tomakehurst.wiremock.junit5.WireMockTest;
import org.junit.jupiter.api.Test;

// A fake daemon answers at the version the client under test sends: the stubs repeat its pin.
@WireMockTest(httpPort = 23750)
class EngineClientsStubTest {

    @Test
    void listsContainersThroughTheStub() {
        stubFor(get(urlPathEqualTo("/v1.25/containers/json")).willReturn(okJson("[]")));

        EngineClients.forHost("tcp://localhost:23750").listContainersCmd().exec();

        verify(getRequestedFor(urlPathEqualTo("/v1.25/containers/json")));
    }

    @Test
    void createsThroughTheStub() {
        stubFor(post(urlPathEqualTo("/v1.25/containers/create")).willReturn(okJson("{\"Id\":\"c0ffee\"}")));

        EngineClients.forHost("tcp://localhost:23750").createContainerCmd("busybox").exec();

        verify(postRequestedFor(urlPathEqualTo("/v1.25/containers/create")));
    }
}
