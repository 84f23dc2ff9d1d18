package org.acme.vendor;

import org.springframework.web.reactive.function.client.WebClient;

/** Artifact search on a Harbor registry. */
public class HarborTagSearch {

    private final WebClient web;

    public HarborTagSearch(String harborUrl) {
        this.web = WebClient.create(harborUrl);
    }

    public String artifacts(String project, String repository) {
        return web.get()
            .uri(b -> b.path("/api/v2.0/projects/{project}/repositories/{repository}/artifacts").build(project, repository))
            .retrieve()
            .bodyToMono(String.class)
            .block();
    }
}
