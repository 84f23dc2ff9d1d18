package org.acme.vendor;

import org.springframework.web.reactive.function.client.WebClient;

/** Tag search on Docker Hub through the documented namespaces API. */
public class HubTagSearch {

    public static final String HUB = "https://hub.docker.com";

    private final WebClient web = WebClient.create(HUB);

    /**
     * See https://docs.docker.com/reference/api/hub/latest/#tag/repositories
     */
    public String tags(String namespace, String repository, int page) {
        return web.get()
            .uri(b -> b.path("/v2/namespaces/{namespace}/repositories/{repository}/tags")
                .queryParam("page", page)
                .queryParam("page_size", 100)
                .build(namespace, repository))
            .retrieve()
            .bodyToMono(String.class)
            .block();
    }
}
